import { and, gt, lt, min } from 'drizzle-orm';
import { failedAttempts, flexibleAllocations, idempotencyKeys, sessions } from '../db/schema.js';
import { archiveAllocationHour } from '../modules/simple-earn/interest-history.js';
import type { Job } from './scheduler.js';

const HOUR_MS = 3_600_000;

/** Sessions past their expiry are removed every hour. */
export const expireSessions: Job = {
  name: 'housekeeping.sessions',
  period: 'hour',
  async run(tx, periodStart) {
    await tx.delete(sessions).where(lt(sessions.expiresAt, new Date(periodStart.getTime() + HOUR_MS)));
  },
};

/** Idempotency keys are kept at least 24 hours (48 here) and failed tries a day, then dropped daily. */
export const expireKeys: Job = {
  name: 'housekeeping.keys',
  period: 'day',
  async run(tx, periodStart) {
    await tx
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(periodStart.getTime() - 48 * HOUR_MS)));
    await tx.delete(failedAttempts).where(lt(failedAttempts.at, new Date(periodStart.getTime() - 24 * HOUR_MS)));
  },
};

/**
 * Lending allocations are dropped daily once 48 hours old (from the end of the day just settled),
 * an hour per transaction, oldest first: the screens show the last 24, and the interest they paid is
 * archived into history as they go (see interest-history.ts), so the table the hourly job works on
 * stays a couple of days deep.
 */
export const expireAllocations: Job = {
  name: 'housekeeping.allocations',
  period: 'day',
  async run(tx, periodStart, resumeFrom) {
    const [next] = await tx
      .select({ hour: min(flexibleAllocations.hour) })
      .from(flexibleAllocations)
      .where(
        and(
          lt(flexibleAllocations.hour, new Date(periodStart.getTime() - 24 * HOUR_MS)),
          resumeFrom === undefined ? undefined : gt(flexibleAllocations.hour, new Date(resumeFrom)),
        ),
      );
    if (!next?.hour) return;
    // An hour not archived (its interest not all paid) is passed over, and the next one taken.
    await archiveAllocationHour(tx, next.hour);
    return { resumeFrom: next.hour.getTime() };
  },
};

export const housekeepingJobs: Job[] = [expireSessions, expireKeys, expireAllocations];
