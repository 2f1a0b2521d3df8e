import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { openDatabase } from '../src/db/client.js';
import { type Job, Scheduler } from '../src/jobs/scheduler.js';
import { HOUR_MS, requirePostgres, startTestServer, T0 } from './helpers.js';

/** A job that writes each period it settles into a probe table, in the job's own transaction. */
function probe(name: string, period: 'hour' | 'day'): Job {
  return {
    name,
    period,
    async run(tx, periodStart) {
      await tx.execute(sql`INSERT INTO probe_runs (job, period_start) VALUES (${name}, ${periodStart.toISOString()})`);
    },
  };
}

async function probeRuns(db: ReturnType<typeof openDatabase>['db'], job: string): Promise<string[]> {
  const r = await db.execute(sql`SELECT period_start FROM probe_runs WHERE job = ${job} ORDER BY id`);
  return (r as unknown as { rows: { period_start: Date | string }[] }).rows.map((x) =>
    new Date(x.period_start).toISOString(),
  );
}

describe('scheduler', () => {
  it('runs each hourly job once per hour, in order, when the clock moves 30 hours, and nothing on a rerun', async () => {
    const ts = await startTestServer({ jobs: [] });
    await ts.server.ctx.db.execute(
      sql`CREATE TABLE probe_runs (id serial primary key, job text, period_start timestamptz)`,
    );
    await ts.server.scheduler.register(probe('probe.hourly', 'hour'));
    await ts.server.scheduler.register(probe('probe.daily', 'day'));

    const res = await ts.admin.post('/admin/v1/clock/advance', { hours: 30 });
    expect(res.body.data.now).toBe(new Date(T0 + 30 * HOUR_MS).toISOString());
    const hours = Array.from({ length: 30 }, (_, i) => new Date(T0 + i * HOUR_MS).toISOString());
    expect(await probeRuns(ts.server.ctx.db, 'probe.hourly')).toEqual(hours);
    expect(await probeRuns(ts.server.ctx.db, 'probe.daily')).toEqual([new Date(T0).toISOString()]);
    // The daily run came right after the 23:00 hour, in true time order.
    const order = res.body.data.runs.map((r: { job: string }) => r.job).filter((j: string) => j.startsWith('probe'));
    expect(order.indexOf('probe.daily')).toBe(24);

    expect(await ts.server.scheduler.runDue()).toEqual([]);
    expect(await probeRuns(ts.server.ctx.db, 'probe.hourly')).toHaveLength(30);
    await ts.close();
  });

  it('moves the clock once for two advances asked at once, and keeps every open session through a week', async () => {
    const ts = await startTestServer({ jobs: [] });
    const user = await ts.newUser();
    const [first, second] = await Promise.all([
      ts.admin.post('/admin/v1/clock/advance', { hours: 1 }),
      ts.admin.post('/admin/v1/clock/advance', { hours: 1 }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first.body.key, second.body.key]).toContain('admin.clock.busy');
    expect((await ts.admin.get('/admin/v1/clock')).body.data.now).toBe(new Date(T0 + HOUR_MS).toISOString());
    // Past the sessions' 7 days on the clock: the operator sees the result, and every user stays signed in.
    const week = await ts.admin.post('/admin/v1/clock/advance', { hours: 8 * 24 });
    expect(week.body.data.now).toBe(new Date(T0 + (1 + 8 * 24) * HOUR_MS).toISOString());
    expect((await ts.admin.get('/admin/v1/clock')).status).toBe(200);
    expect((await user.get('/apiw/v2/auth/me')).body.data.email).toBe(user.email);
    await ts.close();
  });

  it('settles a period in parts, one transaction each, and resumes after a failure where it stopped, once', async () => {
    const ts = await startTestServer({ jobs: [] });
    const db = ts.server.ctx.db;
    await db.execute(sql`CREATE TABLE probe_runs (id serial primary key, job text, period_start timestamptz)`);
    const parts: (number | undefined)[] = [];
    let failAt: number | undefined = 3;
    // Three parts per period (0, 1, 2 then done); the third part fails once, after writing.
    await ts.server.scheduler.register({
      name: 'probe.parts',
      period: 'hour',
      async run(tx, periodStart, resumeFrom) {
        parts.push(resumeFrom);
        await tx.execute(
          sql`INSERT INTO probe_runs (job, period_start) VALUES (${`part ${resumeFrom ?? 0}`}, ${periodStart.toISOString()})`,
        );
        if (resumeFrom === failAt) {
          failAt = undefined;
          throw new Error('the process died here');
        }
        return (resumeFrom ?? 0) < 3 ? { resumeFrom: (resumeFrom ?? 0) + 1 } : undefined;
      },
    });
    await (ts.server.ctx.clock as ManualClock).advance(db, HOUR_MS);
    await expect(ts.server.scheduler.runDue()).rejects.toThrow('the process died here');
    expect(await ts.server.scheduler.runDue()).toEqual([{ job: 'probe.parts', periodStart: new Date(T0) }]);
    expect(parts).toEqual([undefined, 1, 2, 3, 3]);
    // The failed part's writes were rolled back with it: every part is written exactly once.
    const written = await db.execute(sql`SELECT job FROM probe_runs ORDER BY id`);
    expect((written as unknown as { rows: { job: string }[] }).rows.map((r) => r.job)).toEqual([
      'part 0',
      'part 1',
      'part 2',
      'part 3',
    ]);
    expect(await ts.server.scheduler.runDue()).toEqual([]);
    await ts.close();
  });

  it('catches up a gap period by period', async () => {
    const ts = await startTestServer();
    await ts.server.ctx.db.execute(
      sql`CREATE TABLE probe_runs (id serial primary key, job text, period_start timestamptz)`,
    );
    await ts.server.scheduler.register(probe('probe.gap', 'hour'));
    // Time passes while no scheduler runs (downtime), then one pass catches up in order.
    await (ts.server.ctx.clock as ManualClock).advance(ts.server.ctx.db, 5 * HOUR_MS + 1);
    const runs = (await ts.server.scheduler.runDue()).filter((r) => r.job === 'probe.gap');
    expect(runs.map((r) => r.periodStart.getTime())).toEqual([0, 1, 2, 3, 4].map((i) => T0 + i * HOUR_MS));
    await ts.close();
  });

  it('settles, on its own, the hours another instance moved the stored clock past and died before settling', async () => {
    const ts = await startTestServer({ jobs: [] });
    const db = ts.server.ctx.db;
    await db.execute(sql`CREATE TABLE probe_runs (id serial primary key, job text, period_start timestamptz)`);
    await ts.server.scheduler.register(probe('probe.orphaned', 'hour'));
    // The other instance's advance: the stored clock moves two hours, and nothing settles them.
    const other = await ManualClock.load(db);
    await other.advance(db, 2 * HOUR_MS);
    expect(ts.server.ctx.clock.now().getTime()).toBe(T0);
    // Nobody asks this instance anything: its scheduler's own look settles both hours, in order.
    ts.server.scheduler.start(20);
    await expect
      .poll(() => probeRuns(db, 'probe.orphaned'), { timeout: 5_000 })
      .toEqual([T0, T0 + HOUR_MS].map((ms) => new Date(ms).toISOString()));
    ts.server.scheduler.stop();
    await ts.close();
  });

  it.runIf(requirePostgres('two schedulers on one database'))(
    'never runs the same period twice with two schedulers on one PostgreSQL',
    async () => {
      const ts = await startTestServer({ postgres: true });
      await ts.server.ctx.db.execute(
        sql`CREATE TABLE probe_runs (id serial primary key, job text, period_start timestamptz)`,
      );
      // A second server process's view: its own pool and clock over the same database.
      const otherDb = openDatabase({ databaseUrl: ts.server.database.url });
      const clockA = ts.server.ctx.clock as ManualClock;
      const clockB = await ManualClock.load(otherDb.db);
      const a = new Scheduler(ts.server.ctx.db, clockA);
      const b = new Scheduler(otherDb.db, clockB);
      const job = probe('probe.shared', 'hour');
      await a.register(job);
      await b.register(job);
      // One shared clock: A moves it, B follows what is stored.
      await clockA.advance(ts.server.ctx.db, 48 * HOUR_MS);
      await clockB.refresh(otherDb.db);
      expect(clockB.now().getTime()).toBe(clockA.now().getTime());
      const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
      const settled = [...ra, ...rb].filter((r) => r.job === 'probe.shared');
      expect(settled).toHaveLength(48);
      const periods = await probeRuns(ts.server.ctx.db, 'probe.shared');
      expect(new Set(periods).size).toBe(48);
      expect(periods).toHaveLength(48);
      await otherDb.close();
      await ts.close();
    },
  );
});

describe('the manual clock', () => {
  it('starts at an hour not before the real time, so what the system clock wrote is not in its future', async () => {
    const database = openDatabase({});
    await database.migrate();
    const before = Date.now();
    const clock = await ManualClock.load(database.db);
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
    expect(clock.now().getTime() % HOUR_MS).toBe(0);
    expect(clock.now().getTime() - before).toBeLessThanOrEqual(HOUR_MS);
    await database.close();
  });

  it.runIf(requirePostgres('two instances moving one manual clock'))(
    'is kept in the database: advances from two instances add up, and neither ever goes back',
    async () => {
      const ts = await startTestServer({ postgres: true });
      const otherDb = openDatabase({ databaseUrl: ts.server.database.url });
      const clockA = ts.server.ctx.clock as ManualClock;
      const clockB = await ManualClock.load(otherDb.db);
      const start = clockA.now().getTime();
      await Promise.all([clockA.advance(ts.server.ctx.db, 2 * HOUR_MS), clockB.advance(otherDb.db, HOUR_MS)]);
      await clockA.refresh(ts.server.ctx.db);
      await clockB.refresh(otherDb.db);
      expect(clockA.now().getTime()).toBe(start + 3 * HOUR_MS);
      expect(clockB.now().getTime()).toBe(start + 3 * HOUR_MS);
      // The stored time is what the API answers, whichever instance is asked.
      expect((await ts.admin.get('/admin/v1/clock')).body.data.now_ms).toBe(start + 3 * HOUR_MS);
      await otherDb.close();
      await ts.close();
    },
  );
});
