import {
  Code,
  checkFundPasswordFormat,
  FUNDPASS_LOCKOUT,
  lockedUntil,
  needsFundPassword,
  triesLeft,
} from '@earn/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sessions, users } from '../../db/schema.js';
import { AppError, refused } from '../../errors.js';
import { claimAttempt, failAttempt, failuresThrough, forgiveAttempt } from './attempts.js';
import type { StepUpSession, User } from './repo.js';
import { verifySecret } from './secrets.js';

/**
 * The fund-password gate of every fund-moving call. Under the user's policy it asks for the
 * password (10010111 with require_fundpass), refuses a wrong one (10010106), asks to set one first
 * (10010107), and locks after 5 wrong tries in 15 minutes (10010112). The "every 2 hours" policy
 * counts from the last verification in the request's own session: a login elsewhere, with the
 * login password alone, is asked for the fund password.
 */
export async function checkFundPassword(
  ctx: AppContext,
  user: User,
  fundpass: unknown,
  /** The user's failures since fundpassFailuresSince, as read with the session. */
  failures: number[],
  session: StepUpSession | null,
): Promise<void> {
  if (user.fundpassHash === null) {
    throw new AppError(Code.FundPasswordSetFirst, 'Set a fund password first', 403, { key: 'fundpass.setFirst' });
  }
  const now = ctx.clock.now().getTime();
  const verifiedMs = session?.fundpassVerifiedAt?.getTime() ?? null;
  if (fundpass === undefined || fundpass === '') {
    assertNotLocked(ctx, failures);
    if (!needsFundPassword(user.fundpassPolicy, verifiedMs, now)) return;
    throw new AppError(Code.FundPasswordRequired, 'Enter your fund password to continue', 403, {
      requireFundpass: true,
      key: 'fundpass.required',
    });
  }
  await assertFundPassword(ctx, user, fundpass, { sessionId: session?.id });
}

/**
 * Whether the gate will ask for the fund password on this call, or check one (a prompt shown, or a
 * try spent): only then are the call's own checks run ahead of it (the route's precheck).
 */
export function asksFundPassword(
  ctx: AppContext,
  user: User,
  fundpass: unknown,
  session: StepUpSession | null,
): boolean {
  if (user.fundpassHash === null || (fundpass !== undefined && fundpass !== '')) return true;
  return needsFundPassword(
    user.fundpassPolicy,
    session?.fundpassVerifiedAt?.getTime() ?? null,
    ctx.clock.now().getTime(),
  );
}

/**
 * Verifies a given fund password against the one stored now (not the session's copy of the user,
 * which may be moments old). The try is counted before the password is checked (claimAttempt), so
 * parallel tries can never verify more than the lockout allows; a right one is forgiven, and opens
 * the step-up window of the session it was given in (`sessionId`). `field` names where it came
 * from in a refusal of its format. Returns the hash it was verified against.
 */
export async function assertFundPassword(
  ctx: AppContext,
  user: User,
  fundpass: unknown,
  given: { sessionId?: string | undefined; field?: 'fundpass' | 'old_fundpass' } = {},
): Promise<string> {
  try {
    return await verifyFundPassword(ctx, user, fundpass, given);
  } finally {
    // A try was written and resolved, and a right one moved the step-up window.
    ctx.sessions.forgetUser(user.id);
  }
}

async function verifyFundPassword(
  ctx: AppContext,
  user: User,
  fundpass: unknown,
  { sessionId, field }: { sessionId?: string | undefined; field?: 'fundpass' | 'old_fundpass' },
): Promise<string> {
  const now = ctx.clock.now();
  const [stored] = await ctx.db.select({ hash: users.fundpassHash }).from(users).where(eq(users.id, user.id));
  const hash = stored?.hash ?? null;
  if (hash === null) {
    throw new AppError(Code.FundPasswordSetFirst, 'Set a fund password first', 403, { key: 'fundpass.setFirst' });
  }
  // What is not six digits can never be the fund password: it is refused as input, costing no try.
  const format = checkFundPasswordFormat(fundpass, field);
  if (!format.ok) throw refused(format);
  const claim = await claimAttempt(ctx.db, 'fundpass', String(user.id), now, FUNDPASS_LOCKOUT);
  // The wait is told from now, not from when this call began (it may have queued behind others).
  if (!claim.ok) throw lockedError(Math.ceil((claim.lockedUntilMs - ctx.clock.now().getTime()) / 60_000));
  if (!(await verifySecret(format.value, hash))) {
    await failAttempt(ctx.db, claim.attempt);
    const failures = await failuresThrough(
      ctx.db,
      'fundpass',
      String(user.id),
      fundpassFailuresSince(now),
      claim.attempt,
    );
    if (lockedUntil(failures, now.getTime(), FUNDPASS_LOCKOUT) !== null) throw lockedError(15);
    const left = triesLeft(failures, now.getTime(), FUNDPASS_LOCKOUT);
    throw new AppError(Code.FundPasswordCheckFailed, `Fund password is incorrect; tries left: ${left}`, 403, {
      key: 'fundpass.wrong',
      // The tries are counted over a window, whatever came right between: the words say so.
      params: { tries: String(left), minutes: String(FUNDPASS_LOCKOUT.windowMs / 60_000) },
      requireFundpass: true,
      data: { tries_left: left },
    });
  }
  // Only this try is forgiven: a right fund password typed by the owner in one session must not give
  // whoever guesses from another (a stolen one) a fresh set of tries.
  await forgiveAttempt(ctx.db, claim.attempt);
  if (sessionId !== undefined) {
    await ctx.db.update(sessions).set({ fundpassVerifiedAt: now }).where(eq(sessions.id, sessionId));
  }
  return hash;
}

function assertNotLocked(ctx: AppContext, failures: number[]): void {
  const now = ctx.clock.now();
  const until = lockedUntil(failures, now.getTime(), FUNDPASS_LOCKOUT);
  if (until !== null) throw lockedError(Math.ceil((until - now.getTime()) / 60_000));
}

/** How far back the failures that decide a fund-password lockout go. */
export function fundpassFailuresSince(now: Date): Date {
  return new Date(now.getTime() - 2 * FUNDPASS_LOCKOUT.windowMs);
}

function lockedError(minutes: number): AppError {
  return new AppError(
    Code.FundPasswordFrequency,
    `Too many wrong fund passwords; try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    403,
    { key: 'fundpass.locked', params: { minutes: String(minutes) }, data: { minutes } },
  );
}
