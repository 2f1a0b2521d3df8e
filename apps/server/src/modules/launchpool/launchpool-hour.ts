import {
  Decimal,
  HOUR_MS,
  hourBudget,
  lendEarnAvailable,
  roundDown,
  SUBSCRIBE_PLACES,
  storedChoice,
} from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { Job } from '../../jobs/scheduler.js';
import { ensureAccounts, platformAccount } from '../../ledger/accounts.js';
import { postSet } from '../../ledger/post-set.js';
import { tradingWalletOf } from '../account/me.js';
import { releaseIntoFixed } from '../fixed-earn/release-into-fixed.js';
import { listMarkets } from '../simple-earn/markets.js';
import { type Subscription, subscribeMany } from '../simple-earn/subscribe-flexible.js';
import { releaseIntoStaking } from '../staking/release-into-staking.js';
import { advancePool, stakeSecondsSince } from './accrual-sql.js';
import { rewardWallet } from './repo.js';

const TRADING_WALLET = tradingWalletOf(sql`u.account_mode`);

/**
 * Each hour, for every pool of a project running during it: the counter is advanced to the hour's
 * end, each stake's earnings are paid (rounded down to 8; the dust stays with the project) to the
 * user's trading wallet in the reward coin through one bulk ledger entry from the project's reward
 * account, and a statement per user and a row per pool are written. At the project's end every stake is released.
 */
export const launchpoolHourJob: Job = {
  name: 'launchpool.hour',
  period: 'hour',
  async run(tx, periodStart) {
    const end = new Date(periodStart.getTime() + HOUR_MS);
    const pools = rowsOf<{ id: number; project_id: number; end_at: Date | string }>(
      await tx.execute(sql`
        SELECT lp.id, lp.project_id, pr.end_at FROM launch_pools lp JOIN launch_projects pr ON pr.id = lp.project_id
        WHERE pr.start_at < ${end.toISOString()}::timestamptz AND pr.end_at > ${periodStart.toISOString()}::timestamptz
        ORDER BY lp.id FOR UPDATE OF lp`),
    );
    const ending = pools.filter((pool) => new Date(pool.end_at).getTime() <= end.getTime());
    // Lock order (README): the pools (locked above, in id order), then the fixed products, the
    // flexible positions and the staking products a release may go into, before any ledger account
    // (the hour's rewards are booked first).
    if (ending.length > 0) {
      const ids = ending.map((pool) => pool.id);
      await lockReleaseProducts(tx, 'fixed_products', ids);
      await lockReleasePositions(tx, ids);
      await lockReleaseProducts(tx, 'staking_products', ids);
    }
    for (const pool of pools) await settlePoolHour(tx, pool.id, pool.project_id, periodStart);
    for (const pool of ending) await releasePool(tx, pool.id, pool.project_id, end);
  },
};

/** Locks, in id order, the fixed or staking products of the coins of the pools about to be released. */
async function lockReleaseProducts(
  tx: Executor,
  table: 'fixed_products' | 'staking_products',
  poolIds: readonly number[],
): Promise<void> {
  await tx.execute(sql`
    SELECT p.id FROM ${sql.raw(table)} p WHERE p.coin IN (SELECT coin FROM launch_pools WHERE id IN (${sql.join(
      poolIds.map((id) => sql`${id}`),
      sql`, `,
    )}))
    ORDER BY p.id FOR UPDATE`);
}

/** Locks, in id order, the flexible positions of everyone staked in the pools about to be released. */
async function lockReleasePositions(tx: Executor, poolIds: readonly number[]): Promise<void> {
  await tx.execute(sql`
    SELECT fp.id FROM flexible_positions fp JOIN launch_stakes s ON s.user_id = fp.user_id
    JOIN launch_pools p ON p.id = s.pool_id AND p.coin = fp.coin
    WHERE s.pool_id IN (${sql.join(
      poolIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND s.staked > 0
    ORDER BY fp.id FOR UPDATE OF fp`);
}

export async function settlePoolHour(tx: Executor, poolId: number, projectId: number, hour: Date): Promise<void> {
  const h = hour.toISOString();
  const end = new Date(hour.getTime() + HOUR_MS);
  await advancePool(tx, poolId, end);
  const [pool] = rowsOf<{
    reward_per_hour: string;
    pool_tws: string;
    reward_coin: string;
    start_at: Date | string;
    end_at: Date | string;
  }>(
    await tx.execute(sql`
      SELECT p.reward_per_hour::text, p.tws_hour::text AS pool_tws, pr.coin AS reward_coin, pr.start_at, pr.end_at
      FROM launch_pools p JOIN launch_projects pr ON pr.id = p.project_id WHERE p.id = ${poolId}`),
  );
  if (!pool) return;
  const runningMs =
    Math.min(end.getTime(), new Date(pool.end_at).getTime()) -
    Math.max(hour.getTime(), new Date(pool.start_at).getTime());
  const budget = hourBudget(pool.reward_per_hour, runningMs).toFixed();
  const rewardCoin = pool.reward_coin;
  // One pass over the pool's stakes: each is paid floor(budget x its stake-seconds / the pool's, 8)
  // by exact integer division (the domain's hourPayout), its time-weighted stake becomes valid_amount,
  // and the hour's statement is written from what the update returns. The rounding dust stays in the
  // project's reward account. The hour's total paid comes back for the ledger entry and the pool's hour.
  const paidSql = new Decimal(pool.pool_tws).gt(0)
    ? sql`div(${budget}::numeric * c.tws * 100000000, ${pool.pool_tws}::numeric) * 0.00000001`
    : sql`0::numeric`;
  const [hourPaid] = rowsOf<{ total: string }>(
    await tx.execute(sql`
    WITH counted AS (
      SELECT s.id, s.tws_hour + ${stakeSecondsSince(sql`s.staked`, sql`s.last_change_at`)} AS tws, p.last_update_at
      FROM launch_stakes s JOIN launch_pools p ON p.id = s.pool_id
      WHERE s.pool_id = ${poolId} AND (s.staked > 0 OR s.tws_hour > 0 OR s.valid_amount > 0 OR s.last_hour_reward > 0)
    ), settled AS (
      UPDATE launch_stakes s SET
        valid_amount = trunc(c.tws / 3600, 18),
        last_hour_reward = ${paidSql},
        total_reward = s.total_reward + ${paidSql},
        tws_hour = 0,
        last_change_at = c.last_update_at
      FROM counted c WHERE s.id = c.id
      RETURNING s.user_id, c.tws, s.last_hour_reward
    ), written AS (
      INSERT INTO launch_statements (pool_id, hour, user_id, tws, paid)
      SELECT ${poolId}, ${h}::timestamptz, user_id, tws, last_hour_reward FROM settled
      WHERE tws > 0 OR last_hour_reward > 0
      RETURNING paid
    )
    SELECT coalesce(sum(paid), 0)::text AS total FROM written`),
  );
  const paidTotal = hourPaid?.total ?? '0';
  // Opened at the first stake; opened here only for a user whose account mode changed since.
  await tx.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin)
    SELECT st.user_id, ${TRADING_WALLET}, ${rewardCoin} FROM launch_statements st JOIN users u ON u.id = st.user_id
    WHERE st.pool_id = ${poolId} AND st.hour = ${h}::timestamptz AND st.paid > 0
      AND NOT EXISTS (SELECT 1 FROM ledger_accounts la
        WHERE la.user_id = st.user_id AND la.wallet = ${TRADING_WALLET} AND la.coin = ${rewardCoin})
    ON CONFLICT DO NOTHING`);
  await ensureAccounts(tx, [platformAccount(rewardWallet(projectId), rewardCoin)]);
  await postSet(tx, {
    kind: 'launchpool.reward',
    ref: `pool:${poolId}:hour:${h}`,
    at: end,
    legs: sql`
      SELECT la.id AS account_id, ${rewardCoin}::text AS coin, st.paid AS amount
      FROM launch_statements st JOIN users u ON u.id = st.user_id
      JOIN ledger_accounts la ON la.user_id = st.user_id AND la.coin = ${rewardCoin} AND la.wallet = ${TRADING_WALLET}
      WHERE st.pool_id = ${poolId} AND st.hour = ${h}::timestamptz AND st.paid > 0
      UNION ALL
      SELECT la.id, ${rewardCoin}::text, -${paidTotal}::numeric
      FROM ledger_accounts la WHERE la.user_id IS NULL AND la.wallet = ${rewardWallet(projectId)} AND la.coin = ${rewardCoin}`,
  });
  await tx.execute(sql`
    INSERT INTO launch_hours (pool_id, hour, budget, pool_tws, paid, staked_at_end)
    SELECT p.id, ${h}::timestamptz, ${budget}::numeric, p.tws_hour, ${paidTotal}::numeric, p.total_staked
    FROM launch_pools p WHERE p.id = ${poolId}`);
  await tx.execute(sql`UPDATE launch_pools SET tws_hour = 0 WHERE id = ${poolId}`);
  await tx.execute(sql`
    INSERT INTO launch_history (user_id, project_id, pool_id, type, coin, amount, at)
    SELECT user_id, ${projectId}, ${poolId}, 'reward', ${rewardCoin}, paid, ${end.toISOString()}::timestamptz
    FROM launch_statements WHERE pool_id = ${poolId} AND hour = ${h}::timestamptz AND paid > 0`);
}

/**
 * At the project's end every stake goes back to the trading wallet, and on where the user's choice
 * leads when a product takes it: a fixed order of its term (else flexible), flexible Simple Earn,
 * or the coin's staking product (else it stays in the wallet).
 * Each release's history row says where it went.
 */
export async function releasePool(tx: Executor, poolId: number, projectId: number, at: Date): Promise<void> {
  const stakes = rowsOf<{
    id: number;
    user_id: number;
    account_mode: 'classic' | 'multi_currency' | 'single_currency';
    coin: string;
    staked: string;
    simple_earn_status: number;
    simple_earn_period: number | null;
    /** The pool's bonus on a fixed release, in percent points of APR (spec: ext_rate). */
    ext_rate: string;
    wallet_before: string;
    loan: string;
  }>(
    await tx.execute(sql`
      SELECT s.id, s.user_id, u.account_mode, p.coin, s.staked::text, s.simple_earn_status, s.simple_earn_period,
        coalesce(p.simple_earn->>'ext_rate', '0') AS ext_rate, coalesce(w.balance, 0)::text AS wallet_before, coalesce(l.amount, 0)::text AS loan
      FROM launch_stakes s JOIN launch_pools p ON p.id = s.pool_id JOIN users u ON u.id = s.user_id
      LEFT JOIN ledger_accounts w ON w.user_id = s.user_id AND w.coin = p.coin AND w.wallet = ${TRADING_WALLET}
      LEFT JOIN user_loans l ON l.user_id = s.user_id AND l.coin = p.coin
      WHERE s.pool_id = ${poolId} AND s.staked > 0 ORDER BY s.id`),
  );
  if (stakes.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin)
    SELECT s.user_id, ${TRADING_WALLET}, p.coin FROM launch_stakes s JOIN launch_pools p ON p.id = s.pool_id JOIN users u ON u.id = s.user_id
    WHERE s.pool_id = ${poolId} AND s.staked > 0 ON CONFLICT DO NOTHING`);
  await postSet(tx, {
    kind: 'launchpool.release',
    ref: `pool:${poolId}`,
    at,
    legs: sql`
      SELECT s.account_id, p.coin, -s.staked AS amount FROM launch_stakes s JOIN launch_pools p ON p.id = s.pool_id
      WHERE s.pool_id = ${poolId} AND s.staked > 0
      UNION ALL
      SELECT w.id, p.coin, s.staked FROM launch_stakes s JOIN launch_pools p ON p.id = s.pool_id JOIN users u ON u.id = s.user_id
      JOIN ledger_accounts w ON w.user_id = s.user_id AND w.coin = p.coin AND w.wallet = ${TRADING_WALLET}
      WHERE s.pool_id = ${poolId} AND s.staked > 0`,
  });
  await tx.execute(sql`
    INSERT INTO launch_history (user_id, project_id, pool_id, type, coin, amount, at, destination)
    SELECT s.user_id, ${projectId}, ${poolId}, 'release', p.coin, s.staked, ${at.toISOString()}::timestamptz, 'spot'
    FROM launch_stakes s JOIN launch_pools p ON p.id = s.pool_id WHERE s.pool_id = ${poolId} AND s.staked > 0`);
  await tx.execute(sql`UPDATE launch_stakes SET staked = 0 WHERE pool_id = ${poolId}`);
  await tx.execute(sql`UPDATE launch_pools SET total_staked = 0 WHERE id = ${poolId}`);
  const intoFlexible: Subscription[] = [];
  const intoFixed: number[] = [];
  const intoStaking: number[] = [];
  const markets = new Map((await listMarkets(tx)).map((m) => [m.coin, m]));
  for (const s of stakes) {
    const destination = storedChoice(s.simple_earn_status, s.simple_earn_period);
    if (destination === 'spot') continue;
    // Never more than can be lent once the stake is back: borrowed coins stay in the wallet.
    const lendable = lendEarnAvailable(new Decimal(s.wallet_before).plus(s.staked), s.loan);
    const amount = roundDown(Decimal.min(s.staked, lendable), SUBSCRIBE_PLACES);
    if (amount.lte(0)) continue;
    const user = { id: s.user_id, accountMode: s.account_mode };
    if (destination === 'staking') {
      if (await releaseIntoStaking(tx, { ...s, amount }, at)) intoStaking.push(s.user_id);
      continue;
    }
    if (destination === 'fixed' && s.simple_earn_period) {
      const opened = await releaseIntoFixed(
        tx,
        { ...s, amount, period: s.simple_earn_period, extraRate: new Decimal(s.ext_rate).div(100) },
        at,
        MODE_LAUNCH_POOL,
      );
      if (opened) {
        intoFixed.push(s.user_id);
        continue;
      }
    }
    const market = markets.get(s.coin);
    if (!market?.isOpen || amount.lt(market.minLendAmount)) continue;
    intoFlexible.push({ user, coin: s.coin, amount });
  }
  await subscribeMany(tx, intoFlexible, at, MODE_LAUNCH_POOL);
  for (const [destination, users] of [
    ['fixed', intoFixed],
    ['staking', intoStaking],
  ] as const) {
    if (users.length === 0) continue;
    await tx.execute(sql`
      UPDATE launch_history SET destination = ${destination}
      WHERE pool_id = ${poolId} AND type = 'release' AND user_id IN (${sql.join(
        users.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }
  if (intoFlexible.length > 0) {
    await tx.execute(sql`
      UPDATE launch_history SET destination = 'flexible'
      WHERE pool_id = ${poolId} AND type = 'release' AND user_id IN (${sql.join(
        intoFlexible.map((f) => sql`${f.user.id}`),
        sql`, `,
      )})`);
  }
}

/** History mode of a Simple Earn subscription made by a launch-pool release (spec: 10 launch pool). */
export const MODE_LAUNCH_POOL = 10;
