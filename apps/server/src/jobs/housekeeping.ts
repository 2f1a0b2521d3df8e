import { lt } from 'drizzle-orm';
import { failedAttempts, flexibleAllocations, idempotencyKeys, sessions } from '../db/schema.js';
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

/**
 * Dropped daily: idempotency keys after 48 hours (they must last at least 24), failed tries after a
 * day, and lending allocations after 48 hours (the screens show the last 24; what was paid stays in
 * history, the ledger and the per-hour totals), so the allocation table stays a couple of days deep.
 */
export const expireKeys: Job = {
  name: 'housekeeping.keys',
  period: 'day',
  async run(tx, periodStart) {
    await tx
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(periodStart.getTime() - 48 * HOUR_MS)));
    await tx.delete(failedAttempts).where(lt(failedAttempts.at, new Date(periodStart.getTime() - 24 * HOUR_MS)));
    await tx
      .delete(flexibleAllocations)
      // 48 hours before the end of the day just settled.
      .where(lt(flexibleAllocations.hour, new Date(periodStart.getTime() + 24 * HOUR_MS - 48 * HOUR_MS)));
  },
};

export const housekeepingJobs: Job[] = [expireSessions, expireKeys];
