import { HOUR_MS } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { clockState } from './db/schema.js';

/** The one source of "now". Everything else takes time from here or as an argument. */
export interface Clock {
  readonly mode: 'system' | 'manual';
  now(): Date;
}

export class SystemClock implements Clock {
  readonly mode = 'system' as const;
  now(): Date {
    return new Date();
  }
}

/**
 * A clock an operator moves forward (EARN_CLOCK=manual). Its time is kept in the database so a
 * restarted server resumes where it was. It starts at the top of the next hour: never before the
 * real time, since what the server wrote under the system clock must not lie in the clock's future.
 */
export class ManualClock implements Clock {
  readonly mode = 'manual' as const;
  /** An operator's advance is moving this instance's clock and settling each hour as it goes. */
  moving = false;
  private constructor(private nowMs: number) {}

  static async load(db: Db, startMs = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS): Promise<ManualClock> {
    await db.insert(clockState).values({ id: 1, nowMs: startMs }).onConflictDoNothing();
    const [row] = await db.select().from(clockState);
    return new ManualClock(row?.nowMs ?? startMs);
  }

  now(): Date {
    return new Date(this.nowMs);
  }

  /**
   * Moves the stored clock forward in one statement, so instances sharing a database add up their
   * advances and the stored time never goes back; this instance then follows it.
   */
  async advance(db: Db, ms: number): Promise<Date> {
    const [row] = await db
      .update(clockState)
      .set({ nowMs: sql`${clockState.nowMs} + ${ms}` })
      .returning({ nowMs: clockState.nowMs });
    this.nowMs = Math.max(this.nowMs, Number(row?.nowMs ?? this.nowMs + ms));
    return this.now();
  }

  /** Catches up with the stored time (another instance may have advanced it); never goes back. */
  async refresh(db: Db): Promise<void> {
    const [row] = await db.select().from(clockState);
    if (row) this.nowMs = Math.max(this.nowMs, Number(row.nowMs));
  }
}
