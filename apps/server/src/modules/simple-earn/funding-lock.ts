import { AppError } from '../../errors.js';
import type { User } from '../account/repo.js';

/** With funding in use and the account locked, Simple Earn neither subscribes nor redeems (spec toasts). */
export function assertNotLocked(user: Pick<User, 'useFunding' | 'locked'>, action: 'subscribe' | 'redeem') {
  if (user.useFunding && user.locked) {
    const key = action === 'subscribe' ? 'lend_earn.notsubscribe.toast' : 'lend_earn.notredeem.toast';
    throw new AppError(-1, `Your account is locked while funding is in use; you cannot ${action} now`, 403, { key });
  }
}
