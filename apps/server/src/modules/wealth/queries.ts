import {
  changeOver,
  DAY_MS,
  Decimal,
  nextValuationMs,
  operatorTexts,
  toDayString,
  toWire,
  unitsValue,
  VALUATION_OFFSET_MS,
  ZERO,
} from '@earn/domain';
import type { WealthLines, WealthOrder, WealthOrderDetail, WealthProduct } from '@earn/domain/contract';
import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { wealthNavs, wealthOrders, wealthPositions } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { User } from '../account/repo.js';
import { allWealthProducts, findWealthProduct, type WealthProductRow } from './products.js';

const seconds = (ms: number) => Math.floor(ms / 1000);
const valuationMs = (day: string) => Date.parse(`${day}T00:00:00Z`) + VALUATION_OFFSET_MS;
/**
 * The days a product was valued: a NAV the operator posted for a day not yet valued is a plan, not
 * the product's NAV, until its valuation (08:30) uses it.
 */
const valued = ne(wealthNavs.source, 'operator');

/** A product's NAV 30 days before its last valuation, for the recent-30-days rate. */
async function navsAround(db: Executor, pids: number[], fromDay: string) {
  if (pids.length === 0) return new Map<number, { day: string; nav: string }[]>();
  const rows = await db
    .select({ pid: wealthNavs.productId, day: wealthNavs.day, nav: wealthNavs.nav })
    .from(wealthNavs)
    .where(and(inArray(wealthNavs.productId, pids), gte(wealthNavs.day, fromDay), valued))
    .orderBy(asc(wealthNavs.day));
  const map = new Map<number, { day: string; nav: string }[]>();
  for (const r of rows) map.set(r.pid, [...(map.get(r.pid) ?? []), r]);
  return map;
}

/** The first day of a window of `days` days that ends on `lastDay` (so a 30-day window spans 30 days). */
function windowStartDay(lastDay: string, days: number): string {
  return toDayString(Date.parse(`${lastDay}T00:00:00Z`) - days * DAY_MS);
}

/** The NAV's change over the 30 days up to its last valuation: the same window as the 30-day chart. */
function recentRate(navs: { day: string; nav: string }[] | undefined, current: string): Decimal {
  const last = navs?.at(-1);
  const first = last && navs?.find((n) => n.day >= windowStartDay(last.day, 30));
  return first ? changeOver(first.nav, current).toDecimalPlaces(8, Decimal.ROUND_HALF_UP) : ZERO;
}

/** A product's texts in the reader's language, English where it has none. */
function textsOf(p: WealthProductRow, locale: string | undefined) {
  const own = operatorTexts(p.translations, locale);
  return {
    name: own?.name ?? p.name,
    manager: own?.manager ?? p.manager,
    strategy: own?.strategy ?? p.strategy,
    disclaimer: own?.disclaimer ?? p.disclaimer,
  };
}

/** The VIP wealth page's products, with the reader's units, worth and pending orders, in their language. */
export async function wealthProductList(
  ctx: AppContext,
  user: User | null,
  projectType?: number,
  locale?: string,
): Promise<WealthProduct[]> {
  const nowMs = ctx.clock.now().getTime();
  const products = (await allWealthProducts(ctx.db)).filter(
    (p) => projectType === undefined || p.projectType === projectType,
  );
  const navs = await navsAround(
    ctx.db,
    products.map((p) => p.id),
    toDayString(nowMs - 31 * DAY_MS),
  );
  const mine = user
    ? rowsOf<{ pid: number; units: string; pending_units: string; pending_amount: string }>(
        await ctx.db.execute(sql`
          SELECT p.id AS pid, coalesce(w.units, 0)::text AS units, coalesce(w.units_pending, 0)::text AS pending_units,
            coalesce((SELECT sum(amount) FROM wealth_orders o WHERE o.user_id = ${user.id} AND o.product_id = p.id
              AND o.side = 'purchase' AND o.status = 'pending'), 0)::text AS pending_amount
          FROM wealth_products p LEFT JOIN wealth_positions w ON w.product_id = p.id AND w.user_id = ${user.id}`),
      )
    : [];
  const byPid = new Map(mine.map((m) => [Number(m.pid), m]));
  return products.map((p) => {
    const m = byPid.get(p.id);
    const last = navs.get(p.id)?.at(-1);
    return {
      pid: p.id,
      project_type: p.projectType,
      ...textsOf(p, locale),
      coin: p.coin,
      min_purchase: toWire(p.minPurchase),
      min_tier: p.minTier,
      fee_rate: toWire(p.feeRate),
      gate_percent: p.gatePercent === null ? '' : toWire(p.gatePercent),
      nav: toWire(p.nav),
      nav_time: last ? seconds(valuationMs(last.day)) : seconds(p.launchedAt.getTime()),
      recent_30_days_rate: toWire(recentRate(navs.get(p.id), p.nav)),
      next_valuation_time: seconds(nextValuationMs(nowMs)),
      unit: toWire(m?.units ?? '0'),
      amount: toWire(unitsValue(m?.units ?? '0', p.nav)),
      unit_pending: toWire(m?.pending_units ?? '0'),
      amount_pending: toWire(m?.pending_amount ?? '0'),
      eligible: user !== null && user.tier >= p.minTier,
    };
  });
}

function orderView(p: WealthProductRow, o: typeof wealthOrders.$inferSelect): WealthOrder {
  return {
    order_id: o.id,
    pid: p.id,
    side: o.side,
    status: o.status,
    amount: toWire(o.amount ?? '0'),
    unit: toWire(o.units ?? '0'),
    carried: toWire(o.carried),
    nav: toWire(o.nav ?? '0'),
    coin: p.coin,
    create_time: seconds(o.createdAt.getTime()),
    valuation_time: seconds(o.valuedAt ? o.valuedAt.getTime() : nextValuationMs(o.createdAt.getTime())),
  };
}

/** A holding's detail (spec: order-detail; order_id is the product's id, one holding per product). */
export async function wealthOrderDetail(
  ctx: AppContext,
  user: User,
  q: { order_id: number; project_type?: number | undefined; locale?: string | undefined },
): Promise<WealthOrderDetail> {
  const pid = q.order_id;
  const p = await findWealthProduct(ctx.db, pid, q.project_type);
  const nowMs = ctx.clock.now().getTime();
  const [position] = await ctx.db
    .select()
    .from(wealthPositions)
    .where(and(eq(wealthPositions.userId, user.id), eq(wealthPositions.productId, pid)));
  const orders = await ctx.db
    .select()
    .from(wealthOrders)
    .where(and(eq(wealthOrders.userId, user.id), eq(wealthOrders.productId, pid)))
    .orderBy(desc(wealthOrders.id))
    .limit(50);
  if (!position && orders.length === 0) throw notFound(`no holding of wealth product ${pid}`);
  const navs = await navsAround(ctx.db, [pid], toDayString(nowMs - 31 * DAY_MS));
  const units = new Decimal(position?.units ?? '0');
  const worth = unitsValue(units, p.nav);
  const cost = new Decimal(position?.cost ?? '0');
  const [invested] = rowsOf<{ total: string }>(
    await ctx.db.execute(sql`
      SELECT coalesce(sum(amount), 0)::text AS total FROM wealth_orders
      WHERE user_id = ${user.id} AND product_id = ${pid} AND side = 'purchase' AND status = 'done'`),
  );
  // The whole return: what is held and what redemptions paid, less everything put in.
  const income = worth.plus(position?.redeemed ?? '0').minus(invested?.total ?? '0');
  return {
    name: textsOf(p, q.locale).name,
    amount: toWire(worth),
    coin: p.coin,
    unit: toWire(units),
    income_amount: toWire(income),
    show_interest: units.gt(0) || !income.isZero(),
    // What each unit held cost on average (the cost shrinks in proportion as units are redeemed).
    net_value_ratio_buy: toWire(units.gt(0) ? cost.div(units).toDecimalPlaces(8, Decimal.ROUND_HALF_UP) : ZERO),
    net_value_ratio: toWire(p.nav),
    recent_30_days_rate: toWire(recentRate(navs.get(pid), p.nav)),
    run_days: position ? Math.max(0, Math.floor((nowMs - position.firstAt.getTime()) / DAY_MS)) : 0,
    client_id: String(user.id).padStart(8, '0'),
    orders: orders.map((o) => orderView(p, o)),
  };
}

/**
 * The detail's chart over 30-730 days: 'rate', the NAV's return since the window's start in percent;
 * 'balance', what the user's units were worth at each valuation. `change` is the window's return (the
 * NAV's, from the first day held), so purchases and redemptions never show as gains or losses.
 */
export async function wealthLines(
  ctx: AppContext,
  user: User | null,
  q: { type: 'balance' | 'rate'; order_id: number; range?: number | undefined; project_type?: number | undefined },
): Promise<WealthLines> {
  const p = await findWealthProduct(ctx.db, q.order_id, q.project_type);
  const [latest] = await ctx.db
    .select({ day: wealthNavs.day })
    .from(wealthNavs)
    .where(and(eq(wealthNavs.productId, p.id), valued))
    .orderBy(desc(wealthNavs.day))
    .limit(1);
  const from = windowStartDay(latest?.day ?? toDayString(ctx.clock.now().getTime()), q.range ?? 30);
  const navs = await ctx.db
    .select({ day: wealthNavs.day, nav: wealthNavs.nav })
    .from(wealthNavs)
    .where(and(eq(wealthNavs.productId, p.id), gte(wealthNavs.day, from), valued))
    .orderBy(asc(wealthNavs.day));
  let values: Decimal[];
  if (q.type === 'rate') {
    const base = navs[0]?.nav ?? '1';
    values = navs.map((n) => changeOver(base, n.nav).times(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP));
  } else {
    if (!user) return { lines: [], change: '0' };
    const done = await ctx.db
      .select({ side: wealthOrders.side, units: wealthOrders.units, at: wealthOrders.valuedAt })
      .from(wealthOrders)
      .where(and(eq(wealthOrders.userId, user.id), eq(wealthOrders.productId, p.id), eq(wealthOrders.status, 'done')))
      .orderBy(asc(wealthOrders.valuedAt));
    values = navs.map((n) => {
      const at = valuationMs(n.day);
      const held = done
        .filter((o) => o.at && o.at.getTime() <= at)
        .reduce((a, o) => (o.side === 'purchase' ? a.plus(o.units ?? '0') : a.minus(o.units ?? '0')), ZERO);
      return unitsValue(held, n.nav);
    });
  }
  // The assets trend starts with the holding: the days before the first units were held say nothing.
  const start =
    q.type === 'balance'
      ? Math.max(
          0,
          values.findIndex((v) => v.gt(0)),
        )
      : 0;
  if (q.type === 'balance' && values.every((v) => v.isZero())) return { lines: [], change: '0' };
  navs.splice(0, start);
  values = values.slice(start);
  const lines = navs.map((n, i) => ({
    timestamp: seconds(valuationMs(n.day)),
    value: toWire(values[i] ?? ZERO),
    diff: toWire((values[i] ?? ZERO).minus(values[i - 1] ?? values[i] ?? ZERO)),
  }));
  // The holding's return over the window is the NAV's: units redeemed or bought are not a loss or a gain.
  const change =
    q.type === 'rate' ? (values.at(-1) ?? ZERO).div(100) : changeOver(navs[0]?.nav ?? '1', navs.at(-1)?.nav ?? '1');
  return { lines, change: toWire(change.toDecimalPlaces(8, Decimal.ROUND_HALF_UP)) };
}
