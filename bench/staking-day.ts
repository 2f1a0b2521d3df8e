import { DAY_MS } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../apps/server/src/clock.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { seedCatalogue } from '../apps/server/src/demo/catalogue.js';
import { stakingDayJob } from '../apps/server/src/modules/staking/staking-day.js';
import { freshDatabase } from './fresh-database.js';

/**
 * The staking day paying `positions` holders of one product (the lowest balance of the day, the
 * domain's reward with the fee and a VIP discount for some tiers, one posting set, the profit
 * records) in parts of 5,000 holders, as a ratio against one plain UPDATE of those positions' rows.
 */
export async function benchStakingDay(databaseUrl: string | undefined, positions = 100_000) {
  const fresh = await freshDatabase(databaseUrl);
  const database = openDatabase({ databaseUrl: fresh.url });
  await database.migrate();
  const db = database.db;
  const day = Date.UTC(2026, 10, 2);
  const at = new Date(day - 3 * DAY_MS).toISOString();
  await ManualClock.load(db, day + DAY_MS);
  await seedCatalogue(db, new Date(day));
  await db.execute(sql`
    INSERT INTO staking_products (id, coin, reward_coin, rate, base_rate, fee_rate, min_mortgage_amount, min_redeem_amount,
      vip_config, created_at)
    VALUES (1, 'ETH', 'ETH', 0.032, 0.032, 0.1, 0.01, 0.01, '{"min_tier":5,"max_tier":16,"vip_sale":"50"}', ${at}::timestamptz)`);
  await db.execute(sql`
    INSERT INTO users (email, password_hash, referral_code, tier, created_at)
    SELECT 'st' || g || '@example.com', 'x', 'S' || g, g % 8, ${at}::timestamptz FROM generate_series(1, ${positions}) g`);
  await db.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin, balance)
    SELECT id, 'staking:1', 'ETH', 0.5 + id % 100 FROM users WHERE email LIKE 'st%'`);
  await db.execute(sql`
    UPDATE staking_products SET staked = (SELECT sum(balance) FROM ledger_accounts WHERE wallet = 'staking:1') WHERE id = 1`);
  await db.execute(sql`ANALYZE`);

  const baselineStart = performance.now();
  await db.transaction((tx) =>
    tx.execute(sql`UPDATE ledger_accounts SET balance = balance WHERE wallet = 'staking:1'`),
  );
  const baseline = performance.now() - baselineStart;
  const start = performance.now();
  const job = stakingDayJob();
  let resumeFrom: number | undefined;
  do {
    const from = resumeFrom;
    resumeFrom = (await db.transaction((tx) => job.run(tx, new Date(day), from)))?.resumeFrom;
  } while (resumeFrom !== undefined);
  const engine = performance.now() - start;
  const [paid] = rowsOf<{ n: number; total: string }>(
    await db.execute(sql`SELECT count(*)::int AS n, sum(amount)::text AS total FROM staking_rewards`),
  );
  await database.close();
  await fresh.drop();
  return {
    name: 'staking day',
    positions,
    paid: paid?.n ?? 0,
    paidTotal: paid?.total ?? '0',
    baselineMs: baseline,
    engineMs: engine,
    ratio: engine / baseline,
  };
}
