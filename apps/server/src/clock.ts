import { HOUR_MS } from '@earn/domain';
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
 * restarted server resumes where it was; it starts at the top of the current hour.
 */
export class ManualClock implements Clock {
  readonly mode = 'manual' as const;
  private constructor(private nowMs: number) {}

  static async load(db: Db, startMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS): Promise<ManualClock> {
    await db.insert(clockState).values({ id: 1, nowMs: startMs }).onConflictDoNothing();
    const [row] = await db.select().from(clockState);
    return new ManualClock(row?.nowMs ?? startMs);
  }

  now(): Date {
    return new Date(this.nowMs);
  }

  async advance(db: Db, ms: number): Promise<Date> {
    this.nowMs += ms;
    await db.update(clockState).set({ nowMs: this.nowMs });
    return this.now();
  }
}
