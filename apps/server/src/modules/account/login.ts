import { LOGIN_IP_LOCKOUT, LOGIN_LOCKOUT, type LockoutRule, lockedUntil } from '@earn/domain';
import type { Credentials } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { createSession, type FailureScope, findUserByEmail, recentFailures, recordFailure, type User } from './repo.js';
import { newToken, verifySecret } from './secrets.js';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Checks the credentials and opens a session. Failed tries are counted per email and per address:
 * a burst for one email pauses logins for that email, so a password cannot be guessed at speed, and
 * a larger burst from one address pauses its logins, so many emails cannot be tried from it.
 */
export async function login(ctx: AppContext, input: Credentials, ip: string): Promise<{ user: User; token: string }> {
  const email = input.email.trim().toLowerCase();
  const now = ctx.clock.now();
  await assertNotPaused(ctx, 'login_ip', ip, LOGIN_IP_LOCKOUT, now, 'from your network');
  await assertNotPaused(ctx, 'login', email, LOGIN_LOCKOUT, now, 'for this email');
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !(await verifySecret(input.password, user.passwordHash))) {
    await recordFailure(ctx.db, 'login', email, now);
    await recordFailure(ctx.db, 'login_ip', ip, now);
    throw badRequest('Email or password is incorrect');
  }
  const token = newToken();
  await createSession(ctx.db, user.id, token, now, SESSION_TTL_MS);
  return { user, token };
}

async function assertNotPaused(
  ctx: AppContext,
  scope: FailureScope,
  subject: string,
  rule: LockoutRule,
  now: Date,
  what: string,
) {
  const since = new Date(now.getTime() - rule.windowMs * 2);
  const failures = await recentFailures(ctx.db, scope, subject, since, rule.maxFailures);
  const until = lockedUntil(failures, now.getTime(), rule);
  if (until !== null) {
    const minutes = Math.ceil((until - now.getTime()) / 60_000);
    throw new AppError(-1, `Too many failed logins ${what}; try again in ${minutes} minutes`, 429);
  }
}
