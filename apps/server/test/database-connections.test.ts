import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
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
});
