import { Decimal, orderAprPercent, toWire } from '@earn/domain';
import { HISTORY_REDEEM_CANCELLED } from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { flexibleHistoryRows } from './interest-history.js';

/**
 * History record types (spec: 1 subscribe, 2 redeem, 3 interest, 4 bonus, 5 rate-up), and ours:
 * 6 a cancelled redemption, which puts its amount back, so the history sums to the holding.
 */
export const HISTORY_TYPES = [
  { value: 1, name: 'Subscribe' },
  { value: 2, name: 'Redeem' },
  { value: 3, name: 'Interest' },
  { value: 4, name: 'Bonus' },
  { value: 5, name: 'Rate-up' },
  { value: HISTORY_REDEEM_CANCELLED, name: 'Redeem cancelled' },
] as const;

export interface HistoryQuery {
  page: number;
  limit: number;
  type?: number | undefined;
  asset?: string | undefined;
  /** Unix seconds; the end is exclusive. */
  start_at?: number | undefined;
  end_at?: number | undefined;
  /** 1: interest summed per day (in the given time zone). */
  is_daily_log?: number | undefined;
  /** Offset from UTC in minutes east, for the day boundaries of the daily log. */
  time_zone?: number | undefined;
}

/**
 * Simple Earn history of one product, newest first, with the spec's row fields (fixed rows add
 * their order and term); or, for the daily log, one row per day.
 */
export async function earnHistory(db: Executor, userId: number, product: 'flexible' | 'fixed', q: HistoryQuery) {
  const rows = historyRows(userId, product);
  const filters = sql.join(
    [
      sql`user_id = ${userId}`,
      sql`product = ${product}`,
      q.type ? sql`type = ${q.type}` : undefined,
      q.asset ? sql`coin = ${q.asset.toUpperCase()}` : undefined,
      q.start_at !== undefined ? sql`at >= to_timestamp(${q.start_at})` : undefined,
      q.end_at !== undefined ? sql`at < to_timestamp(${q.end_at})` : undefined,
    ].filter((f) => f !== undefined),
    sql` AND `,
  );
  const offset = (q.page - 1) * q.limit;
  if (q.is_daily_log === 1) {
    const tz = q.time_zone ?? 0;
    // Days in the user's time zone: shift, truncate, shift back (one expression, grouped in a subquery).
    // Bonuses are summed per bonus coin: a day's USDT and GT bonuses are two rows, never one sum.
    const days = sql`
      SELECT date_trunc('day', at + make_interval(mins => ${tz})) - make_interval(mins => ${tz}) AS day, coin, type,
        coalesce(bonus_asset, '') AS bonus_asset, amount
      FROM ${rows} WHERE ${filters}`;
    const groups = sql`d.day, d.coin, d.type, d.bonus_asset`;
    const list = rowsOf<{ day: string; coin: string; amount: string; type: number; bonus_asset: string }>(
      await db.execute(sql`
        SELECT extract(epoch FROM d.day)::bigint::text AS day, d.coin, d.type, d.bonus_asset, sum(d.amount)::text AS amount
        FROM (${days}) d GROUP BY ${groups} ORDER BY d.day DESC, d.coin, d.bonus_asset LIMIT ${q.limit} OFFSET ${offset}`),
    );
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${days}) d GROUP BY ${groups}) t`),
    );
    return {
      list: list.map((r) => ({
        time_at: Number(r.day),
        asset: r.coin,
        type: r.type,
        amount: toWire(r.amount),
        // A bonus's amount is in its own coin, which the row names as the spec's bonus fields do.
        ...(r.bonus_asset ? { bonus_amount: toWire(r.amount), bonus_asset: r.bonus_asset } : {}),
      })),
      total: count?.n ?? 0,
    };
  }
  const list = rowsOf<{
    id: number;
    type: number;
    mode: number;
    coin: string;
    amount: string;
    principal: string | null;
    rate: string | null;
    bonus_asset: string | null;
    order_id: number | null;
    lock_up_period: number | null;
    at: Date | string;
    order_rate: string | null;
    extra_rate: string | null;
    bonus_amount: string | null;
    order_bonus_asset: string | null;
    voucher_ratio: string | null;
    voucher_days: number | null;
  }>(
    // The page first, then what a fixed subscription's order and voucher add to its APR, as its holding
    // shows it, and the days of the voucher a rate-up row pays.
    await db.execute(sql`
      SELECT h.*, o.year_rate::text AS order_rate, o.extra_rate::text AS extra_rate, o.bonus_amount::text AS bonus_amount,
        coalesce(o.bonus_asset, o.coin) AS order_bonus_asset, v.rate_ratio::text AS voucher_ratio, v.rate_day AS voucher_days
      FROM (
        SELECT id, type, mode, product, coin, amount::text, principal::text, rate::text, bonus_asset, order_id, lock_up_period, at
        FROM ${rows}
        WHERE ${filters} ORDER BY at DESC, id DESC LIMIT ${q.limit} OFFSET ${offset}
      ) h
      LEFT JOIN fixed_orders o ON h.type = 1 AND h.product = 'fixed' AND o.id = h.order_id
      LEFT JOIN fixed_orders vo ON h.type IN (1, 5) AND h.product = 'fixed' AND vo.id = h.order_id
      LEFT JOIN rate_up_vouchers v ON v.id = vo.voucher_id
      ORDER BY h.at DESC, h.id DESC`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM ${rows} WHERE ${filters}`));
  return {
    list: list.map((r) => ({
      id: Number(r.id),
      type: r.type,
      mode: r.mode,
      asset: r.coin,
      amount: toWire(r.amount),
      lend_principal: r.principal === null ? '' : toWire(r.principal),
      lend_rate_year: r.rate === null ? '' : toWire(r.rate),
      time_at: Math.floor(new Date(r.at).getTime() / 1000),
      // Fixed rows: the order, its term, its principal, and the extra APR in percent of a rate-up row
      // or of the voucher a subscription applied, for the days it lasts.
      order_id: r.order_id === null ? '' : String(r.order_id),
      lock_up_period: r.lock_up_period ?? 0,
      principal: r.principal === null ? '' : toWire(r.principal),
      rate_ratio:
        r.type === 5 && r.rate !== null
          ? toWire(new Decimal(r.rate).times(100))
          : r.voucher_ratio !== null
            ? toWire(r.voucher_ratio)
            : '',
      rate_day: r.voucher_days === null ? 0 : Math.min(r.voucher_days, r.lock_up_period ?? r.voucher_days),
      // A fixed subscription: the order's whole APR (its holding's figure) and the bonus it pays.
      total_year_rate_percent:
        r.order_rate !== null && r.extra_rate !== null ? orderAprPercent(r.order_rate, r.extra_rate).toFixed(2) : '',
      // A bonus row's amount and coin (its amount is in that coin, not in the row's asset), or the
      // bonus a subscription's order pays.
      ...(r.type === 4 && r.bonus_asset
        ? { bonus_amount: toWire(r.amount), bonus_asset: r.bonus_asset }
        : (orderBonus(r) ?? { bonus_amount: '', bonus_asset: r.bonus_asset ?? '' })),
    })),
    total: count?.n ?? 0,
  };
}

/** The bonus a fixed subscription's order pays, in its coin, if it pays one. */
function orderBonus(r: { bonus_amount: string | null; order_bonus_asset: string | null; coin: string }) {
  if (r.bonus_amount === null || !new Decimal(r.bonus_amount).gt(0)) return null;
  return { bonus_amount: toWire(r.bonus_amount), bonus_asset: r.order_bonus_asset ?? r.coin };
}

/** Coins the user has history of a product in, for the history filter. */
export async function historyCoins(db: Executor, userId: number, product: 'flexible' | 'fixed'): Promise<string[]> {
  const result = rowsOf<{ coin: string }>(
    await db.execute(
      sql`SELECT DISTINCT coin FROM ${historyRows(userId, product)} WHERE user_id = ${userId} AND product = ${product} ORDER BY coin`,
    ),
  );
  return result.map((r) => r.coin);
}

/** A user's history rows of a product: flexible interest is partly read from its allocations. */
function historyRows(userId: number, product: 'flexible' | 'fixed') {
  return product === 'flexible' ? flexibleHistoryRows(userId) : sql`earn_history`;
}
