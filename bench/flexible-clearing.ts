import { HOUR_MS } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../apps/server/src/clock.js';
import type { Executor } from '../apps/server/src/db/client.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedCatalogue } from '../apps/server/src/demo/catalogue.js';
import { seededDemand } from '../apps/server/src/modules/simple-earn/demand.js';
import { clearHour, flexibleHourJob } from '../apps/server/src/modules/simple-earn/flexible-hour.js';
import { listMarkets } from '../apps/server/src/modules/simple-earn/markets.js';

const USERS = 5_000;
const COINS = 20;

/**
 * One hourly flexible job (settle the hour's interest through one bulk ledger entry, sweep
 * auto-earn, clear the next hour) over 100,000 positions in 20 coins, as a ratio against one plain
 * UPDATE over the same rows, measured in the same run on the same database.
 */
export async function benchFlexibleClearing(databaseUrl: string | undefined) {
  const database = openDatabase({ databaseUrl });
  await database.migrate();
  const db = database.db;
  const t0 = Date.UTC(2026, 10, 2);
  await ManualClock.load(db, t0);
  await seedCatalogue(db, new Date(t0));
  await addMarkets(db);
  const markets = (await listMarkets(db)).slice(0, COINS);
  if (markets.length < COINS) throw new Error(`only ${markets.length} markets`);
  await seedPositions(
    db,
    markets.map((m) => m.coin),
    t0,
  );
  const first = new Date(t0 + 2 * HOUR_MS);
  await db.transaction((tx) => clearHour(tx, first, markets, seededDemand));

  const baseline = await timed(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE flexible_positions SET lend_amount = lend_amount + 0`);
    }),
  );
  const job = flexibleHourJob(seededDemand);
  const engine = await timed(() => db.transaction((tx) => job.run(tx, first)));
  const [counts] = (
    (await db.execute(sql`
      SELECT (SELECT count(*) FROM flexible_positions)::int AS positions,
             (SELECT count(*) FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.tx_id WHERE t.kind = 'flexible.interest')::int AS postings`)) as unknown as {
      rows: { positions: number; postings: number }[];
    }
  ).rows;
  await database.close();
  return {
    name: 'flexible hourly job',
    positions: counts?.positions,
    interestPostings: counts?.postings,
    baselineMs: baseline,
    engineMs: engine,
    ratio: engine / baseline,
  };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Markets for the 20 coins of the catalogue (the demo lists 12). */
async function addMarkets(db: Executor) {
  await db.execute(sql`
    INSERT INTO flexible_markets (coin, limit_min_rate, min_lend_amount, demand_base, demand_rate, sort_order)
    SELECT symbol, 0.002, 0.001, 200000, 0.05, 100 + sort_order FROM coins ON CONFLICT DO NOTHING`);
  // Demand near the book's size, so most positions lend and the bulk interest entry is large.
  await db.execute(sql`UPDATE flexible_markets SET demand_base = 2000000, demand_rate = 0.05`);
}

/** 5,000 users with a position in each of 20 coins, at spread minimum APRs, in the book. */
async function seedPositions(db: Executor, coins: readonly string[], t0: number) {
  const at = new Date(t0).toISOString();
  const list = `{${coins.join(',')}}`;
  await db.execute(sql`
    INSERT INTO users (email, password_hash, referral_code, created_at)
    SELECT 'bench' || g || '@example.com', 'x', 'B' || g, ${at}::timestamptz FROM generate_series(1, ${USERS}) g`);
  for (const wallet of ['flexible', 'flexible_redeeming']) {
    await db.execute(sql`
      INSERT INTO ledger_accounts (user_id, wallet, coin, balance)
      SELECT u.id, ${wallet}, c, CASE WHEN ${wallet} = 'flexible' THEN 100 + (u.id % 900) ELSE 0 END
      FROM users u CROSS JOIN unnest(${list}::text[]) c WHERE u.email LIKE 'bench%'`);
  }
  await db.execute(sql`
    INSERT INTO flexible_positions (user_id, coin, account_id, redeeming_account_id, min_rate, priority_at, prev_min_rate, prev_priority_at, rate_changed_at, created_at)
    SELECT u.id, c, h.id, r.id, 0.002 + (u.id % 40) * 0.001, ${at}::timestamptz, 0.002 + (u.id % 40) * 0.001, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    FROM users u CROSS JOIN unnest(${list}::text[]) c
    JOIN ledger_accounts h ON h.user_id = u.id AND h.coin = c AND h.wallet = 'flexible'
    JOIN ledger_accounts r ON r.user_id = u.id AND r.coin = c AND r.wallet = 'flexible_redeeming'
    WHERE u.email LIKE 'bench%'`);
  await db.execute(sql`ANALYZE`);
}
