import { HOUR_MS } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../apps/server/src/clock.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { seedCatalogue } from '../apps/server/src/demo/catalogue.js';
import { settlePoolHour } from '../apps/server/src/modules/launchpool/launchpool-hour.js';
import { freshDatabase } from './fresh-database.js';

const STAKES = 1_000_000;

/**
 * One hourly distribution of a launch pool with 1,000,000 stakes (statements, payouts carried in
 * the stakes, one bulk ledger entry, history), as a ratio against one plain UPDATE of the same rows.
 */
export async function benchLaunchpoolDistribution(databaseUrl: string | undefined) {
  const fresh = await freshDatabase(databaseUrl);
  const database = openDatabase({ databaseUrl: fresh.url });
  await database.migrate();
  const db = database.db;
  const t0 = Date.UTC(2026, 10, 2);
  await ManualClock.load(db, t0);
  await seedCatalogue(db, new Date(t0));
  const at = new Date(t0).toISOString();
  await db.execute(sql`
    INSERT INTO launch_projects (id, coin, name, start_at, end_at, created_at)
    VALUES (1, 'LPX', 'bench', ${at}::timestamptz, ${new Date(t0 + 48 * HOUR_MS).toISOString()}::timestamptz, ${at}::timestamptz)`);
  await db.execute(sql`
    INSERT INTO launch_pools (id, project_id, coin, total_reward, reward_per_hour, buy_total_amount, personal_min, personal_max, decimal_place, last_update_at, total_staked)
    VALUES (1, 1, 'GT', 4800000, 100000, -1, 1, -1, 2, ${new Date(t0 + HOUR_MS / 2).toISOString()}::timestamptz, 0)`);
  await db.execute(sql`
    INSERT INTO users (email, password_hash, referral_code, created_at)
    SELECT 'lp' || g || '@example.com', 'x', 'L' || g, ${at}::timestamptz FROM generate_series(1, ${STAKES}) g`);
  await db.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin, balance) SELECT id, 'launchpool', 'GT', 10 + id % 1000 FROM users WHERE email LIKE 'lp%'`);
  // create-order opens the spot account the rewards are paid into, as it does for every first stake.
  await db.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin) SELECT id, 'spot', 'LPX' FROM users WHERE email LIKE 'lp%'`);
  await db.execute(
    sql`INSERT INTO ledger_accounts (user_id, wallet, coin) VALUES (NULL, 'platform:launchpool_rewards:1', 'LPX')`,
  );
  await db.execute(sql`UPDATE ledger_accounts SET balance = 4800000 WHERE wallet = 'platform:launchpool_rewards:1'`);
  await db.execute(sql`
    INSERT INTO launch_stakes (pool_id, user_id, account_id, staked, last_change_at)
    SELECT 1, a.user_id, a.id, a.balance, ${new Date(t0 + HOUR_MS / 2).toISOString()}::timestamptz
    FROM ledger_accounts a WHERE a.wallet = 'launchpool'`);
  await db.execute(sql`UPDATE launch_pools SET total_staked = (SELECT sum(staked) FROM launch_stakes) WHERE id = 1`);
  await db.execute(sql`ANALYZE`);

  const baselineStart = performance.now();
  await db.transaction((tx) => tx.execute(sql`UPDATE launch_stakes SET tws_hour = tws_hour + 0`));
  const baseline = performance.now() - baselineStart;
  const start = performance.now();
  await db.transaction((tx) => settlePoolHour(tx, 1, 1, new Date(t0)));
  const engine = performance.now() - start;
  const [paid] = rowsOf<{ n: number; total: string }>(
    await db.execute(sql`SELECT count(*)::int AS n, sum(paid)::text AS total FROM launch_statements WHERE paid > 0`),
  );
  await database.close();
  await fresh.drop();
  return {
    name: 'launch-pool hourly distribution',
    stakes: STAKES,
    paidStakes: paid?.n,
    paidTotal: paid?.total,
    baselineMs: baseline,
    engineMs: engine,
    ratio: engine / baseline,
  };
}
