import { HOUR_MS } from '../dates.js';
import { fail, ok, type Result } from '../result.js';

const MINUTE_MS = 60_000;

export interface LockoutRule {
  maxFailures: number;
  /** The failures must fall within this window of each other. */
  windowMs: number;
  /** How long the lock lasts after the last of them. */
  lockMs: number;
  /**
   * Instead of a hard lock, each failure beyond maxFailures (within windowMs of now) makes the next
   * try wait twice as long after the newest failure: baseDelayMs, then 2x, 4x, ... up to maxDelayMs.
   * An attacker's tries slow to one a minute, while the owner waits at most a minute, once.
   */
  backoff?: { baseDelayMs: number; maxDelayMs: number };
}

/** 5 wrong fund passwords in 15 minutes lock it for 15 minutes (code 10010112). */
export const FUNDPASS_LOCKOUT: LockoutRule = { maxFailures: 5, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };
/** 10 failed logins for one email from one address in 15 minutes pause that address's logins for it for 15 minutes. */
export const LOGIN_LOCKOUT: LockoutRule = { maxFailures: 10, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };
/**
 * Failed logins for one email from anywhere: after 10 in 15 minutes, each further try waits a delay
 * that doubles (1 s up to 60 s). Not a lock: nobody can lock the owner out by failing on purpose.
 */
export const LOGIN_EMAIL_BACKOFF: LockoutRule = {
  maxFailures: 10,
  windowMs: 15 * MINUTE_MS,
  lockMs: MINUTE_MS,
  backoff: { baseDelayMs: 1_000, maxDelayMs: MINUTE_MS },
};
/** 5 accounts opened from one address in an hour pause its registrations for the rest of the hour. */
export const REGISTER_IP_LIMIT: LockoutRule = { maxFailures: 5, windowMs: HOUR_MS, lockMs: HOUR_MS };
/** 30 failed logins from one address in 15 minutes, whatever the emails, pause its logins for 15 minutes. */
export const LOGIN_IP_LOCKOUT: LockoutRule = { maxFailures: 30, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };

/**
 * When a lock (or a backoff's wait) ends, or null when there is none. `failuresNewestFirst` are the
 * times of recent failures; for a hard lock only the newest `maxFailures` matter.
 */
export function lockedUntil(failuresNewestFirst: readonly number[], nowMs: number, rule: LockoutRule): number | null {
  if (failuresNewestFirst.length < rule.maxFailures) return null;
  if (rule.backoff) {
    const recent = failuresNewestFirst.filter((t) => nowMs - t <= rule.windowMs);
    if (recent.length < rule.maxFailures) return null;
    const beyond = recent.length - rule.maxFailures;
    const delay = Math.min(rule.backoff.maxDelayMs, rule.backoff.baseDelayMs * 2 ** Math.min(beyond, 30));
    const until = (recent[0] as number) + delay;
    return nowMs < until ? until : null;
  }
  const newest = failuresNewestFirst[0] as number;
  const oldest = failuresNewestFirst[rule.maxFailures - 1] as number;
  if (newest - oldest > rule.windowMs) return null;
  const until = newest + rule.lockMs;
  return nowMs < until ? until : null;
}

/** Tries left before the lock, counting the failures inside the window that ends now. */
export function triesLeft(failuresNewestFirst: readonly number[], nowMs: number, rule: LockoutRule): number {
  const recent = failuresNewestFirst.filter((t) => nowMs - t <= rule.windowMs).length;
  return Math.max(0, rule.maxFailures - recent);
}

export type FundPassPolicy = 'always' | 'every_2h' | 'never';
export const FUNDPASS_POLICIES: readonly FundPassPolicy[] = ['always', 'every_2h', 'never'];
const POLICY_GRACE_MS: Record<FundPassPolicy, number> = {
  always: 0,
  every_2h: 2 * HOUR_MS,
  never: Number.POSITIVE_INFINITY,
};

/** Whether a fund-moving call must carry the fund password under the user's policy. */
export function needsFundPassword(policy: FundPassPolicy, lastVerifiedMs: number | null, nowMs: number): boolean {
  if (policy === 'never') return false;
  if (lastVerifiedMs === null) return true;
  return nowMs - lastVerifiedMs >= POLICY_GRACE_MS[policy];
}

/** A fund password is 6 digits. */
export function checkFundPasswordFormat(
  fundpass: unknown,
  /** The field it came in: the new one, or the current one given to change it. */
  field: 'fundpass' | 'old_fundpass' = 'fundpass',
): Result<string> {
  if (typeof fundpass === 'string' && /^\d{6}$/.test(fundpass)) return ok(fundpass);
  return fail({ key: 'fundpass.format', field, message: `${field} must be exactly 6 digits` });
}
