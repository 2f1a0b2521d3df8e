import {
  aprBase,
  Decimal,
  estimatedApr,
  floorHour,
  operatorTexts,
  type ProjectState,
  projectState,
  type RedeemType,
  readerLocale,
  toWire,
  UNLIMITED,
} from '@earn/domain';
import type {
  HourStatement,
  LaunchHistoryQuery,
  LaunchHistoryRow,
  ProjectInfo,
  RewardPoolView,
} from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { cachedRead } from '../../db/read-cache.js';
import { rowsOf } from '../../db/rows.js';
import type { User } from '../account/repo.js';
import { priceAt } from '../market/price-walk.js';
import { type CoinRow, catalogueCoins } from '../market/repo.js';
import { priceMap } from '../market/tickers.js';
import { productViews, type RateProjection } from '../simple-earn/market-queries.js';
import {
  catalogueProjects,
  findProject,
  LAUNCH_POOL_READS,
  type LaunchPool,
  type LaunchProject,
  poolsOf,
} from './repo.js';
import { capFor } from './stake.js';

function poolView(
  pool: LaunchPool,
  project: LaunchProject,
  prices: ReadonlyMap<string, string>,
  user: User | null,
  state: ProjectState,
  /** What the pool holds; a completed project's, what it held at its end (it has released every stake). */
  staked: string,
): Omit<RewardPoolView, 'avg_staked_last_hour'> {
  const left = new Decimal(pool.buyTotalAmount).eq(UNLIMITED)
    ? new Decimal(UNLIMITED)
    : Decimal.max(new Decimal(pool.buyTotalAmount).minus(staked), 0);
  const base = aprBase(state, staked, pool.buyTotalAmount);
  const apr =
    pool.rateYearType === 1
      ? new Decimal(pool.rateYear)
      : base === null
        ? new Decimal(0)
        : estimatedApr({
            rewardPerHour: pool.rewardPerHour,
            rewardPrice: prices.get(project.coin) ?? '0',
            staked: base,
            stakePrice: prices.get(pool.coin) ?? '0',
          });
  return {
    rid: pool.id,
    coin: pool.coin,
    personal_max_amount: toWire(user ? capFor(pool, user) : pool.personalMax),
    personal_min_amount: toWire(pool.personalMin),
    decimal_place: pool.decimalPlace,
    left_buy_total_amount: toWire(left),
    buy_total_amount: toWire(pool.buyTotalAmount),
    rate_year: toWire(apr),
    rate_year_type: pool.rateYearType,
    reward_pool_type: pool.rewardPoolType,
    vip_config: pool.vipConfig,
    simple_earn: pool.simpleEarn,
    isApply: 1,
    transaction_config: pool.transactionConfig,
    staking: pool.staking,
    redeem_type: pool.redeemType as RedeemType,
    limit_rule: pool.limitRule,
    total_reward: toWire(pool.totalReward),
    reward_per_hour: toWire(pool.rewardPerHour),
    total_staked: toWire(staked),
    peak_staked: toWire(pool.peakStaked),
  };
}

/**
 * Prices at the end of ended projects, which never change: worked out once per end and set of coins
 * (each with its base price, which the walk starts from).
 */
const pricesAtEnd = new Map<string, ReadonlyMap<string, string>>();

function endPrices(coins: readonly CoinRow[], endMs: number): ReadonlyMap<string, string> {
  const key = `${endMs}|${coins.map((c) => `${c.symbol}:${c.basePrice}`).join(',')}`;
  let prices = pricesAtEnd.get(key);
  if (!prices) {
    prices = new Map(coins.map((c) => [c.symbol, priceAt(c.symbol, c.basePrice, endMs).toFixed()]));
    pricesAtEnd.set(key, prices);
  }
  return prices;
}

/**
 * Projects with their pools, state from the clock, staked totals, the last hour's average stake and
 * estimated APRs: pools, prices, coins and last hours are read once for all of them.
 */
async function projectViews(
  ctx: AppContext,
  projects: LaunchProject[],
  user: User | null,
  locale: string | undefined,
): Promise<ProjectInfo[]> {
  if (projects.length === 0) return [];
  const ids = projects.map((p) => p.id);
  const nowMs = ctx.clock.now().getTime();
  // Shared by the requests of a second; a stake or redemption here, or a settled hour, forgets them.
  const [pools, prices, coins, lastHour] = await Promise.all([
    cachedRead(ctx.db, `${LAUNCH_POOL_READS}pools:${ids}`, () => poolsOf(ctx.db, ids)),
    priceMap(ctx),
    catalogueCoins(ctx.db),
    cachedRead(ctx.db, `${LAUNCH_POOL_READS}last-hours:${ids}`, () => lastHoursOf(ctx.db, ids), floorHour(nowMs)),
  ]);
  const avg = new Map(
    lastHour.map((h) => [
      h.pool_id,
      new Decimal(h.pool_tws).div(3600).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
    ]),
  );
  return projects.map((project) => {
    const state = projectState(nowMs, project.startAt.getTime(), project.endAt.getTime());
    // An ended project's APR is the one at its end: what was staked then, at the prices of then.
    const shownPrices = state === 3 ? endPrices(coins, project.endAt.getTime()) : prices;
    return {
      pid: project.id,
      coin: project.coin,
      name: operatorTexts(project.translations, locale)?.name ?? project.name,
      icon: coins.find((c) => c.symbol === project.coin)?.icon ?? '',
      start_timest: Math.floor(project.startAt.getTime() / 1000),
      end_timest: Math.floor(project.endAt.getTime() / 1000),
      state,
      reward_pools: pools
        .filter((p) => p.projectId === project.id)
        .map((p) => {
          const atEnd = lastHour.find((h) => h.pool_id === p.id)?.staked_at_end;
          const staked = state === 3 && atEnd !== undefined ? atEnd : p.totalStaked;
          return {
            ...poolView(p, project, shownPrices, user, state, staked),
            avg_staked_last_hour: avg.get(p.id) ?? '0',
          };
        }),
    };
  });
}

/** Each pool's last settled hour: its time-weighted stake and what was staked at its end. */
async function lastHoursOf(db: Executor, projectIds: readonly number[]) {
  return rowsOf<{ pool_id: number; pool_tws: string; staked_at_end: string }>(
    await db.execute(sql`
      SELECT p.id AS pool_id, h.pool_tws::text, h.staked_at_end::text FROM launch_pools p
      CROSS JOIN LATERAL (
        SELECT pool_tws, staked_at_end FROM launch_hours WHERE pool_id = p.id ORDER BY hour DESC LIMIT 1
      ) h
      WHERE p.project_id = ANY(${`{${projectIds.join(',')}}`}::int[])`),
  );
}

/** One project (project-info). */
export async function projectInfo(
  ctx: AppContext,
  projectId: number,
  user: User | null,
  locale?: string,
): Promise<ProjectInfo> {
  const [view] = await projectViews(ctx, [await findProject(ctx.db, projectId)], user, locale);
  return view as ProjectInfo;
}

export async function projectList(ctx: AppContext, user: User | null, locale?: string): Promise<ProjectInfo[]> {
  const projects = await catalogueProjects(ctx.db);
  if (user) return projectViews(ctx, projects, user, locale);
  // A guest's list is everyone's in a language: worked out once per second of the clock, and
  // forgotten with the pools' totals (a stake, a redemption, a settled hour).
  const second = Math.floor(ctx.clock.now().getTime() / 1000);
  const language = readerLocale(locale);
  return cachedRead(
    ctx.db,
    `${LAUNCH_POOL_READS}guest-views:${language}`,
    () => projectViews(ctx, projects, null, language),
    second,
  );
}

/**
 * The user's stake per pool of a project: amount, valid (time-weighted) amount, rewards. What counts
 * is never more than what is staked (after a release or a redemption, the hour before counted more).
 */
export async function userProjectStatistics(ctx: AppContext, user: User, projectId: number) {
  const rows = rowsOf<{
    rid: number;
    amount: string;
    valid_amount: string;
    last_hour: string;
    total: string;
    simple_earn_status: number;
    simple_earn_period: number | null;
  }>(
    await ctx.db.execute(sql`
      SELECT s.pool_id AS rid, s.staked::text AS amount, LEAST(s.valid_amount, s.staked)::text AS valid_amount, s.last_hour_reward::text AS last_hour, s.total_reward::text AS total,
        s.simple_earn_status, s.simple_earn_period
      FROM launch_stakes s JOIN launch_pools p ON p.id = s.pool_id WHERE s.user_id = ${user.id} AND p.project_id = ${projectId} ORDER BY s.pool_id`),
  );
  return rows.map((r) => ({
    rid: r.rid,
    amount: toWire(r.amount),
    valid_amount: toWire(new Decimal(r.valid_amount).toDecimalPlaces(8, Decimal.ROUND_DOWN)),
    lastHourRewardAmount: toWire(r.last_hour),
    lastRewardAmount: toWire(r.total),
    simpleEarnStatus: r.simple_earn_status,
    simpleEarnPeriod: r.simple_earn_period ?? 0,
  }));
}

/** A user's hour in a pool: their time-weighted stake, the pool's, the budget, the formula and the payout. */
export async function hourStatement(
  ctx: AppContext,
  user: User,
  poolId: number,
  hourSec: number,
): Promise<HourStatement | null> {
  const hour = new Date(hourSec * 1000).toISOString();
  const [row] = rowsOf<{
    tws: string | null;
    paid: string | null;
    pool_tws: string;
    budget: string;
    paid_total: string;
    coin: string;
    reward_coin: string;
  }>(
    await ctx.db.execute(sql`
      SELECT st.tws::text, st.paid::text, h.pool_tws::text, h.budget::text, h.paid::text AS paid_total,
        p.coin, pr.coin AS reward_coin
      FROM launch_hours h JOIN launch_pools p ON p.id = h.pool_id JOIN launch_projects pr ON pr.id = p.project_id
      LEFT JOIN launch_statements st ON st.pool_id = h.pool_id AND st.hour = h.hour AND st.user_id = ${user.id}
      WHERE h.pool_id = ${poolId} AND h.hour = ${hour}::timestamptz`),
  );
  if (!row) return null;
  const userAvg = new Decimal(row.tws ?? '0').div(3600);
  const poolAvg = new Decimal(row.pool_tws).div(3600);
  return {
    rid: poolId,
    coin: row.coin,
    reward_coin: row.reward_coin,
    hour: hourSec,
    user_time_weighted_stake: toWire(userAvg.toDecimalPlaces(8, Decimal.ROUND_DOWN)),
    pool_time_weighted_stake: toWire(poolAvg.toDecimalPlaces(8, Decimal.ROUND_DOWN)),
    user_stake_seconds: toWire(row.tws ?? '0'),
    pool_stake_seconds: toWire(row.pool_tws),
    budget: toWire(row.budget),
    paid: toWire(row.paid ?? '0'),
    pool_paid: toWire(row.paid_total),
    formula: 'floor(budget x your stake-seconds / the pool stake-seconds, 8)',
  };
}

/**
 * Other products for the coin (not for US users): its flexible Simple Earn product when there is one,
 * at the APR Simple Earn shows for it (the next hour's).
 */
export async function earnMore(ctx: AppContext, projection: RateProjection, coin: string) {
  const wanted = coin.toUpperCase();
  const product = (await productViews(ctx, projection, null)).find((p) => p.asset === wanted);
  return product
    ? [
        {
          type: 'simple_earn_flexible',
          coin: product.asset,
          rate_year: product.next_time_rate_year,
          link: '/simple-earn',
        },
      ]
    : [];
}

/** The user's launch-pool history, newest first, filtered by type, coin (stake or reward), project and time. */
export async function launchHistoryList(
  ctx: AppContext,
  user: User,
  q: LaunchHistoryQuery & { page: number; limit: number },
): Promise<{ list: LaunchHistoryRow[]; total: number }> {
  const where = sql.join(
    [
      sql`h.user_id = ${user.id}`,
      q.type ? sql`h.type = ${q.type}` : undefined,
      q.coin ? sql`h.coin = ${q.coin.toUpperCase()}` : undefined,
      q.pid ? sql`h.project_id = ${q.pid}` : undefined,
      q.start_at !== undefined ? sql`h.at >= to_timestamp(${q.start_at})` : undefined,
      q.end_at !== undefined ? sql`h.at < to_timestamp(${q.end_at})` : undefined,
    ].filter((c) => c !== undefined),
    sql` AND `,
  );
  const list = rowsOf<{
    id: number;
    project_id: number;
    project_coin: string;
    pool_id: number;
    pool_coin: string;
    type: LaunchHistoryRow['type'];
    coin: string;
    amount: string;
    at: Date | string;
    destination: 'spot' | 'flexible' | 'fixed' | null;
  }>(
    await ctx.db.execute(sql`
      SELECT h.id, h.project_id, pr.coin AS project_coin, h.pool_id, p.coin AS pool_coin, h.type, h.coin,
        h.amount::text, h.at, h.destination
      FROM launch_history h JOIN launch_pools p ON p.id = h.pool_id JOIN launch_projects pr ON pr.id = h.project_id
      WHERE ${where} ORDER BY h.at DESC, h.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM launch_history h WHERE ${where}`),
  );
  return {
    list: list.map((r) => {
      const timeAt = Math.floor(new Date(r.at).getTime() / 1000);
      return {
        id: Number(r.id),
        pid: r.project_id,
        project_coin: r.project_coin,
        rid: r.pool_id,
        pool_coin: r.pool_coin,
        type: r.type,
        coin: r.coin,
        amount: toWire(r.amount),
        time_at: timeAt,
        // A reward is booked at its hour's end.
        ...(r.type === 'reward' ? { hour: timeAt - 3600 } : {}),
        ...(r.destination ? { destination: r.destination } : {}),
      };
    }),
    total: count?.n ?? 0,
  };
}
