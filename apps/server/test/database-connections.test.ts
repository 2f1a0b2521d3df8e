import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { requirePostgres, startTestServer } from './helpers.js';

describe('pooled connections', () => {
  it.runIf(requirePostgres('connections the database ends'))(
    'outlive the database ending them (a restart, an administrator): the server keeps answering',
    async () => {
      const ts = await startTestServer({ postgres: true });
      const user = await ts.newUser();
      // Several calls at once leave several idle connections in the pool.
      await Promise.all([1, 2, 3, 4].map(() => user.get('/apiw/v2/uni-loan/earn/market/list')));
      const admin = openDatabase({ databaseUrl: ts.server.database.url });
      await admin.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await admin.close();
      // The pool drops the ended connections and opens new ones.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await user.get('/apiw/v2/uni-loan/earn/market/list');
      expect(after.status).toBe(200);
      expect(after.body.code).toBe(0);
      await ts.close();
    },
  );

  it.runIf(requirePostgres('the statement cache'))(
    'keep each parameterised statement prepared once, and recover from a statement that failed to prepare',
    async () => {
      const ts = await startTestServer({ postgres: true });
      const database = openDatabase({ databaseUrl: ts.server.database.url });
      try {
        await database.db.transaction(async (tx) => {
          const double = (n: number) => tx.execute(sql`SELECT ${n}::int * 2 AS twice`);
          expect(rowsOf(await double(1))).toEqual([{ twice: 2 }]);
          expect(rowsOf(await double(21))).toEqual([{ twice: 42 }]);
          const prepared = await tx.execute(
            sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%AS twice'`,
          );
          expect(rowsOf(prepared)).toEqual([{ n: 1 }]);
        });
        // A statement that fails in the database is not taken for prepared: its next run prepares it.
        const divide = (n: number) => database.db.execute(sql`SELECT 1 / ${n}::int AS inverse`);
        await expect(divide(0)).rejects.toThrow();
        expect(rowsOf(await divide(1))).toEqual([{ inverse: 1 }]);
        await expect(database.db.execute(sql`SELECT ${1}::int FROM no_such_table`)).rejects.toThrow();
        await expect(database.db.execute(sql`SELECT ${1}::int FROM no_such_table`)).rejects.toThrow(/no_such_table/);
      } finally {
        await database.close();
        await ts.close();
      }
    },
  );
});

describe('the embedded database (PGlite)', () => {
  it("answers other requests while a chain of transactions runs: a manual clock's advance of a day", async () => {
    const ts = await startTestServer({ postgres: false });
    const user = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(user.email, 'USDT', '1000');
    const subscribe = { asset: 'USDT', amount: '1000', fundpass: '123456' };
    expect((await user.post('/apiw/v2/uni-loan/earn/subscribe', subscribe)).body.code).toBe(0);
    let advanced = false;
    const advance = ts.admin.post('/admin/v1/clock/advance', { hours: 24 }).then((res) => {
      advanced = true;
      return res;
    });
    // Health checks and a user's reads one after another, each timed against the advance's answer.
    let answeredDuring = 0;
    while (!advanced) {
      const [health, lending] = await Promise.all([
        fetch(`${ts.url}/healthz`),
        user.get('/apiw/v2/uni-loan/earn/subscribe?page=1&limit=10'),
      ]);
      expect(health.status).toBe(200);
      expect(lending.body.code).toBe(0);
      if (!advanced) answeredDuring += 1;
    }
    expect((await advance).body.code).toBe(0);
    // Before each transaction waited its turn, nothing was read until the whole day had settled.
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
    await ts.close();
  });
});
