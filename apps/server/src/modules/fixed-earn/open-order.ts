import { type Decimal, fixedInterest, type LadderSlice, type RateUpVoucher, voucherInterest } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { type AccountRef, userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { type FixedProductRow, ladderWire, termBonus, termExtraRate } from './products.js';
import type { VoucherRow } from './vouchers.js';

/** The ledger wallet holding a user's fixed principal of a coin (the sum of their open orders). */
export const FIXED_WALLET = 'fixed';

export interface NewOrder {
  userId: number;
  product: FixedProductRow;
  amount: Decimal;
  /** Where the principal comes from (the trading wallet, a released launch-pool stake). */
  from: AccountRef;
  /** A debit of `from` must leave this much (borrowed coins are never lent). */
  keepAtLeast?: Decimal;
  voucher: VoucherRow | null;
  priceRatio: Decimal;
  /** The parts of the product's ladder the order takes (placeOnLadder over the user's held orders). */
  ladderAt: readonly LadderSlice[];
  redeemAccountType: number;
  reinvestStatus: number;
  reinvestAmount: Decimal | null;
  timeline: { subscribedMs: number; interestStartMs: number; finishMs: number };
  /** History mode: 0 a user's subscription, 10 a launch-pool release. */
  mode: number;
  /** APR on top of the product's for this order alone (a launch pool's fixed-release bonus). */
  extraRate?: Decimal;
}

/**
 * Opens a fixed order inside the caller's transaction, the product row already locked and the
 * amount checked: the principal moves into the user's fixed wallet, the product's held quota grows,
 * the voucher is consumed, and the subscription is written to history. What the order pays at
 * maturity is fixed now.
 */
export async function openOrder(tx: Executor, o: NewOrder) {
  const { product } = o;
  const yearRate = o.extraRate ? o.extraRate.plus(product.yearRate).toFixed() : product.yearRate;
  const interest = fixedInterest(o.amount, yearRate, product.lockUpPeriod);
  const bonus = termBonus(product, o.amount, o.priceRatio, o.ladderAt);
  const voucher: RateUpVoucher | null = o.voucher && {
    rate_ratio: o.voucher.rateRatio,
    rate_day: o.voucher.rateDay,
    buy_limit_low: o.voucher.buyLimitLow,
    buy_limit_high: o.voucher.buyLimitHigh,
  };
  const coupon = voucher ? voucherInterest(o.amount, voucher, product.lockUpPeriod) : null;
  const extraRate = termExtraRate(product, o.amount, voucher, o.ladderAt);
  const at = new Date(o.timeline.subscribedMs);
  await post(tx, {
    kind: 'fixed.subscribe',
    ref: `product:${product.id}`,
    userId: o.userId,
    at,
    postings: [
      { account: o.from, amount: o.amount.neg(), ...(o.keepAtLeast ? { keepAtLeast: o.keepAtLeast } : {}) },
      { account: userAccount(o.userId, FIXED_WALLET, product.coin), amount: o.amount },
    ],
  });
  const [order] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO fixed_orders (user_id, product_id, coin, principal, year_rate, lock_up_period, interest, bonus_asset,
        bonus_amount, voucher_id, coupon_interest, extra_rate, ladder_apr, ladder_slices, created_at, interest_start_at,
        finish_at, redeem_account_type, reinvest_status, reinvest_amount, mode)
      VALUES (${o.userId}, ${product.id}, ${product.coin}, ${o.amount.toFixed()}, ${yearRate}, ${product.lockUpPeriod},
        ${interest.toFixed()}, ${product.bonusAsset ?? product.coin}, ${bonus.toFixed()}, ${o.voucher?.id ?? null},
        ${coupon?.toFixed() ?? '0'}, ${extraRate.toFixed(18)}, ${JSON.stringify(product.ladderApr)}::jsonb,
        ${JSON.stringify(ladderWire(o.ladderAt))}::jsonb, ${at.toISOString()},
        ${new Date(o.timeline.interestStartMs).toISOString()}, ${new Date(o.timeline.finishMs).toISOString()},
        ${o.redeemAccountType}, ${o.reinvestStatus}, ${o.reinvestAmount?.toFixed() ?? null}, ${o.mode})
      RETURNING id`),
  );
  if (!order) throw new Error('fixed order was not written');
  const orderId = Number(order.id);
  await tx.execute(
    sql`UPDATE fixed_products SET held = held + ${o.amount.toFixed()}::numeric WHERE id = ${product.id}`,
  );
  if (o.voucher) {
    await tx.execute(sql`UPDATE rate_up_vouchers SET used_order_id = ${orderId} WHERE id = ${o.voucher.id}`);
  }
  await tx.execute(sql`
    INSERT INTO earn_history (user_id, product, type, mode, coin, amount, rate, order_id, lock_up_period, at)
    VALUES (${o.userId}, 'fixed', 1, ${o.mode}, ${product.coin}, ${o.amount.toFixed()}, ${yearRate},
      ${orderId}, ${product.lockUpPeriod}, ${at.toISOString()})`);
  return { orderId, interest, bonus, coupon, extraRate };
}
