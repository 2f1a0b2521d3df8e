import { HOUR_MS, toWire } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../apps/server/src/clock.js';
import type { Db, Executor } from '../apps/server/src/db/client.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { seedCatalogue } from '../apps/server/src/demo/catalogue.js';
import { beginJobPart, type Job } from '../apps/server/src/jobs/scheduler.js';
import { findUserById } from '../apps/server/src/modules/account/repo.js';
import { SessionCache } from '../apps/server/src/modules/account/session-cache.js';
import { seededDemand } from '../apps/server/src/modules/simple-earn/demand.js';
import { clearHour, flexibleHourJob } from '../apps/server/src/modules/simple-earn/flexible-hour.js';
import { archiveAllocationHour } from '../apps/server/src/modules/simple-earn/interest-history.js';
import { type FlexibleMarket, listMarkets } from '../apps/server/src/modules/simple-earn/markets.js';
import { subscribeFlexible } from '../apps/server/src/modules/simple-earn/subscribe-flexible.js';
import { freshDatabase } from './fresh-database.js';
import { percentile } from './http-load.js';

const COINS = 20;
/** Users with auto-earn on for every coin: the sweep subscribes their idle balances each hour. */
const AUTO_EARN_USERS = 500;
/** Hours measured, each with its floor: on a shared machine one run can be slowed by another process. */
const MEASURED_HOURS = 3;

/**
 * One hourly flexible job over `positions` positions in 20 coins (settle the hour's interest in
 * batches, sweep auto-earn, clear the next hour), in steady state (after the hour that swept the
 * auto-earn users' balances in), as a ratio against its floor measured in the
 * same run on the same database: one posting, one balance update and one allocation row per
 * lending position, each as one set-based statement. On PostgreSQL the next hour's job runs again
 * while users subscribe throughout, and their latency is reported (p99 target: 250 ms).
 */
export async function benchFlexibleClearing(databaseUrl: string | undefined, positions: number) {
  const fresh = await freshDatabase(databaseUrl);
  const database = openDatabase({ databaseUrl: fresh.url });
  await database.migrate();
  const db = database.db;
  const t0 = Date.UTC(2026, 10, 2);
  const clock = await ManualClock.load(db, t0);
  await seedCatalogue(db, new Date(t0));
  const users = Math.ceil(positions / COINS);
  await addMarkets(db, users, t0);
  const markets = (await listMarkets(db)).slice(0, COINS);
  if (markets.length < COINS) throw new Error(`only ${markets.length} markets`);
  await seedPositions(
    db,
    markets.map((m) => m.coin),
    t0,
    users,
  );
  const first = new Date(t0 + 2 * HOUR_MS);
  await db.transaction((tx) => clearHour(tx, first, markets, seededDemand));
  await db.execute(sql`ANALYZE`);

  // Two first hours: the auto-earn users' idle balances are swept in (a sweep's subscriptions
  // join the book an hour later), as in any hour after switching on.
  const job = flexibleHourJob(seededDemand);
  let measured = first;
  await clock.advance(db, first.getTime() + HOUR_MS - clock.now().getTime());
  await runWholeHour(db, job, measured);
  measured = new Date(measured.getTime() + HOUR_MS);
  await clock.advance(db, HOUR_MS);
  await runWholeHour(db, job, measured);
  // The measured hours, in steady state, each against its floor: the least of MEASURED_HOURS runs of
  // each, taken in turn, so that a pause of the machine in one run is not counted.
  const floors: number[] = [];
  const engines: number[] = [];
  for (let run = 0; run < MEASURED_HOURS; run++) {
    measured = new Date(measured.getTime() + HOUR_MS);
    const hour = measured;
    await vacuum(db);
    floors.push(await measureFloor(db, hour));
    await vacuum(db);
    await clock.advance(db, HOUR_MS);
    engines.push(await timed(() => runWholeHour(db, job, hour)));
  }
  const floorMs = Math.min(...floors);
  const engineMs = Math.min(...engines);
  // The next hour's job again, with users subscribing throughout (PostgreSQL: a pool of connections).
  const loaded = new Date(measured.getTime() + HOUR_MS);
  await clock.advance(db, HOUR_MS);
  const subscribes = databaseUrl ? subscribeDuring(database.db, clock, markets, users) : undefined;
  const loadedMs = await timed(() => runWholeHour(db, job, loaded));
  const latencies = subscribes ? await subscribes.stop() : [];
  const [counts] = rowsOf<{ positions: number; lending: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM flexible_positions)::int AS positions,
             (SELECT count(*) FROM flexible_allocations WHERE hour = ${measured.toISOString()}::timestamptz AND interest > 0)::int AS lending`),
  );
  // What the hour no longer writes, the daily housekeeping does: one hour's paid interest archived.
  const archiveMs = await timed(() => db.transaction((tx) => archiveAllocationHour(tx, measured)));
  await database.close();
  await fresh.drop();
  return {
    name: 'flexible hourly job',
    positions: counts?.positions ?? 0,
    lending: counts?.lending ?? 0,
    floorMs,
    engineMs,
    floors,
    engines,
    ratio: engineMs / floorMs,
    loadedMs,
    archiveMs,
    subscribes: latencies.length,
    subscribeP99Ms: percentile(latencies, 0.99),
  };
}

/** The scheduler's way: one transaction per part until the job says the hour is done. */
async function runWholeHour(db: Db, job: Job, start: Date) {
  let resumeFrom: number | undefined;
  do {
    const from = resumeFrom;
    const resume = await db.transaction(async (tx) => {
      await beginJobPart(tx);
      return job.run(tx, start, from);
    });
    resumeFrom = resume ? resume.resumeFrom : undefined;
  } while (resumeFrom !== undefined);
}

/**
 * The least any settlement could write, rolled back afterwards: for each lending position one
 * posting, one balance update and one allocation row (the next hour's), one statement each.
 */
async function measureFloor(db: Db, hour: Date): Promise<number> {
  const h = hour.toISOString();
  const next = new Date(hour.getTime() + HOUR_MS).toISOString();
  const lending = sql`SELECT * FROM flexible_allocations WHERE hour = ${h}::timestamptz AND interest > 0`;
  let ms = 0;
  await db
    .transaction(async (tx) => {
      const start = performance.now();
      const [t] = rowsOf<{ id: number }>(
        await tx.execute(sql`INSERT INTO ledger_transactions (kind, at) VALUES ('bench.floor', now()) RETURNING id`),
      );
      await tx.execute(sql`
        INSERT INTO ledger_postings (tx_id, account_id, coin, amount)
        SELECT ${t?.id}, l.account_id, l.coin, l.interest FROM (${lending}) l`);
      await tx.execute(sql`
        UPDATE ledger_accounts la SET balance = la.balance + l.interest FROM (${lending}) l WHERE la.id = l.account_id`);
      await tx.execute(sql`
        INSERT INTO flexible_allocations (position_id, hour, user_id, account_id, coin, offered, lent, rate, reason)
        SELECT l.position_id, ${next}::timestamptz, l.user_id, l.account_id, l.coin, l.offered, l.lent, l.rate, l.reason FROM (${lending}) l`);
      ms = performance.now() - start;
      throw new RolledBack();
    })
    .catch((err) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return ms;
}

class RolledBack extends Error {}

/**
 * Clears what the previous step left behind (the first hour's old row versions, the floor's rolled
 * back rows), so the floor and the job each start on the same clean tables, as autovacuum keeps them
 * between hourly runs.
 */
async function vacuum(db: Db) {
  await db.execute(
    sql`VACUUM (ANALYZE) ledger_accounts, ledger_postings, ledger_transactions, flexible_positions, flexible_allocations, earn_history`,
  );
}

/** Subscriptions by the bench users, four at a time, until stopped; returns each one's latency. */
function subscribeDuring(db: Db, clock: ManualClock, markets: readonly FlexibleMarket[], users: number) {
  const latencies: number[] = [];
  let running = true;
  const ctx = { db, clock, sessions: new SessionCache() };
  const worker = async (n: number) => {
    for (let i = 0; running; i++) {
      const user = await findUserById(db, AUTO_EARN_USERS + 1 + ((n * 7919 + i * 104729) % (users - AUTO_EARN_USERS)));
      if (!user) throw new Error('bench user missing');
      const start = performance.now();
      const market = markets[i % markets.length] as FlexibleMarket;
      await subscribeFlexible(ctx, user, { asset: market.coin, amount: toWire(market.minLendAmount) });
      latencies.push(performance.now() - start);
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return latencies;
    },
  };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Markets for the 20 coins of the catalogue (the demo lists 12). */
async function addMarkets(db: Executor, users: number, t0: number) {
  await db.execute(sql`
    INSERT INTO flexible_markets (coin, limit_min_rate, min_lend_amount, demand_base, demand_rate, sort_order)
    SELECT symbol, 0.002, 0.001, 200000, 0.05, 100 + sort_order FROM coins ON CONFLICT DO NOTHING`);
  // Demand near the book's size (about 550 a position), so most positions lend, the same every hour
  // (as an operator sets it), so that the measured hours are alike.
  await db.execute(sql`UPDATE flexible_markets SET demand_base = ${400 * users}, demand_rate = 0.05`);
  await db.execute(sql`
    INSERT INTO flexible_demand_overrides (coin, from_hour, amount, max_rate)
    SELECT coin, ${new Date(t0).toISOString()}::timestamptz, ${400 * users}, 0.05 FROM flexible_markets`);
}

/**
 * `users` users with a position in each of 20 coins, at spread minimum APRs, in the book, and a
 * trading balance in each (a large one, to subscribe from, except for the first AUTO_EARN_USERS, who have
 * auto-earn on for every coin and a balance like their positions).
 */
async function seedPositions(db: Executor, coins: readonly string[], t0: number, users: number) {
  const at = new Date(t0).toISOString();
  const list = `{${coins.join(',')}}`;
  await db.execute(sql`
    INSERT INTO users (email, password_hash, referral_code, created_at)
    SELECT 'bench' || g || '@example.com', 'x', 'B' || g, ${at}::timestamptz FROM generate_series(1, ${users}) g`);
  for (const wallet of ['flexible', 'flexible_redeeming', 'spot']) {
    await db.execute(sql`
      INSERT INTO ledger_accounts (user_id, wallet, coin, balance)
      SELECT u.id, ${wallet}, c, CASE
        WHEN ${wallet} = 'flexible' OR (${wallet} = 'spot' AND u.id <= ${AUTO_EARN_USERS}) THEN 100 + (u.id % 900)
        WHEN ${wallet} = 'spot' THEN 1000000 ELSE 0 END
      FROM users u CROSS JOIN unnest(${list}::text[]) c WHERE u.email LIKE 'bench%'`);
  }
  await db.execute(sql`
    INSERT INTO flexible_positions (user_id, coin, account_id, redeeming_account_id, min_rate, priority_at, prev_min_rate, prev_priority_at, rate_changed_at, created_at)
    SELECT u.id, c, h.id, r.id, 0.002 + (u.id % 40) * 0.001, ${at}::timestamptz, 0.002 + (u.id % 40) * 0.001, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    FROM users u CROSS JOIN unnest(${list}::text[]) c
    JOIN ledger_accounts h ON h.user_id = u.id AND h.coin = c AND h.wallet = 'flexible'
    JOIN ledger_accounts r ON r.user_id = u.id AND r.coin = c AND r.wallet = 'flexible_redeeming'
    WHERE u.email LIKE 'bench%'`);
  await db.execute(sql`
    INSERT INTO auto_invest (user_id, asset, status)
    SELECT id, 'ALL_ASSET', 1 FROM users WHERE email LIKE 'bench%' ORDER BY id LIMIT ${AUTO_EARN_USERS}`);
}
