import { HOUR_MS } from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, ManualClock } from '../clock.js';
import type { Db, Tx } from '../db/client.js';
import { retryTransaction } from '../db/retry.js';
import { jobRuns, jobs } from '../db/schema.js';

export type Period = 'hour' | 'day';
const PERIOD_MS: Record<Period, number> = { hour: HOUR_MS, day: 24 * HOUR_MS };

export interface Job {
  name: string;
  period: Period;
  /**
   * Settles the period [periodStart, periodStart + period) inside the given transaction. A job too
   * large for one transaction settles part of it and returns where the next part starts; it is then
   * called again, in a new transaction, with that `resumeFrom`, until it returns nothing.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a job settled in one transaction returns nothing
  run(tx: Tx, periodStart: Date, resumeFrom?: number): Promise<Resume | void>;
}

/** Where a job's next transaction continues its period (the job's own marker, e.g. the last id done). */
export interface Resume {
  resumeFrom: number;
}

export interface JobRun {
  job: string;
  periodStart: Date;
}

/**
 * A job part's commit does not wait for the disk (PostgreSQL's synchronous_commit): a crash of the
 * database can lose only whole parts, each with the marker that says it was done, so the next pass
 * does them again; and a user's change made after seeing a part commits after it in the log, so it
 * can never outlive it. The parts are many (the flexible hour's batches): each saves a flush.
 */
export async function beginJobPart(tx: Tx): Promise<void> {
  await tx.execute(sql`SET LOCAL synchronous_commit = off`);
}

/** Start of the (UTC) period that contains `ms`. */
export function periodStartOf(ms: number, period: Period): number {
  return Math.floor(ms / PERIOD_MS[period]) * PERIOD_MS[period];
}

/**
 * Runs every registered job once per period, in time order, and catches up after downtime period
 * by period. A period is claimed under an advisory lock on (job, period) and recorded as done in the
 * same transaction as the job's work, so any number of schedulers sharing a database settle each
 * period exactly once, and running again after all is done runs nothing.
 */
export class Scheduler {
  private readonly registered: Job[] = [];
  private running: Promise<JobRun[]> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(runs: JobRun[]) => void>();

  /** Where a failed pass is reported; the app's logger once it exists. */
  log: FastifyBaseLogger | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Registers a job; its first period is the one the clock is in now. */
  async register(job: Job): Promise<void> {
    if (this.registered.some((j) => j.name === job.name)) throw new Error(`job ${job.name} is already registered`);
    this.registered.push(job);
    const start = new Date(periodStartOf(this.clock.now().getTime(), job.period));
    await this.db.insert(jobs).values({ name: job.name, nextPeriodStart: start }).onConflictDoNothing();
  }

  /** Settles every period that has ended by now, oldest first; concurrent calls share one pass. */
  runDue(): Promise<JobRun[]> {
    if (!this.running) {
      this.running = this.settleAll().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  /** Calls `listener` after each pass that settled something (pages push it to open screens); returns the unsubscribe. */
  onSettled(listener: (runs: JobRun[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Looks for due periods every `everyMs`. With a manual clock too, read again from the database
   * first: an instance that died in the middle of an advance left the stored clock moved and its
   * hours due, and another instance settles them (never while an advance of its own is running,
   * which settles each hour as it moves).
   */
  start(everyMs = 15_000): void {
    this.timer = setInterval(() => {
      this.tick().catch((err) => this.log?.error({ err }, 'scheduler pass failed'));
    }, everyMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.clock instanceof ManualClock) {
      if (this.clock.moving) return;
      await this.clock.refresh(this.db);
      // Asked again: an advance may have begun while the clock was read.
      if (this.clock.moving) return;
    }
    await this.runDue();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async settleAll(): Promise<JobRun[]> {
    const done: JobRun[] = [];
    for (;;) {
      const next = await this.nextDue();
      if (!next) {
        if (done.length > 0) for (const listener of this.listeners) listener(done);
        return done;
      }
      const ran = await this.settle(next.job, next.start);
      if (ran) done.push({ job: next.job.name, periodStart: next.start });
    }
  }

  /** The due period that ended first (hourly before daily on a shared boundary). */
  private async nextDue(): Promise<{ job: Job; start: Date } | undefined> {
    const nowMs = this.clock.now().getTime();
    const state = new Map((await this.db.select().from(jobs)).map((r) => [r.name, r.nextPeriodStart.getTime()]));
    let best: { job: Job; start: Date; endMs: number } | undefined;
    for (const job of this.registered) {
      const startMs = state.get(job.name);
      if (startMs === undefined) continue;
      const endMs = startMs + PERIOD_MS[job.period];
      if (endMs > nowMs) continue;
      const better =
        !best || endMs < best.endMs || (endMs === best.endMs && PERIOD_MS[job.period] < PERIOD_MS[best.job.period]);
      if (better) best = { job, start: new Date(startMs), endMs };
    }
    return best && { job: best.job, start: best.start };
  }

  /** Settles the period, one transaction per part; true when this pass settled it. */
  private async settle(job: Job, start: Date): Promise<boolean> {
    const periodIndex = Math.floor(start.getTime() / HOUR_MS);
    for (;;) {
      const outcome = await retryTransaction(() => this.settleIn(job, start, periodIndex));
      if (outcome !== 'part') return outcome === 'settled';
    }
  }

  private async settleIn(job: Job, start: Date, periodIndex: number): Promise<'settled' | 'part' | 'skipped'> {
    return this.db.transaction(async (tx) => {
      await beginJobPart(tx);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${job.name}), ${periodIndex}::int)`);
      const [row] = await tx
        .select({ next: jobs.nextPeriodStart, resumeFrom: jobs.resumeFrom })
        .from(jobs)
        .where(eq(jobs.name, job.name))
        .for('update');
      // Another scheduler settled this period while we waited for the lock.
      if (!row || row.next.getTime() !== start.getTime()) return 'skipped';
      const already = await tx
        .select({ job: jobRuns.job })
        .from(jobRuns)
        .where(and(eq(jobRuns.job, job.name), eq(jobRuns.periodStart, start)));
      if (already.length === 0) {
        const resume = await job.run(tx, start, row.resumeFrom ?? undefined);
        if (resume) {
          await tx.update(jobs).set({ resumeFrom: resume.resumeFrom }).where(eq(jobs.name, job.name));
          return 'part';
        }
        await tx.insert(jobRuns).values({ job: job.name, periodStart: start, finishedAt: this.clock.now() });
      }
      await tx
        .update(jobs)
        .set({ nextPeriodStart: new Date(start.getTime() + PERIOD_MS[job.period]), resumeFrom: null })
        .where(eq(jobs.name, job.name));
      return already.length === 0 ? 'settled' : 'skipped';
    });
  }
}
