import { HOUR_MS } from '@earn/domain';
import { ManualClock } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import type { JobRun, Scheduler } from '../../jobs/scheduler.js';

/**
 * Moves the manual clock forward hour by hour and, at each step, settles every job that fell due,
 * so each job sees the time of the period it settles and jobs interleave in true time order.
 */
export async function advanceClock(ctx: AppContext, scheduler: Scheduler, hours: number): Promise<JobRun[]> {
  const clock = ctx.clock;
  if (!(clock instanceof ManualClock)) throw badRequest('The clock can only be moved with EARN_CLOCK=manual');
  const runs: JobRun[] = [];
  for (let i = 0; i < hours; i++) {
    await clock.advance(ctx.db, HOUR_MS);
    runs.push(...(await scheduler.runDue()));
  }
  return runs;
}
