import { DAY_MS, HOUR_MS } from '../dates.js';
import { Decimal, type DecimalLike, dec, roundDown, ZERO } from '../money.js';
import { fail, ok, type Result } from '../result.js';
import { type LadderSlice, type LadderTier, ladderAprOver, SUBSCRIBE_PLACES } from './flexible.js';

/** A matured order's principal and interest arrive this long after its finish_time (spec). */
export const FIXED_RECEIPT_DELAY_MS = 30 * 60_000;
/** Redeem, auto-reinvest and redeem-to lock this long before finish_time (spec). */
export const FIXED_ACTION_LOCK_MS = HOUR_MS;
/** The lock-up terms the screens offer as tabs (spec), in days. */
export const FIXED_TERMS = [1, 7, 30, 90] as const;
/** Fixed product kinds: 1 normal, 2 VIP only, 3 special (eligibility checked per user). */
export const FixedProductType = { normal: 1, vip: 2, special: 3 } as const;

/**
 * The fixed timeline (spec): interest starts the next day 00:00 UTC, even for a subscription made
 * exactly at midnight; the order matures lock_up_period days later, so lock_up_period + 1 days after
 * the day it was made; the money arrives 30 minutes after that. Subscribed 10 March 15:00 for 7
 * days: interest from 11 March, finish 18 March 00:00, received 00:30.
 */
export function fixedTimeline(subscribedMs: number, lockUpDays: number) {
  const interestStartMs = Math.floor(subscribedMs / DAY_MS) * DAY_MS + DAY_MS;
  const finishMs = interestStartMs + lockUpDays * DAY_MS;
  return { subscribedMs, interestStartMs, finishMs, receivedMs: finishMs + FIXED_RECEIPT_DELAY_MS };
}

/**
 * A renewed order (auto-reinvest) earns from the instant its predecessor matured: no day without
 * interest between the two, and it matures lock_up_period days later.
 */
export function renewalTimeline(previousFinishMs: number, lockUpDays: number) {
  const finishMs = previousFinishMs + lockUpDays * DAY_MS;
  return {
    subscribedMs: previousFinishMs,
    interestStartMs: previousFinishMs,
    finishMs,
    receivedMs: finishMs + FIXED_RECEIPT_DELAY_MS,
  };
}

/**
 * An order's whole return as an APR in percent, 2 places: what the holdings show. Worked out from
 * the rates (its own, and what its voucher and bonus add, orderExtraRate), not back from its
 * interest, which was rounded down to 8 places (a small order at 1% would show 0.99%).
 */
export function orderAprPercent(yearRate: DecimalLike, extraRate: DecimalLike): Decimal {
  return dec(yearRate).plus(extraRate).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * The APR a rate-up voucher and a ladder bonus paid in the order's own coin add over a whole order
 * of `amount` for `termDays`, exact, from their terms: the voucher's rate on the part of the amount
 * it covers for the days it lasts, each tier's APR on the part of the order inside it, the order
 * sitting `at` its parts of the ladder (placeOnLadder; default [0, amount]).
 */
export function orderExtraRate(
  amount: DecimalLike,
  termDays: number,
  extras: { voucher: RateUpVoucher | null; ladder: readonly LadderTier[]; at?: readonly LadderSlice[] },
): Decimal {
  const a = dec(amount);
  if (a.lte(0) || termDays <= 0) return ZERO;
  const { voucher } = extras;
  const voucherRate =
    voucher === null
      ? ZERO
      : voucherCovered(a, voucher)
          .div(a)
          .times(dec(voucher.rate_ratio).div(100))
          .times(Math.min(voucher.rate_day, termDays))
          .div(termDays);
  return voucherRate.plus(ladderAprOver(a, extras.ladder, extras.at));
}

/** Whether an order's actions (redeem early, auto-reinvest, redeem-to) are locked: within 1 hour of finish_time or after it. */
export function areFixedActionsLocked(nowMs: number, finishMs: number): boolean {
  return nowMs >= finishMs - FIXED_ACTION_LOCK_MS;
}

/**
 * Interest of a fixed order (spec): the amount rounded down to 6 places, times the APR, / 365, times
 * the days, rounded down to 8 places.
 */
export function fixedInterest(amount: DecimalLike, yearRate: DecimalLike, days: number): Decimal {
  return roundDown(roundDown(amount, SUBSCRIBE_PLACES).times(yearRate).div(365).times(days), 8);
}

/** A rate-up voucher's terms (spec field names): rate_ratio in percent, buy limits, 0 = no upper limit. */
export interface RateUpVoucher {
  rate_ratio: DecimalLike;
  rate_day: number;
  buy_limit_low: DecimalLike;
  buy_limit_high: DecimalLike;
}

/**
 * Extra interest of a rate-up voucher (spec): amount x rate_ratio / 100 / 365 x rate_day, on no more
 * than buy_limit_high (0: no limit), and nothing below buy_limit_low (such a subscription is refused
 * with the voucher); rounded as fixedInterest. The rate is raised only while the money is lent: a
 * voucher of 30 days on a 7-day order counts 7 days, or "+1.5% APR" would pay 6.4% more.
 */
export function voucherInterest(amount: DecimalLike, voucher: RateUpVoucher, termDays: number): Decimal {
  const counted = voucherCovered(amount, voucher);
  if (counted.isZero()) return ZERO;
  return fixedInterest(counted, dec(voucher.rate_ratio).div(100), Math.min(voucher.rate_day, termDays));
}

/** The part of an amount a voucher's rate applies to: none under its low limit, at most its high one. */
function voucherCovered(amount: DecimalLike, voucher: RateUpVoucher): Decimal {
  const a = roundDown(amount, SUBSCRIBE_PLACES);
  if (a.lt(voucher.buy_limit_low) || a.lte(0)) return ZERO;
  const high = dec(voucher.buy_limit_high);
  return high.gt(0) ? Decimal.min(a, high) : a;
}

/**
 * What an early redemption pays on top of the principal: nothing under the spec's rule (the unpaid
 * interest, bonus and voucher interest are forfeited), or, when the product sets an early-exit APR,
 * that APR for the whole days held since interest started.
 */
export function earlyRedeemInterest(
  principal: DecimalLike,
  earlyExitRate: DecimalLike | null,
  interestStartMs: number,
  nowMs: number,
): Decimal {
  if (earlyExitRate === null || dec(earlyExitRate).lte(0)) return ZERO;
  const daysHeld = Math.max(0, Math.floor((nowMs - interestStartMs) / DAY_MS));
  return fixedInterest(principal, earlyExitRate, daysHeld);
}

/**
 * At maturity with auto-reinvest: how much of the principal renews and how much is paid out. Empty
 * `reinvestAmount` renews all of it; a chosen amount renews that much (never more than the
 * principal). The interest is always paid out.
 */
export function renewalSplit(principal: DecimalLike, reinvestAmount: DecimalLike | null) {
  const p = dec(principal);
  const renew = reinvestAmount === null ? p : Decimal.min(Decimal.max(dec(reinvestAmount), 0), p);
  return { renew, paidOut: p.minus(renew) };
}

/**
 * A chosen renewal amount (partial renewal): above 0, at most the principal, and at least the
 * product's minimum subscription, since a smaller renewal could not open an order at maturity.
 */
export function checkRenewalAmount(
  renew: DecimalLike,
  rules: { principal: DecimalLike; minLendAmount: DecimalLike; asset: string },
): Result<Decimal, { key: string; message: string; params?: Record<string, string> }> {
  const r = dec(renew);
  if (r.gt(rules.principal)) {
    return fail({ key: 'fixed.reinvest.aboveAmount', message: 'The amount to renew must not be above the principal' });
  }
  if (r.lte(0) || r.lt(rules.minLendAmount)) {
    const min = dec(rules.minLendAmount).toFixed();
    return fail({
      key: 'fixed.reinvest.belowMinimum',
      message: `The amount to renew must be at least ${min} ${rules.asset}`,
      params: { amount: min, asset: rules.asset },
    });
  }
  return ok(r);
}

/** VIP products are listed by min_vip*10+max_vip (spec). */
export function vipSortKey(p: { min_vip: number; max_vip: number }): number {
  return p.min_vip * 10 + p.max_vip;
}

/** A VIP product's tier label, V{min}-{max} (spec). */
export function vipLabel(p: { min_vip: number; max_vip: number }): string {
  return `V${p.min_vip}-${p.max_vip}`;
}

/** What a fixed subscription is checked against: the product, the wallet, both quotas and the voucher. */
export interface FixedSubscribeRules {
  asset: string;
  minLendAmount: DecimalLike;
  available: DecimalLike;
  /** What the product still sells (total quota less what is held). */
  productRemaining: DecimalLike;
  /** What this user may still put in (user_max_lend_volume less what they hold in the product). */
  userRemaining: DecimalLike;
  voucher?: Pick<RateUpVoucher, 'buy_limit_low' | 'buy_limit_high'> | undefined;
}

/** A passing fixed amount, with the spec's non-blocking warning when it is above the voucher's maximum. */
export interface FixedSubscribeAmount {
  amount: Decimal;
  warning?: { key: string; message: string; params: Record<string, string> };
}

/**
 * Fixed subscribe amount, in the spec's order: the product minimum, the balance, then the remaining
 * quota (below the minimum: remaining-quota error; above the amount: individual-quota error), then
 * the voucher's lower limit (its upper limit only warns: interest above it is not raised). The
 * amount is rounded down to 6 places.
 */
export function checkFixedSubscribe(amountIn: DecimalLike, rules: FixedSubscribeRules): Result<FixedSubscribeAmount> {
  const amount = roundDown(amountIn, SUBSCRIBE_PLACES);
  const min = dec(rules.minLendAmount);
  if (amount.lte(0) || amount.lt(min)) {
    return fail({
      key: 'lend_earn.minimum.purchase',
      message: `The minimum subscription is ${min.toFixed()} ${rules.asset}`,
      params: { amount: min.toFixed(), asset: rules.asset },
    });
  }
  if (amount.gt(rules.available)) {
    return fail({
      key: 'lend_earn.insufficient.balance',
      message: `Not enough ${rules.asset} available`,
      params: { asset: rules.asset },
    });
  }
  const remaining = Decimal.max(Decimal.min(dec(rules.productRemaining), dec(rules.userRemaining)), 0);
  if (remaining.lt(min)) {
    const quota = remaining.toFixed();
    // The user's own limit, when it is the one that binds, is not the product's quota running out.
    return dec(rules.userRemaining).lt(rules.productRemaining)
      ? fail({
          key: 'fixed.remaining.quota',
          message: `Your remaining quota for this product is ${quota} ${rules.asset}, below the minimum subscription`,
          params: { quota, asset: rules.asset, context: 'personal' },
        })
      : fail({
          key: 'fixed.remaining.quota',
          message: `This product has ${quota} ${rules.asset} left, below the minimum subscription`,
          params: { quota, asset: rules.asset },
        });
  }
  if (amount.gt(remaining)) {
    return fail({
      key: 'fixed.individual.quota',
      message: `You can subscribe at most ${remaining.toFixed()} ${rules.asset}`,
      params: { quota: remaining.toFixed(), asset: rules.asset },
    });
  }
  const voucher = rules.voucher;
  if (voucher && amount.lt(voucher.buy_limit_low)) {
    const low = dec(voucher.buy_limit_low).toFixed();
    return fail({
      key: 'lend_earn.minimum.purchase',
      message: `The voucher needs a subscription of at least ${low} ${rules.asset}`,
      // The spec's minimum-purchase error, said of the voucher (the key's 'voucher' context).
      params: { amount: low, asset: rules.asset, context: 'voucher' },
    });
  }
  if (voucher && dec(voucher.buy_limit_high).gt(0) && amount.gt(voucher.buy_limit_high)) {
    const high = dec(voucher.buy_limit_high).toFixed();
    return ok({
      amount,
      warning: {
        key: 'fixed.voucher.maximum',
        message: `The voucher raises the rate on up to ${high} ${rules.asset}`,
        params: { amount: high, asset: rules.asset },
      },
    });
  }
  return ok({ amount });
}

/** A product as subscribe-again sees it. */
export interface SubscribeAgainCandidate {
  id: number;
  type: number;
  sale_status: number;
  year_rate: DecimalLike;
}

/**
 * Subscribe again (spec): the order's own product while it sells; otherwise the normal product with
 * the highest year_rate among those that sell; otherwise flexible, unless the coin is fixed-only;
 * otherwise the Simple Earn home.
 */
export function subscribeAgainTarget(
  productId: number,
  candidates: readonly SubscribeAgainCandidate[],
  opts: { hasFlexible: boolean },
): { kind: 'fixed'; productId: number } | { kind: 'flexible' } | { kind: 'home' } {
  const selling = candidates.filter((c) => c.sale_status === 1);
  if (selling.some((c) => c.id === productId)) return { kind: 'fixed', productId };
  const best = selling
    .filter((c) => c.type === FixedProductType.normal)
    .reduce<SubscribeAgainCandidate | undefined>((a, c) => (a && dec(a.year_rate).gte(c.year_rate) ? a : c), undefined);
  if (best) return { kind: 'fixed', productId: best.id };
  return opts.hasFlexible ? { kind: 'flexible' } : { kind: 'home' };
}
