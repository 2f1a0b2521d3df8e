import { dec, parseAmount, toWire } from '@earn/domain';
import type { RateUpCoupon, VoucherInput } from '@earn/domain/contract';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { rateUpVouchers } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, noAccountWithEmail, refused, unlistedCoin } from '../../errors.js';
import { findUserByEmail } from '../account/repo.js';
import { findCoin } from '../market/repo.js';

export type VoucherRow = typeof rateUpVouchers.$inferSelect;

/**
 * The voucher a subscription applies, locked so it is consumed once even under parallel requests:
 * refused when it is another user's (or does not exist), already used, expired, or of another coin.
 */
export async function lockVoucher(tx: Executor, id: number, userId: number, coin: string, now: Date) {
  const [v] = await tx
    .select()
    .from(rateUpVouchers)
    .where(and(eq(rateUpVouchers.id, id), eq(rateUpVouchers.userId, userId)))
    .for('update');
  if (!v) throw badRequest('This voucher does not exist', 'fixed.voucher.missing');
  if (v.usedOrderId !== null) throw badRequest('This voucher has already been used', 'fixed.voucher.used');
  if (v.expiresAt.getTime() <= now.getTime()) throw badRequest('This voucher has expired', 'fixed.voucher.expired');
  if (v.coin !== coin) throw badRequest(`This voucher is for ${v.coin} products only`, 'fixed.voucher.coin');
  return v;
}

export function voucherView(v: VoucherRow): RateUpCoupon {
  const high = dec(v.buyLimitHigh);
  return {
    id: v.id,
    title: v.title,
    rate_day: v.rateDay,
    rate_ratio: toWire(v.rateRatio),
    buy_limit_low: toWire(v.buyLimitLow),
    buy_limit_high: toWire(v.buyLimitHigh),
    using_currency: v.coin,
    expired_timest: Math.floor(v.expiresAt.getTime() / 1000),
    popup_msg: `+${toWire(v.rateRatio)}% APR for ${v.rateDay} days`,
    popup_high_light: high.gt(0) ? `up to ${toWire(high)} ${v.coin}` : '',
  };
}

/**
 * The user's usable vouchers for a coin, best first: the most extra interest at the largest amount
 * each counts (its upper limit), then the soonest to expire.
 */
export async function recommendVouchers(db: Executor, userId: number, coin: string, now: Date) {
  const rows = await db
    .select()
    .from(rateUpVouchers)
    .where(
      and(
        eq(rateUpVouchers.userId, userId),
        eq(rateUpVouchers.coin, coin),
        isNull(rateUpVouchers.usedOrderId),
        gt(rateUpVouchers.expiresAt, now),
      ),
    )
    .orderBy(asc(rateUpVouchers.expiresAt), asc(rateUpVouchers.id));
  const worth = (v: VoucherRow) =>
    dec(v.rateRatio)
      .times(v.rateDay)
      .times(dec(v.buyLimitHigh).isZero() ? 1_000_000 : v.buyLimitHigh);
  return rows.sort((a, b) => worth(b).comparedTo(worth(a)) || a.expiresAt.getTime() - b.expiresAt.getTime());
}

/** Operator: issues a voucher to a user. */
export async function issueVoucher(ctx: AppContext, input: VoucherInput) {
  const ratio = parseAmount('rate_ratio', input.rate_ratio, { maxDecimals: 4, max: '100' });
  if (!ratio.ok) throw refused(ratio);
  const low = parseAmount('buy_limit_low', input.buy_limit_low, { maxDecimals: 8, allowZero: true });
  if (!low.ok) throw refused(low);
  const high = parseAmount('buy_limit_high', input.buy_limit_high, { maxDecimals: 8, allowZero: true });
  if (!high.ok) throw refused(high);
  if (high.value.gt(0) && high.value.lt(low.value))
    throw badRequest('buy_limit_high must be 0 or at least buy_limit_low');
  const now = ctx.clock.now();
  if (input.expired_timest * 1000 <= now.getTime()) throw badRequest('expired_timest must be in the future');
  return runTx(ctx.db, async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) throw noAccountWithEmail(input.email);
    const coin = await findCoin(tx, input.coin);
    if (!coin) throw unlistedCoin('coin', input.coin);
    const [row] = await tx
      .insert(rateUpVouchers)
      .values({
        userId: user.id,
        coin: coin.symbol,
        title: input.title || `${coin.symbol} +${ratio.value.toFixed()}% APR`,
        rateRatio: ratio.value.toFixed(),
        rateDay: input.rate_day,
        buyLimitLow: low.value.toFixed(),
        buyLimitHigh: high.value.toFixed(),
        expiresAt: new Date(input.expired_timest * 1000),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('voucher was not written');
    return voucherView(row);
  });
}
