import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryTransaction } from '../src/db/retry.js';
import { runTx } from '../src/db/tx.js';
import { AppError } from '../src/errors.js';
import { requirePostgres, startTestServer, type TestServer } from './helpers.js';

describe('a transaction aborted by the database', () => {
  it('is run again after a deadlock or a serialization failure, and answers "busy" (503) if it keeps failing', async () => {
    let calls = 0;
    const flaky = (code: string, failures: number) => async () => {
      calls++;
      if (calls <= failures) throw Object.assign(new Error('aborted'), { cause: { code } });
      return 'done';
    };
    expect(await retryTransaction(flaky('40P01', 2))).toBe('done');
    expect(calls).toBe(3);
    calls = 0;
    expect(await retryTransaction(flaky('40001', 1))).toBe('done');
    calls = 0;
    const busy = await retryTransaction(flaky('40P01', 100)).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(AppError);
    expect(busy).toMatchObject({ status: 503, extra: { key: 'common.busy' } });
    calls = 0;
    // Anything else is not the database's doing: it is not run twice.
    await expect(retryTransaction(flaky('23505', 1))).rejects.toThrow('aborted');
    expect(calls).toBe(1);
  });
});

const onPostgres = requirePostgres('two transactions that deadlock');

describe.runIf(onPostgres)('two transactions locking in opposite orders (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
    await ts.server.ctx.db.execute(sql`CREATE TABLE deadlock_probe (id int PRIMARY KEY, n int NOT NULL)`);
    await ts.server.ctx.db.execute(sql`INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)`);
  });
  afterAll(() => ts?.close());

  it('both commit: the database picks a victim and the runner runs it again', async () => {
    const db = ts.server.ctx.db;
    let arrived = 0;
    const bothHoldOne = () =>
      new Promise<void>((resolve) => {
        arrived++;
        const wait = () => (arrived >= 2 ? resolve() : setTimeout(wait, 5));
        wait();
      });
    const lockBoth = (first: number, second: number) =>
      runTx(db, async (tx) => {
        await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${first}`);
        await bothHoldOne();
        await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([lockBoth(1, 2), lockBoth(2, 1)]);
    const rows = await db.execute(sql`SELECT n FROM deadlock_probe ORDER BY id`);
    expect((rows as unknown as { rows: { n: number }[] }).rows.map((r) => r.n)).toEqual([2, 2]);
  });
});
