import { HOUR_MS } from '@earn/domain';
import { ManualClock } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { badRequest, conflict } from '../../errors.js';
import type { JobRun, Scheduler } from '../../jobs/scheduler.js';
import { extendOpenSessions } from '../account/repo.js';

/**
 * Moves the manual clock forward hour by hour and, at each step, settles every job that fell due,
 * so each job sees the time of the period it settles and jobs interleave in true time order. Open
 * sessions move with it: the advance passes no real time.
 */
export async function advanceClock(ctx: AppContext, scheduler: Scheduler, hours: number): Promise<JobRun[]> {
  const clock = ctx.clock;
  if (!(clock instanceof ManualClock)) throw badRequest('The clock can only be moved with EARN_CLOCK=manual');
  // A second advance asked for meanwhile (a double click) would move the clock twice.
  if (clock.moving) throw conflict('The clock is already being moved; wait for it', 'admin.clock.busy');
  clock.moving = true;
  try {
    // A pass of the scheduler's own (started before this advance) ends first: each step's pass
    // below is then its own, and settles the hour the step moved into.
    await scheduler.runDue();
    const runs: JobRun[] = [];
    for (let i = 0; i < hours; i++) {
      const before = clock.now();
      await clock.advance(ctx.db, HOUR_MS);
      await extendOpenSessions(ctx.db, before, HOUR_MS);
      runs.push(...(await scheduler.runDue()));
    }
    return runs;
  } finally {
    clock.moving = false;
  }
}
