import { checkFundPasswordFormat } from '@earn/domain';
import type { FundPassBody } from '@earn/domain/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sessions, users } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, conflict, refused } from '../../errors.js';
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
  let current: string | null = null;
  if (user.fundpassHash !== null) {
    if (input.old_fundpass === undefined) throw badRequest(OLD_REQUIRED, 'fundpass.oldRequired');
    current = await assertFundPassword(ctx, user, input.old_fundpass, { field: 'old_fundpass' });
  }
  const fundpassHash = await hashSecret(input.fundpass);
  const policy = input.policy ?? user.fundpassPolicy;
  // Only over the password just verified, or over none: one set or changed meanwhile (another
  // call, another server) is not overwritten without its own check.
  // A new password (or policy) is asked for again in every session.
  const changed = await runTx(ctx.db, async (tx) => {
    const updated = await tx
      .update(users)
      .set({ fundpassHash, fundpassPolicy: policy })
      .where(
        and(eq(users.id, user.id), current === null ? isNull(users.fundpassHash) : eq(users.fundpassHash, current)),
      )
      .returning({ id: users.id });
    if (updated.length > 0) {
      await tx.update(sessions).set({ fundpassVerifiedAt: null }).where(eq(sessions.userId, user.id));
    }
    return updated;
  });
  ctx.sessions.forgetUser(user.id);
  if (changed.length === 0) {
    throw current === null
      ? badRequest(OLD_REQUIRED, 'fundpass.oldRequired')
      : conflict('The fund password changed meanwhile; try again', 'fundpass.changedMeanwhile');
  }
  return { has_fundpass: true, fundpass_policy: policy };
}

const OLD_REQUIRED = 'old_fundpass is required to change the fund password';
