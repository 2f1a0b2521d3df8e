import {
  areFixedActionsLocked,
  Decimal,
  earlyRedeemInterest,
  FIXED_RECEIPT_DELAY_MS,
  orderAprPercent,
  toWire,
  ZERO,
} from '@earn/domain';
import type { FixedHolding } from '@earn/domain/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { fixedOrders, fixedProducts, rateUpVouchers } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { User } from '../account/repo.js';
import { catalogueCoinMap } from '../market/repo.js';
import type { FixedProductRow } from './products.js';
import type { VoucherRow } from './vouchers.js';

export type FixedOrderRow = typeof fixedOrders.$inferSelect;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The wire status: 0 before interest starts, 1 earning, 2 matured and being paid, 3 paid, 4 redeemed early. */
export function orderStatus(o: Pick<FixedOrderRow, 'state' | 'interestStartAt' | 'finishAt'>, nowMs: number): number {
  if (o.state === 'matured') return 3;
  if (o.state === 'early') return 4;
  if (nowMs < o.interestStartAt.getTime()) return 0;
  return nowMs < o.finishAt.getTime() ? 1 : 2;
}

/** Everything the order pays at maturity in its own coin: interest, voucher interest, and a same-coin ladder bonus. */
export function totalInterest(o: FixedOrderRow): Decimal {
  const bonus = o.bonusAsset === null || o.bonusAsset === o.coin ? new Decimal(o.bonusAmount) : ZERO;
  return new Decimal(o.interest).plus(o.couponInterest).plus(bonus);
}

export function holdingView(
  o: FixedOrderRow,
  p: FixedProductRow,
  voucher: VoucherRow | null,
  icon: string,
  nowMs: number,
): FixedHolding {
  // An order redeemed early paid what it paid (often nothing), when it was redeemed: show that, not the plan.
  // Its APR stays the one it was sold at, and early_redeem then says what redeeming early paid and gave up.
  const early = o.state === 'early';
  const planned = totalInterest(o);
  const total = early ? new Decimal(o.paidInterest ?? 0) : planned;
  const principal = new Decimal(o.principal);
  const percent = orderAprPercent(o.yearRate, o.extraRate);
  const earlyInterest =
    o.state === 'holding'
      ? earlyRedeemInterest(principal, p.preRedeemRate, o.interestStartAt.getTime(), nowMs)
      : early
        ? total
        : ZERO;
  const forfeited = o.state === 'matured' ? ZERO : Decimal.max(planned.minus(earlyInterest), ZERO);
  const bonusAsset = o.bonusAsset ?? o.coin;
  return {
    id: o.id,
    order_id: String(o.id),
    asset: o.coin,
    icon,
    product_id: p.id,
    product_type: p.type,
    title: p.title,
    min_vip: p.minVip,
    max_vip: p.maxVip,
    principal: toWire(principal),
    lock_up_period: o.lockUpPeriod,
    create_time: seconds(o.createdAt),
    interest_start_time: seconds(o.interestStartAt),
    finish_time: seconds(o.finishAt),
    received_time:
      early && o.settledAt ? seconds(o.settledAt) : Math.floor((o.finishAt.getTime() + FIXED_RECEIPT_DELAY_MS) / 1000),
    interest: toWire(early ? total : o.interest),
    total_interest: toWire(total),
    year_rate: toWire(o.yearRate),
    total_year_rate_percent: percent.toFixed(2),
    year_rate_perent: percent.toFixed(2),
    status: orderStatus(o, nowMs),
    redeem_account_type: o.redeemAccountType,
    reinvest_status: o.reinvestStatus,
    reinvest_amount: o.reinvestAmount === null ? '' : toWire(o.reinvestAmount),
    actions_locked: o.state !== 'holding' || areFixedActionsLocked(nowMs, o.finishAt.getTime()),
    coupon_info: voucher
      ? {
          id: voucher.id,
          title: voucher.title,
          rate_ratio: toWire(voucher.rateRatio),
          rate_day: voucher.rateDay,
          buy_limit_low: toWire(voucher.buyLimitLow),
          buy_limit_high: toWire(voucher.buyLimitHigh),
          interest: toWire(o.couponInterest),
        }
      : null,
    // The ladder the order was sold with: an operator's later change (or removal) does not alter its bonus.
    bonus_info:
      o.ladderApr.length > 0 || new Decimal(o.bonusAmount).gt(0)
        ? {
            ladder_apr: o.ladderApr.map((t) => ({
              left: toWire(t.left),
              right: toWire(t.right),
              apr: toWire(t.apr),
              bonus_asset: bonusAsset,
            })),
            bonus_asset: bonusAsset,
            amount: toWire(o.bonusAmount),
            ladder_slices: o.ladderSlices,
          }
        : null,
    product_info: {
      pre_redeem: p.preRedeem ? 1 : 0,
      reinvest: p.reinvest ? 1 : 0,
      redeem_account: p.redeemAccount ? 1 : 0,
      pre_redeem_rate_year: p.preRedeemRate === null ? '' : toWire(p.preRedeemRate),
      min_lend_amount: toWire(p.minLendAmount),
    },
    early_redeem: {
      interest: toWire(earlyInterest),
      amount: toWire(principal.plus(earlyInterest)),
      forfeited: toWire(forfeited),
    },
    renewed_order_id: o.renewedOrderId === null ? '' : String(o.renewedOrderId),
    mode: o.mode,
  };
}

/**
 * The user's fixed holdings (open orders, newest first, paged), or one order of any state by id
 * (the detail page, which still shows an order after it paid out).
 */
export async function fixedHoldings(
  ctx: AppContext,
  user: User,
  q: { page: number; limit: number; asset?: string | undefined; order_id?: number | undefined },
) {
  const where: SQL[] = [eq(fixedOrders.userId, user.id)];
  if (q.order_id !== undefined) where.push(eq(fixedOrders.id, q.order_id));
  else where.push(eq(fixedOrders.state, 'holding'));
  if (q.asset) where.push(eq(fixedOrders.coin, q.asset.toUpperCase()));
  const [rows, totals, coins] = await Promise.all([
    ctx.db
      .select({ o: fixedOrders, p: fixedProducts, v: rateUpVouchers })
      .from(fixedOrders)
      .innerJoin(fixedProducts, eq(fixedProducts.id, fixedOrders.productId))
      .leftJoin(rateUpVouchers, eq(rateUpVouchers.id, fixedOrders.voucherId))
      .where(and(...where))
      .orderBy(desc(fixedOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    ctx.db
      .select({ n: count() })
      .from(fixedOrders)
      .where(and(...where)),
    catalogueCoinMap(ctx.db),
  ]);
  const nowMs = ctx.clock.now().getTime();
  return {
    list: rows.map((r) => holdingView(r.o, r.p, r.v, coins.get(r.o.coin)?.icon ?? '', nowMs)),
    total: Number(totals[0]?.n ?? 0),
  };
}

/** The user's order, locked, with its product (locked after it: the lock order). */
export async function lockUserOrder(tx: Executor, userId: number, orderId: number) {
  const [order] = await tx
    .select()
    .from(fixedOrders)
    .where(and(eq(fixedOrders.id, orderId), eq(fixedOrders.userId, userId)))
    .for('update');
  if (!order) throw notFound(`order ${orderId} does not exist`);
  const [product] = await tx.select().from(fixedProducts).where(eq(fixedProducts.id, order.productId)).for('update');
  if (!product) throw notFound(`fixed product ${order.productId} does not exist`);
  return { order, product };
}
