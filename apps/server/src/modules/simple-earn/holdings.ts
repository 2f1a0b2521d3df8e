import { Decimal, toWire } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/rows.js';
import type { User } from '../account/repo.js';
import { FIXED_WALLET } from '../fixed-earn/open-order.js';
import { priceMap } from '../market/tickers.js';
import { productViews, type RateProjection } from './market-queries.js';
import { earnedInterestOf, lastHourInterestOf, lentNowOf } from './positions.js';

interface PositionRow {
  id: number;
  coin: string;
  held: string;
  redeeming: string;
  lend_amount: string;
  last_interest: string;
  cumulative: string;
  min_rate: string;
}

/**
 * The user's flexible holdings with the spec's fields: the coins they hold or are redeeming (a
 * position wholly redeemed and paid out is no holding; what it earned stays in the history).
 * curr_amount includes what is being redeemed; frozen_amount is that pending redemption
 * (frozen_status 1 while it can be cancelled); lend_amount is what this hour's clearing lent.
 * Margin is not lent against here, so margin_frozen_amount is 0.
 */
export async function flexibleHoldings(
  ctx: AppContext,
  projection: RateProjection,
  user: User,
  page: number,
  limit: number,
  asset?: string,
) {
  const nowMs = ctx.clock.now().getTime();
  const positions = rowsOf<PositionRow>(
    await ctx.db.execute(sql`
      SELECT p.id, p.coin, h.balance::text AS held, r.balance::text AS redeeming,
        ${lentNowOf(sql.raw('p'), nowMs)}::text AS lend_amount, ${lastHourInterestOf(sql.raw('p'), nowMs)}::text AS last_interest,
        ${earnedInterestOf(sql.raw('p'), sql.raw('h'))}::text AS cumulative, p.min_rate::text
      FROM flexible_positions p
      JOIN ledger_accounts h ON h.id = p.account_id
      JOIN ledger_accounts r ON r.id = p.redeeming_account_id
      WHERE p.user_id = ${user.id} AND (h.balance > 0 OR r.balance > 0)
        ${asset ? sql`AND p.coin = ${asset.toUpperCase()}` : sql``}
      ORDER BY h.balance + r.balance DESC, p.coin`),
  );
  const products = new Map((await productViews(ctx, projection, user)).map((p) => [p.asset, p]));
  const prices = await priceMap(ctx);
  const list = positions.map((p) => {
    const product = products.get(p.coin);
    const curr = new Decimal(p.held).plus(p.redeeming);
    return {
      id: p.id,
      asset: p.coin,
      icon: product?.icon ?? '',
      curr_amount: toWire(curr),
      lend_amount: toWire(new Decimal(p.lend_amount).toDecimalPlaces(6, Decimal.ROUND_DOWN)),
      frozen_amount: toWire(p.redeeming),
      frozen_status: new Decimal(p.redeeming).gt(0) ? 1 : 0,
      margin_frozen_amount: '0',
      interest: toWire(p.last_interest),
      cumulative: toWire(p.cumulative),
      next_time_rate_year: product?.next_time_rate_year ?? '0',
      ext_award_rate_year: product?.ext_award_rate_year ?? '0',
      ext_award_limit: product?.ext_award_limit ?? '0',
      award_asset: product?.award_asset ?? '',
      is_open_award_pool: product?.is_open_award_pool ?? 0,
      ladder_apr: product?.ladder_apr ?? [],
      min_lend_rate_year: toWire(p.min_rate),
      limit_min_lend_rate_year: product?.limit_min_lend_rate_year ?? '0',
      max_lend_rate_year: product?.max_lend_rate_year ?? '0.05',
      auto_invest_status: product?.auto_invest_status ?? 0,
      lend_ratio: product?.lend_ratio ?? '0',
      usdt_value: toWire(curr.times(prices.get(p.coin) ?? '0').toDecimalPlaces(8, Decimal.ROUND_DOWN)),
    };
  });
  const start = (page - 1) * limit;
  return { list: list.slice(start, start + limit), total: list.length };
}

/**
 * The user's Simple Earn totals in USDT, flexible and fixed together: what is held (flexible
 * positions with their redemptions, and the principal of open fixed orders, which sits in the fixed
 * wallet), the cumulative return (flexible interest earned, plus every fixed interest, bonus and
 * rate-up payment in history) and the last hour's flexible interest.
 */
export async function earnStatistics(ctx: AppContext, user: User) {
  const nowMs = ctx.clock.now().getTime();
  const [positions, fixed] = await Promise.all([
    ctx.db.execute(sql`
      SELECT p.coin, (h.balance + r.balance)::text AS amount, ${earnedInterestOf(sql.raw('p'), sql.raw('h'))}::text AS cumulative,
        ${lastHourInterestOf(sql.raw('p'), nowMs)}::text AS last
      FROM flexible_positions p JOIN ledger_accounts h ON h.id = p.account_id JOIN ledger_accounts r ON r.id = p.redeeming_account_id
      WHERE p.user_id = ${user.id}`),
    ctx.db.execute(sql`
      SELECT coin, sum(balance)::text AS amount, '0' AS cumulative, '0' AS last
      FROM ledger_accounts WHERE user_id = ${user.id} AND wallet = ${FIXED_WALLET} GROUP BY coin
      UNION ALL
      SELECT coalesce(bonus_asset, coin), '0', sum(amount)::text, '0'
      FROM earn_history WHERE user_id = ${user.id} AND product = 'fixed' AND type IN (3, 4, 5)
      GROUP BY coalesce(bonus_asset, coin)`),
  ]);
  type Row = { coin: string; amount: string; cumulative: string; last: string };
  const flexible = rowsOf<Row>(positions);
  const rows = [...flexible, ...rowsOf<Row>(fixed)];
  const prices = await priceMap(ctx);
  const value = (field: 'amount' | 'cumulative' | 'last') =>
    rows.reduce((acc, p) => acc.plus(new Decimal(p[field]).times(prices.get(p.coin) ?? '0')), new Decimal(0));
  const down = (d: Decimal) => toWire(d.toDecimalPlaces(8, Decimal.ROUND_DOWN));
  return {
    total_lend_usdt: down(value('amount')),
    total_interest_usdt: down(value('cumulative')),
    last_hour_interest_usdt: down(value('last')),
    positions: flexible.filter((p) => new Decimal(p.amount).gt(0)).length,
  };
}
