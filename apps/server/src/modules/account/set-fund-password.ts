import { checkFundPasswordFormat } from '@earn/domain';
import type { FundPassBody } from '@earn/domain/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import { assertFundPassword } from './check-fund-password.js';
import type { User } from './repo.js';
import { hashSecret } from './secrets.js';

/**
 * Sets the fund password the first time, or changes it (and the policy) when the current one is
 * given. Changing counts towards the same lockout as any other wrong fund password.
 */
export async function setFundPassword(ctx: AppContext, user: User, input: FundPassBody) {
  const format = checkFundPasswordFormat(input.fundpass);
  if (!format.ok) throw refused(format);
  if (user.fundpassHash !== null) {
    if (input.old_fundpass === undefined) throw badRequest('old_fundpass is required to change the fund password');
    await assertFundPassword(ctx, user, input.old_fundpass);
  }
  const fundpassHash = await hashSecret(input.fundpass);
  const policy = input.policy ?? user.fundpassPolicy;
  await runTx(ctx.db, (tx) =>
    tx
      .update(users)
      .set({ fundpassHash, fundpassPolicy: policy, fundpassVerifiedAt: null })
      .where(eq(users.id, user.id)),
  );
  ctx.sessions.forgetUser(user.id);
  return { has_fundpass: true, fundpass_policy: policy };
}
