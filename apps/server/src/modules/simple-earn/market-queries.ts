import { ALL_ASSET, aprBreakdown, Decimal, floorHour, HOUR_MS, isAutoEarnOn, toWire } from '@earn/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { cachedRead } from '../../db/read-cache.js';
import { rowsOf } from '../../db/rows.js';
import { autoInvest, flexibleHours } from '../../db/schema.js';
import { noFlexibleProduct } from '../../errors.js';
import type { User } from '../account/repo.js';
import { catalogueCoins } from '../market/repo.js';
import { priceMap } from '../market/tickers.js';
import { clearingQuery } from './clearing-sql.js';
import { type BorrowDemandSource, clearingDemandAt } from './demand.js';
import { catalogueMarkets, type FlexibleMarket, isAwardOpen, listMarkets } from './markets.js';

/**
 * next_time_rate_year: the rate the current book would clear at in the next hour, against the
 * demand expected then (the same clearing, run without writing).
 */
export async function projectNextRates(
  db: Executor,
  demand: BorrowDemandSource,
  markets: readonly FlexibleMarket[],
  nowMs: number,
) {
  const next = new Date(floorHour(nowMs) + HOUR_MS);
  if (markets.length === 0) return new Map<string, string>();
  const demands = await Promise.all(markets.map((m) => clearingDemandAt(demand, db, m, next.getTime())));
  const result = rowsOf<{ coin: string; rate: string }>(
    await db.execute(
      sql`SELECT coin, max(rate)::text AS rate FROM (${clearingQuery(next, demands)}) c WHERE lent > 0 GROUP BY coin`,
    ),
  );
  return new Map(result.map((r) => [r.coin, r.rate]));
}

/**
 * The projection is a clearing over the whole book, so a server reuses it for a while: at most 30
 * seconds, and never across an hour boundary (when the book and the demand change); concurrent
 * misses wait for the one computation under way.
 */
export class RateProjection {
  private cached: { hourMs: number; atMs: number; rates: Map<string, string> } | undefined;
  private inFlight: { hourMs: number; rates: Promise<Map<string, string>> } | undefined;

  constructor(
    private readonly demand: BorrowDemandSource,
    private readonly ttlMs = 30_000,
  ) {}

  async rates(db: Executor, markets: readonly FlexibleMarket[], nowMs: number): Promise<Map<string, string>> {
    const hourMs = floorHour(nowMs);
    const c = this.cached;
    if (c && c.hourMs === hourMs && nowMs - c.atMs < this.ttlMs && nowMs >= c.atMs) return c.rates;
    // Reads that miss together share one computation instead of each clearing the whole book.
    if (this.inFlight?.hourMs === hourMs) return this.inFlight.rates;
    const rates = projectNextRates(db, this.demand, markets, nowMs);
    const flight = { hourMs, rates };
    this.inFlight = flight;
    try {
      const done = await rates;
      this.cached = { hourMs, atMs: nowMs, rates: done };
      return done;
    } finally {
      if (this.inFlight === flight) this.inFlight = undefined;
    }
  }
}

/** The last cleared hour of each coin: its rate and lend ratio. */
/** The current hour's clearing of each coin, once it has cleared (shared by the requests of a second). */
function lastHours(db: Executor, nowMs: number) {
  const current = floorHour(nowMs);
  return cachedRead(
    db,
    'flexible-current-hour',
    async () => {
      const result = await db
        .select()
        .from(flexibleHours)
        .where(eq(flexibleHours.hour, new Date(current)));
      return new Map(result.map((r) => [r.coin, r]));
    },
    current,
  );
}

/** A user's auto-earn switches: all coins, and each coin's own where set (the domain's isAutoEarnOn). */
export interface AutoEarnSwitches {
  all: boolean;
  coins: Map<string, number>;
  isOn(coin: string): boolean;
}

export async function autoInvestStatus(db: Executor, userId: number | undefined): Promise<AutoEarnSwitches> {
  const rows = userId === undefined ? [] : await db.select().from(autoInvest).where(eq(autoInvest.userId, userId));
  const all = rows.some((r) => r.asset === ALL_ASSET && r.status === 1);
  const coins = new Map(rows.filter((r) => r.asset !== ALL_ASSET).map((r) => [r.asset, r.status]));
  return { all, coins, isOn: (coin) => isAutoEarnOn(coins.get(coin), all) };
}

export interface ProductView {
  asset: string;
  icon: string;
  award_asset: string;
  is_open_award_pool: number;
  next_time_rate_year: string;
  last_rate_year: string;
  ext_award_rate_year: string;
  ext_award_limit: string;
  limit_min_lend_rate_year: string;
  max_lend_rate_year: string;
  min_lend_amount: string;
  usdt_rate: string;
  ladder_apr: { left: string; right: string; apr: string; bonus_asset: string }[];
  business_type: number;
  fixed_list: unknown[];
  lend_ratio: string;
  auto_invest_status: number;
  /** next_time_rate_year plus the highest ladder bonus, for sorting and display. */
  estimated_apr: string;
}

/** Every open flexible product as the spec's coin-info fields, with the user's auto-earn status. */
export async function productViews(
  ctx: AppContext,
  projection: RateProjection,
  user: User | null,
): Promise<readonly ProductView[]> {
  const nowMs = ctx.clock.now().getTime();
  // Worked out once per second of the clock and shared (rates, prices and award windows move by the
  // hour); a job that settles, or an operator's change here, forgets it.
  const views = await cachedRead(
    ctx.db,
    'flexible-product-views',
    () => marketViews(ctx, projection, nowMs),
    Math.floor(nowMs / 1000),
  );
  if (!user) return views;
  const auto = await autoInvestStatus(ctx.db, user.id);
  return views.map((v) => ({ ...v, auto_invest_status: auto.isOn(v.asset) ? 1 : 0 }));
}

/** The products as a guest sees them (auto-earn off). */
async function marketViews(ctx: AppContext, projection: RateProjection, nowMs: number): Promise<ProductView[]> {
  const markets = (await catalogueMarkets(ctx.db)).filter((m) => m.isOpen);
  const [coins, prices, next, last] = await Promise.all([
    catalogueCoins(ctx.db),
    priceMap(ctx),
    projection.rates(ctx.db, markets, nowMs),
    lastHours(ctx.db, nowMs),
  ]);
  const icons = new Map(coins.map((c) => [c.symbol, c.icon]));
  return markets.map((m) => {
    const nextRate = next.get(m.coin) ?? last.get(m.coin)?.rate ?? m.limitMinRate;
    const ladder = m.ladderApr.map((t) => ({ ...t, bonus_asset: m.ladderAsset ?? m.coin }));
    return {
      asset: m.coin,
      icon: icons.get(m.coin) ?? '',
      award_asset: m.awardAsset ?? '',
      is_open_award_pool: isAwardOpen(m, nowMs) ? 1 : 0,
      next_time_rate_year: toWire(nextRate),
      last_rate_year: toWire(last.get(m.coin)?.rate ?? '0'),
      ext_award_rate_year: toWire(m.awardRate),
      ext_award_limit: toWire(m.awardLimit),
      limit_min_lend_rate_year: toWire(m.limitMinRate),
      max_lend_rate_year: toWire(m.maxRate),
      min_lend_amount: toWire(m.minLendAmount),
      usdt_rate: prices.get(m.coin) ?? '0',
      ladder_apr: ladder,
      business_type: -1,
      fixed_list: [],
      lend_ratio: toWire(new Decimal(last.get(m.coin)?.lendRatio ?? '0').toDecimalPlaces(4, Decimal.ROUND_DOWN)),
      auto_invest_status: 0,
      // The most a holding can earn (market, award and top ladder tier): the same 'up to' the screens show.
      estimated_apr: toWire(
        aprBreakdown({
          next_time_rate_year: nextRate,
          is_open_award_pool: isAwardOpen(m, nowMs) ? 1 : 0,
          ext_award_rate_year: m.awardRate,
          ext_award_limit: m.awardLimit,
          ladder_apr: m.ladderApr,
        }).upTo,
      ),
    };
  });
}

export interface MarketListQuery {
  page: number;
  limit: number;
  search_coin?: string | undefined;
  /** 3 APR descending, 4 ascending. */
  sort_type?: number | undefined;
  auto_invest?: number | undefined;
  have_balance?: number | undefined;
  have_award?: number | undefined;
  is_subscribed?: number | undefined;
}

/** The market list: search (trimmed, uppercased), filters, APR sort, paging. */
export async function marketList(ctx: AppContext, projection: RateProjection, user: User | null, q: MarketListQuery) {
  let items = [...(await productViews(ctx, projection, user))];
  const search = q.search_coin?.trim().toUpperCase();
  if (search) items = items.filter((i) => i.asset.includes(search));
  if (q.auto_invest === 1) items = items.filter((i) => i.auto_invest_status === 1);
  if (q.have_award === 1) items = items.filter((i) => i.is_open_award_pool === 1 || i.ladder_apr.length > 0);
  if (user && (q.have_balance === 1 || q.is_subscribed === 1)) {
    const held = rowsOf<{ coin: string; wallet: string }>(
      await ctx.db.execute(
        sql`SELECT coin, wallet FROM ledger_accounts WHERE user_id = ${user.id} AND balance > 0 AND wallet IN ('spot', 'unified', 'flexible')`,
      ),
    );
    if (q.have_balance === 1) {
      const coins = new Set(held.filter((h) => h.wallet !== 'flexible').map((h) => h.coin));
      items = items.filter((i) => coins.has(i.asset));
    }
    if (q.is_subscribed === 1) {
      const coins = new Set(held.filter((h) => h.wallet === 'flexible').map((h) => h.coin));
      items = items.filter((i) => coins.has(i.asset));
    }
  }
  if (q.sort_type === 3 || q.sort_type === 4) {
    const dir = q.sort_type === 3 ? -1 : 1;
    items.sort(
      (a, b) => dir * new Decimal(a.estimated_apr).comparedTo(b.estimated_apr) || a.asset.localeCompare(b.asset),
    );
  }
  const start = (q.page - 1) * q.limit;
  return { list: items.slice(start, start + q.limit), total: items.length };
}

/** Hourly (type 1) or daily average (type 2) clearing rates of a coin between two unix times. */
export async function rateChart(db: Executor, asset: string, fromSec: number, toSec: number, type: 1 | 2) {
  const from = new Date(fromSec * 1000).toISOString();
  const to = new Date(toSec * 1000).toISOString();
  const result =
    type === 1
      ? rowsOf<{ time: string; value: string }>(
          await db.execute(sql`
            SELECT extract(epoch FROM hour)::bigint::text AS time, rate::text AS value FROM flexible_hours
            WHERE coin = ${asset.toUpperCase()} AND hour >= ${from}::timestamptz AND hour <= ${to}::timestamptz ORDER BY hour`),
        )
      : rowsOf<{ time: string; value: string }>(
          await db.execute(sql`
            SELECT extract(epoch FROM date_trunc('day', hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::bigint::text AS time,
              trunc(avg(rate), 8)::text AS value
            FROM flexible_hours
            WHERE coin = ${asset.toUpperCase()} AND hour >= ${from}::timestamptz AND hour < (${to}::timestamptz + interval '1 day')
            GROUP BY 1 ORDER BY 1`),
        );
  return result.map((r) => ({ time: Number(r.time), value: toWire(r.value) }));
}

/** The last 24 clearings of a coin with what the user's position offered and lent in each, and why not more. */
export async function lendDetail(db: Executor, userId: number, asset: string, nowMs: number) {
  const coin = asset.toUpperCase();
  const to = new Date(floorHour(nowMs));
  const from = new Date(to.getTime() - 23 * HOUR_MS);
  const hours = await db
    .select()
    .from(flexibleHours)
    .where(
      and(
        eq(flexibleHours.coin, coin),
        sql`${flexibleHours.hour} BETWEEN ${from.toISOString()} AND ${to.toISOString()}`,
      ),
    )
    .orderBy(desc(flexibleHours.hour));
  const mine = rowsOf<{ hour: Date | string; offered: string; lent: string; interest: string; reason: string }>(
    await db.execute(sql`
      SELECT a.hour, a.offered::text, a.lent::text, a.interest::text, a.reason
      FROM flexible_positions p JOIN flexible_allocations a ON a.position_id = p.id
      WHERE p.user_id = ${userId} AND p.coin = ${coin} AND a.hour BETWEEN ${from.toISOString()} AND ${to.toISOString()}`),
  );
  const byHour = new Map(mine.map((m) => [new Date(m.hour).getTime(), m]));
  return hours.map((h) => {
    const m = byHour.get(h.hour.getTime());
    return {
      hour: h.hour.getTime() / 1000,
      rate: toWire(h.rate),
      demand: toWire(h.demand),
      supply: toWire(h.supply),
      lend_ratio: toWire(new Decimal(h.lendRatio).toDecimalPlaces(4, Decimal.ROUND_DOWN)),
      offered: toWire(m?.offered ?? '0'),
      lent: toWire(m?.lent ?? '0'),
      // An hour's interest is paid when it ends; the current hour's is not yet earned.
      interest: toWire(m && h.hour.getTime() < to.getTime() ? m.interest : '0'),
      reason: m?.reason ?? 'not_in_book',
    };
  });
}

/**
 * How much of the last 24 clearings a minimum APR would have been filled in: fully where it was
 * below the clearing rate, partly where equal, not at all above it or with no lending.
 */
export async function simulateMinRate(db: Executor, asset: string, rate: Decimal, nowMs: number) {
  const to = new Date(floorHour(nowMs));
  const from = new Date(to.getTime() - 23 * HOUR_MS);
  const hours = await db
    .select({ rate: flexibleHours.rate, lent: flexibleHours.lent })
    .from(flexibleHours)
    .where(
      and(
        eq(flexibleHours.coin, asset.toUpperCase()),
        sql`${flexibleHours.hour} BETWEEN ${from.toISOString()} AND ${to.toISOString()}`,
      ),
    );
  const lending = hours.filter((h) => new Decimal(h.lent).gt(0));
  const full = lending.filter((h) => rate.lt(h.rate)).length;
  const partial = lending.filter((h) => rate.eq(h.rate)).length;
  return {
    hours: hours.length,
    filled_hours: full,
    partly_filled_hours: partial,
    not_filled_hours: hours.length - full - partial,
  };
}

/**
 * Auto-earn status per asset and the global (ALL_ASSET) switch. Without assets, or with ALL_ASSET
 * among them, every coin with a flexible product; an asset without one is refused.
 */
export async function getAutoInvest(db: Executor, userId: number | undefined, assets: readonly string[]) {
  const [status, markets] = await Promise.all([autoInvestStatus(db, userId), listMarkets(db)]);
  const known = new Set(markets.map((m) => m.coin));
  const named = assets.map((a) => a.toUpperCase());
  const wanted = named.length === 0 || named.includes(ALL_ASSET) ? [...known] : named;
  const unknown = named.find((a) => a !== ALL_ASSET && !known.has(a));
  if (unknown !== undefined) throw noFlexibleProduct('assets', unknown);
  return {
    status: Object.fromEntries(wanted.map((a) => [a, status.isOn(a) ? 1 : 0])),
    global_status: status.all ? 1 : 0,
  };
}
