import { HOUR_MS } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../apps/server/src/clock.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { seedCatalogue } from '../apps/server/src/demo/catalogue.js';
import { fixedMaturityJob } from '../apps/server/src/modules/fixed-earn/maturity.js';
import { freshDatabase } from './fresh-database.js';

/**
 * The fixed-term hour settling `orders` orders that all mature in it (principal and interest to
 * spot, a quarter of them renewing half their principal, history rows and inbox messages, in parts
 * of 5,000 orders, one transaction each), as a ratio against one plain UPDATE of the same rows.
 */
export async function benchFixedMaturity(databaseUrl: string | undefined, orders = 100_000) {
  const fresh = await freshDatabase(databaseUrl);
  const database = openDatabase({ databaseUrl: fresh.url });
  await database.migrate();
  const db = database.db;
  const t0 = Date.UTC(2026, 10, 2);
  const finish = new Date(t0 + HOUR_MS / 2).toISOString();
  await ManualClock.load(db, t0);
  await seedCatalogue(db, new Date(t0));
  const at = new Date(t0 - 7 * 24 * HOUR_MS).toISOString();
  await db.execute(sql`
    INSERT INTO fixed_products (id, coin, type, lock_up_period, year_rate, min_lend_amount, user_max_lend_volume,
      total_quota, held, start_at, created_at)
    VALUES (1, 'USDT', 1, 7, 0.08, 10, 0, 1e15, 0, ${at}::timestamptz, ${at}::timestamptz)`);
  await db.execute(sql`
    INSERT INTO users (email, password_hash, referral_code, created_at)
    SELECT 'fx' || g || '@example.com', 'x', 'F' || g, ${at}::timestamptz FROM generate_series(1, ${orders}) g`);
  await db.execute(sql`
    INSERT INTO fixed_orders (user_id, product_id, coin, principal, year_rate, lock_up_period, interest, created_at,
      interest_start_at, finish_at, redeem_account_type, reinvest_status, reinvest_amount)
    SELECT id, 1, 'USDT', 100 + id % 1000, 0.08, 7, trunc((100 + id % 1000) * 0.08 / 365 * 7, 8), ${at}::timestamptz,
      ${at}::timestamptz, ${finish}::timestamptz, 0, (id % 4 = 0)::int, CASE WHEN id % 4 = 0 THEN 50 END
    FROM users WHERE email LIKE 'fx%'`);
  await db.execute(sql`UPDATE fixed_products SET held = (SELECT sum(principal) FROM fixed_orders) WHERE id = 1`);
  // Subscribing opened each holder's fixed wallet and holds the principal there; the spot wallet exists too.
  await db.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin, balance)
    SELECT user_id, 'fixed', 'USDT', principal FROM fixed_orders
    UNION ALL SELECT user_id, 'spot', 'USDT', 0 FROM fixed_orders`);
  await db.execute(sql`ANALYZE`);

  const baselineStart = performance.now();
  await db.transaction((tx) => tx.execute(sql`UPDATE fixed_orders SET settled_at = settled_at`));
  const baseline = performance.now() - baselineStart;

  const job = fixedMaturityJob();
  const hour = new Date(t0);
  const start = performance.now();
  let resumeFrom: number | undefined;
  do {
    const from = resumeFrom;
    resumeFrom = (await db.transaction((tx) => job.run(tx, hour, from)))?.resumeFrom;
  } while (resumeFrom !== undefined);
  const engine = performance.now() - start;

  const [settled] = rowsOf<{ matured: number; renewed: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE state = 'matured')::int AS matured,
        count(*) FILTER (WHERE state = 'holding')::int AS renewed FROM fixed_orders`),
  );
  await database.close();
  await fresh.drop();
  return {
    name: 'fixed-term maturity hour',
    orders,
    matured: settled?.matured ?? 0,
    renewed: settled?.renewed ?? 0,
    baselineMs: baseline,
    engineMs: engine,
    ratio: engine / baseline,
  };
}
