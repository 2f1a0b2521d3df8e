import { DAY_MS } from '../dates.js';
import { Decimal, type DecimalLike, dec, roundDown, UNLIMITED, ZERO } from '../money.js';
import { fail, ok, type Result } from '../result.js';
import { STAKING_PLACES } from './reward.js';

/**
 * How a product's standard redemption is described (spec, derived): immediate when nothing earns
 * after the stake and there are no redeem days; a period of income_days when only that is set; a
 * maximum only; a fixed number of days; or a range of days.
 */
export type RedeemPeriod = 'immediate' | 'period' | 'max_only' | 'min_eq_max' | 'min_ne_max';

export interface RedeemDays {
  income_days: number;
  redeem_minday: number;
  redeem_maxday: number;
}

export function redeemPeriod(p: RedeemDays): RedeemPeriod {
  const min = Math.max(p.redeem_minday, 0);
  const max = Math.max(p.redeem_maxday, 0);
  if (min === 0 && max === 0) return p.income_days > 0 ? 'period' : 'immediate';
  if (min === 0) return 'max_only';
  if (max === 0 || min === max) return 'min_eq_max';
  return 'min_ne_max';
}

/** The days a standard redemption waits at most: the maximum, else the minimum, else income_days. */
export function redeemWaitDays(p: RedeemDays): number {
  return Math.max(p.redeem_maxday, p.redeem_minday, 0) || Math.max(p.income_days, 0);
}

/**
 * When a standard redemption arrives: at once when it waits no days, otherwise at the last daily
 * run (00:00 UTC) within that many days of the request, so "within N days" always holds. Coins in
 * the queue earn nothing.
 */
export function standardArrivalMs(requestedMs: number, waitDays: number): number {
  if (waitDays <= 0) return requestedMs;
  return Math.floor((requestedMs + waitDays * DAY_MS) / DAY_MS) * DAY_MS;
}

/** When a fast redemption arrives: within redeem_quick_long minutes. */
export function fastArrivalMs(requestedMs: number, quickMinutes: number): number {
  return requestedMs + Math.max(quickMinutes, 0) * 60_000;
}

/** What a limit leaves (a cap or a daily quota): null when it is unlimited (-1). */
export function remainingOf(limit: DecimalLike, used: DecimalLike): Decimal | null {
  const l = dec(limit);
  if (l.eq(UNLIMITED)) return null;
  return Decimal.max(l.minus(used), ZERO);
}

/**
 * Fast redemption is offered (spec) when the product enables it and today's platform-wide quota is
 * unlimited or has at least the minimum redeem amount left.
 */
export function isFastRedeemAvailable(input: {
  enabled: boolean;
  dailyQuota: DecimalLike;
  usedToday: DecimalLike;
  minRedeemAmount: DecimalLike;
}): boolean {
  if (!input.enabled) return false;
  const left = remainingOf(input.dailyQuota, input.usedToday);
  return left === null || (left.gt(0) && left.gte(input.minRedeemAmount));
}

/** A redemption's fee and what arrives (spec): fee = amount x rate rounded down to 8, received = amount - fee. */
export function redeemFee(amount: DecimalLike, feeRate: DecimalLike) {
  const fee = roundDown(dec(amount).times(feeRate), STAKING_PLACES);
  return { fee, received: dec(amount).minus(fee) };
}

type Refusal = { key: string; message: string; params?: Record<string, string> };

/**
 * Redeem amount (spec): below min_redeem_amount is the minimum-limit error, above what is held the
 * insufficient error; a fast redemption may not exceed what is left of today's quota. The whole
 * holding may always be redeemed, even below the minimum, so no remainder is ever stuck.
 */
export function checkRedeemAmount(
  amountIn: DecimalLike,
  rules: { coin: string; minRedeemAmount: DecimalLike; redeemable: DecimalLike; fastLeft?: Decimal | null },
): Result<Decimal, Refusal> {
  const amount = roundDown(amountIn, STAKING_PLACES);
  if (amount.lte(0)) return fail({ key: 'staking.amount.required', message: 'Enter an amount above 0' });
  if (amount.lt(rules.minRedeemAmount) && !amount.eq(rules.redeemable)) {
    const min = dec(rules.minRedeemAmount).toFixed();
    return fail({
      key: 'staking.redeem.min',
      message: `The minimum redemption is ${min} ${rules.coin}`,
      params: { amount: min, coin: rules.coin },
    });
  }
  if (amount.gt(rules.redeemable)) {
    const held = dec(rules.redeemable).toFixed();
    return fail({
      key: 'staking.redeem.insufficient',
      message: `You can redeem at most ${held} ${rules.coin}`,
      params: { amount: held, coin: rules.coin },
    });
  }
  if (rules.fastLeft && amount.gt(rules.fastLeft)) {
    const left = rules.fastLeft.toFixed();
    return fail({
      key: 'staking.fast.quota',
      message: `Fast redemption has ${left} ${rules.coin} left today`,
      params: { amount: left, coin: rules.coin },
    });
  }
  return ok(amount);
}
