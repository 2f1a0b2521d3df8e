import { type LockoutRule, lockedUntil } from '@earn/domain';
import { and, desc, eq, gte, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { retryTransaction } from '../../db/retry.js';
import { failedAttempts } from '../../db/schema.js';
import type { FailureScope } from './repo.js';

/** A claimed try: counted as a failure until it is forgiven (the secret was right). */
export interface Attempt {
  id: number;
  scope: FailureScope;
  subject: string;
}

export type Claim = { ok: true; attempt: Attempt } | { ok: false; lockedUntilMs: number };

/** A pending try older than this is taken as a failure (its process died before it resolved). */
const PENDING_STALE_MS = 30_000;

/**
 * Whether a recorded try is a failure, given its pending_since: found wrong, or pending so long
 * that its check must have died. A try still being checked may be right: it is not one yet.
 */
export function isFailure(pendingSince: SQLWrapper): SQL {
  return sql`(${pendingSince} IS NULL OR ${pendingSince} <= now() - make_interval(secs => ${PENDING_STALE_MS / 1000}))`;
}
/** How long a try waits for other tries of the same subject to resolve before it counts as locked. */
const WAIT_FOR_PENDING_MS = 10_000;
const RETRY_MS = 25;

/**
 * Counts a try before its secret is checked, atomically: under a transaction-scoped advisory lock
 * on (scope, subject), the recent tries are read and, unless they already reach the limit, this try
 * is written as pending. So however many tries run at once, on however many server instances, no
 * more than the rule's limit are ever checked. Tries still being checked count against the limit
 * too; a try that finds the limit reached only because others are still pending waits for them to
 * resolve (a right one is forgiven and frees its place), so a user's parallel calls with the right
 * password are not refused, while an attacker's excess tries end locked once the failures are in.
 */
export async function claimAttempt(
  db: Db,
  scope: FailureScope,
  subject: string,
  now: Date,
  rule: LockoutRule,
): Promise<Claim> {
  for (let waited = 0; ; waited += RETRY_MS) {
    const claim = await tryClaim(db, scope, subject, now, rule);
    if (claim !== 'busy') return claim;
    // Still being checked after all that: no lock is known to exist yet, so the caller is told to
    // come back in as long as it waited, not for a whole lock.
    if (waited >= WAIT_FOR_PENDING_MS) return { ok: false, lockedUntilMs: now.getTime() + WAIT_FOR_PENDING_MS };
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

async function tryClaim(
  db: Db,
  scope: FailureScope,
  subject: string,
  now: Date,
  rule: LockoutRule,
): Promise<Claim | 'busy'> {
  return retryTransaction(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${scope}:${subject}`}, 0))`);
      const since = new Date(now.getTime() - 2 * rule.windowMs);
      const recent = await tx
        .select({
          at: failedAttempts.at,
          // The database's own clock: a try in flight is a matter of real seconds, whatever the product clock says.
          checking: sql<boolean>`NOT ${isFailure(failedAttempts.pendingSince)}`,
        })
        .from(failedAttempts)
        .where(and(eq(failedAttempts.scope, scope), eq(failedAttempts.subject, subject), gte(failedAttempts.at, since)))
        .orderBy(desc(failedAttempts.at))
        // A backoff grows with every failure in its window, so it needs to see more than the limit.
        .limit(rule.backoff ? rule.maxFailures + 32 : rule.maxFailures);
      const times = recent.map((r) => r.at.getTime());
      const until = lockedUntil(times, now.getTime(), rule);
      if (until !== null) {
        return recent.some((r) => r.checking === true) ? 'busy' : { ok: false, lockedUntilMs: until };
      }
      const [row] = await tx
        .insert(failedAttempts)
        .values({ scope, subject, at: now, pendingSince: sql`now()` })
        .returning({ id: failedAttempts.id });
      if (!row) throw new Error('attempt was not recorded');
      return { ok: true, attempt: { id: row.id, scope, subject } };
    }),
  );
}

/** How long a wrong try waits for the tries claimed before it to resolve, to tell its own place. */
const WAIT_FOR_EARLIER_MS = 1_000;

/**
 * The times of the failures up to and including this (failed) try, since `since`, once the tries
 * claimed before it have resolved (or a moment has passed: one still being checked may be right,
 * so it is not counted). Tries are claimed one at a time, so each of many parallel wrong tries is
 * told its own place ("4 left", "3 left", ...), not the count of whichever resolved first.
 */
export async function failuresThrough(
  db: Db,
  scope: FailureScope,
  subject: string,
  since: Date,
  attempt: Attempt,
): Promise<number[]> {
  for (let waited = 0; ; waited += RETRY_MS) {
    const rows = await db
      .select({ at: failedAttempts.at, checking: sql<boolean>`NOT ${isFailure(failedAttempts.pendingSince)}` })
      .from(failedAttempts)
      .where(
        and(
          eq(failedAttempts.scope, scope),
          eq(failedAttempts.subject, subject),
          gte(failedAttempts.at, since),
          lte(failedAttempts.id, attempt.id),
        ),
      );
    const checking = rows.some((r) => r.checking === true);
    if (!checking || waited >= WAIT_FOR_EARLIER_MS)
      return rows.filter((r) => r.checking !== true).map((r) => r.at.getTime());
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** The try learned nothing (it was refused before its secret was checked): it no longer counts. */
export async function forgiveAttempt(db: Db, attempt: Attempt): Promise<void> {
  await db.delete(failedAttempts).where(eq(failedAttempts.id, attempt.id));
}

/**
 * The secret was right: the try no longer counts, nor do the subject's failures before it (whoever
 * knows the secret has nothing left to guess), so an owner's typos are not held against their next
 * ones. Earlier tries still being checked are left to count if they fail.
 */
export async function forgiveFailuresThrough(db: Db, attempt: Attempt): Promise<void> {
  await db
    .delete(failedAttempts)
    .where(
      and(
        eq(failedAttempts.scope, attempt.scope),
        eq(failedAttempts.subject, attempt.subject),
        lte(failedAttempts.id, attempt.id),
        or(eq(failedAttempts.id, attempt.id), isFailure(failedAttempts.pendingSince)),
      ),
    );
}

/** The secret was wrong: the try stays as a failure. */
export async function failAttempt(db: Db, attempt: Attempt): Promise<void> {
  await db.update(failedAttempts).set({ pendingSince: null }).where(eq(failedAttempts.id, attempt.id));
}

/** Whole minutes left to wait, at least 1: the key's parameter of the translated refusals. */
export function waitMinutes(untilMs: number, now: Date): string {
  return String(Math.max(1, Math.ceil((untilMs - now.getTime()) / 60_000)));
}

/** How long until a pause ends, told from now: "1 second", "16 seconds", "15 minutes". */
export function waitText(untilMs: number, now: Date): string {
  const waitMs = untilMs - now.getTime();
  if (waitMs < 60_000) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  }
  const minutes = Math.ceil(waitMs / 60_000);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
