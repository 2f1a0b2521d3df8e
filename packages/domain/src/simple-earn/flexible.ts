import { amountRefusal, parseAmount, RATE_EXAMPLE } from '../amount.js';
import { HOUR_MS } from '../dates.js';
import { Decimal, type DecimalLike, dec, roundDown, roundUp, ZERO } from '../money.js';
import { fail, ok, type Result } from '../result.js';

/** Default maximum of the minimum lend APR (spec: 5, in percent). */
export const DEFAULT_MAX_LEND_RATE = '0.05';
/** Smallest flexible redemption (spec). */
export const MIN_REDEEM = '0.000001';
/** Subscribe amounts are sent rounded down to 6 places. */
export const SUBSCRIBE_PLACES = 6;
/** Redeem inputs accept 8 places. */
export const REDEEM_PLACES = 8;
/** At this lend ratio the redeem dialog warns that part may be frozen until the hour settles. */
export const HIGH_LEND_RATIO = '0.8';

/** Start of the hour containing `ms`. */
export function floorHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** The first hour boundary at or after `ms`. */
export function ceilHour(ms: number): number {
  return Math.ceil(ms / HOUR_MS) * HOUR_MS;
}

/**
 * The flexible timeline. A subscription lends from the first hour that starts at least 1 hour after
 * it (the clearing of hour H pays positions subscribed by H - 1h), and that hour's interest is
 * received when it ends: subscribed at 10:00, interest starts 11:00 and arrives 12:00.
 */
export function flexibleTimeline(subscribedMs: number) {
  const interestStartMs = ceilHour(subscribedMs + HOUR_MS);
  return { subscribedMs, interestStartMs, interestReceivedMs: interestStartMs + HOUR_MS };
}

/** Whether a subscription made at `subscribedMs` is in the book that clears hour `hourStartMs`. */
export function isInBook(subscribedMs: number, hourStartMs: number): boolean {
  return subscribedMs <= hourStartMs - HOUR_MS;
}

/** What a flexible position can redeem: current minus frozen minus margin frozen, never below 0. */
export function redeemable(p: {
  curr_amount: DecimalLike;
  frozen_amount: DecimalLike;
  margin_frozen_amount: DecimalLike;
}) {
  return Decimal.max(dec(p.curr_amount).minus(p.frozen_amount).minus(p.margin_frozen_amount), ZERO);
}

export type SubscribeCheck = Result<Decimal, { key: string; message: string; params?: Record<string, string> }>;

/**
 * Subscribe amount, checked in the spec's order: below the product minimum, then above the
 * available balance. The amount sent is rounded down to 6 places.
 */
export function checkFlexibleSubscribe(
  amount: DecimalLike,
  rules: { minLendAmount: DecimalLike; available: DecimalLike; asset: string },
): SubscribeCheck {
  const value = roundDown(amount, SUBSCRIBE_PLACES);
  if (value.lte(0) || value.lt(rules.minLendAmount)) {
    const min = dec(rules.minLendAmount).toFixed();
    return fail({
      key: 'lend_earn.minimum.purchase',
      message: `The minimum subscription is ${min} ${rules.asset}`,
      params: { amount: min, asset: rules.asset },
    });
  }
  if (value.gt(rules.available)) {
    return fail({
      key: 'lend_earn.insufficient.balance',
      message: `Not enough ${rules.asset} available`,
      params: { asset: rules.asset },
    });
  }
  return ok(value);
}

/**
 * Flexible redeem input: at most 8 places, at least 0.000001 ('redeem.number.minLimit'), and not
 * above what can be redeemed (the dialog clamps to it).
 */
export function checkFlexibleRedeem(amount: DecimalLike, redeemableAmount: DecimalLike): Result<Decimal> {
  const value = dec(amount);
  if (value.decimalPlaces() > REDEEM_PLACES) {
    return fail(
      amountRefusal('amount', `must have at most ${REDEEM_PLACES} decimal places`, 'places', {
        places: String(REDEEM_PLACES),
      }),
    );
  }
  if (value.lt(MIN_REDEEM)) {
    return fail({ key: 'redeem.number.minLimit', field: 'amount', message: `The minimum redemption is ${MIN_REDEEM}` });
  }
  if (value.gt(redeemableAmount)) {
    return fail({
      key: 'redeem.number.maxLimit',
      field: 'amount',
      message: `The current maximum is ${dec(redeemableAmount).toFixed()}`,
      params: { amount: dec(redeemableAmount).toFixed() },
    });
  }
  return ok(value);
}

/**
 * Minimum lend APR edit, typed in percent with 2 places: above the maximum or below the coin's
 * limit is refused; it is sent as a fraction with 4 places, rounded up.
 */
export function checkMinLendRate(
  percentText: string,
  rules: { limitMinRate: DecimalLike; maxRate: DecimalLike },
): Result<Decimal> {
  if (!/^\d+(\.\d+)?$/.test(percentText)) {
    return fail(
      amountRefusal('rateYear', 'must be a plain decimal number, for example "5"', 'plain', { example: '5' }),
    );
  }
  if (!/^\d+(\.\d{1,2})?$/.test(percentText)) {
    return fail(amountRefusal('rateYear', 'must have at most 2 decimal places', 'places', { places: '2' }));
  }
  const fraction = roundUp(dec(percentText).div(100), 4);
  const max = dec(rules.maxRate);
  if (fraction.gt(max)) {
    return fail({
      key: 'lend_earn.rate.max',
      field: 'rateYear',
      message: `The minimum APR can be at most ${max.times(100).toFixed()}%`,
      params: { rate: max.times(100).toFixed() },
    });
  }
  if (fraction.lt(rules.limitMinRate)) {
    const min = dec(rules.limitMinRate).times(100).toFixed();
    return fail({
      key: 'lend_earn.rate.min',
      field: 'rateYear',
      message: `The minimum APR must be at least ${min}%`,
      params: { rate: min },
    });
  }
  return ok(fraction);
}

/** A wire rate (fraction, up to 4 places) for the minimum APR, parsed as every amount is and checked the same way. */
/** The minimum lending APR on the wire: a fraction with up to 4 places (2 of a percent), at most 1000%. */
export const MIN_LEND_RATE_RULES = { maxDecimals: 4, allowZero: true, max: '10', example: RATE_EXAMPLE } as const;

export function checkMinLendRateFraction(
  rate: unknown,
  rules: { limitMinRate: DecimalLike; maxRate: DecimalLike },
): Result<Decimal> {
  const parsed = parseAmount('rateYear', rate, MIN_LEND_RATE_RULES);
  if (!parsed.ok) return parsed;
  return checkMinLendRate(parsed.value.times(100).toFixed(2), rules);
}

export interface LadderTier {
  left: DecimalLike;
  right: DecimalLike;
  /** Bonus APR of the tier, as a fraction. */
  apr: DecimalLike;
}

/** A part [from, to) of what a user holds in a product, on the ladder's scale of amounts. */
export type LadderSlice = readonly [from: DecimalLike, to: DecimalLike];

/**
 * Where a new order of `amount` sits on the ladder: in the lowest parts the user's held orders
 * (`taken`) leave free, from 0 up, then above them all. Held orders' parts never overlap, so on a
 * falling ladder (no tier paying more than the one below) the orders a user holds never earn more
 * than one order of their total; and a gap left by an order redeemed early is filled first.
 */
export function placeOnLadder(taken: readonly LadderSlice[], amount: DecimalLike): [Decimal, Decimal][] {
  const sorted = taken
    .map(([from, to]) => [dec(from), dec(to)] as const)
    .filter(([from, to]) => to.gt(from))
    .sort((a, b) => a[0].comparedTo(b[0]));
  const placed: [Decimal, Decimal][] = [];
  let left = dec(amount);
  let cursor = ZERO;
  for (const [from, to] of sorted) {
    if (left.lte(0)) break;
    if (from.gt(cursor)) {
      const part = Decimal.min(from.minus(cursor), left);
      placed.push([cursor, cursor.plus(part)]);
      left = left.minus(part);
    }
    cursor = Decimal.max(cursor, to);
  }
  if (left.gt(0)) placed.push([cursor, cursor.plus(left)]);
  return placed;
}

/**
 * Ladder bonus over `periods` (default 1) days (periodsPerYear 365) or hours (8760): each tier pays
 * its APR on the part of the amount inside it, converted by the price ratio into the bonus coin,
 * rounded down to 8 places. The amount sits `at` the parts of the ladder given (default [0, amount]:
 * a holding on its own; a fixed order sits where placeOnLadder puts it).
 */
export function ladderBonus(
  amount: DecimalLike,
  tiers: readonly LadderTier[],
  opts: { periodsPerYear: number; periods?: number; priceRatio?: DecimalLike; at?: readonly LadderSlice[] },
): Decimal {
  return roundDown(
    ladderYearly(amount, tiers, opts.at)
      .times(opts.periods ?? 1)
      .div(opts.periodsPerYear)
      .times(opts.priceRatio ?? 1),
    8,
  );
}

/**
 * What the ladder pays in a year on an amount, in its coin, sitting `at` the given parts of the
 * ladder (default [0, amount]): each tier's APR on what of those parts is inside it.
 */
function ladderYearly(amount: DecimalLike, tiers: readonly LadderTier[], at?: readonly LadderSlice[]): Decimal {
  let total = ZERO;
  for (const [sliceFrom, sliceTo] of at ?? [[ZERO, amount]]) {
    const from = dec(sliceFrom);
    const to = dec(sliceTo);
    for (const t of tiers) {
      const inTier = Decimal.min(to, t.right).minus(Decimal.max(from, t.left));
      if (inTier.gt(0)) total = total.plus(inTier.times(t.apr));
    }
  }
  return total;
}

/**
 * Where `amount` added to a flexible holding of `held` sits on the ladder: on top of it. The ladder
 * pays on the holding's whole amount, so what is held fills the lowest tiers first.
 */
export function onTopOf(held: DecimalLike, amount: DecimalLike): LadderSlice[] {
  const from = Decimal.max(dec(held), 0);
  return [[from, from.plus(amount)]];
}

/** The ladder's APR over the whole of `amount`, sitting `at` the given parts of the ladder (default [0, amount]), exact. */
export function ladderAprOver(amount: DecimalLike, tiers: readonly LadderTier[], at?: readonly LadderSlice[]): Decimal {
  const a = dec(amount);
  return a.gt(0) ? ladderYearly(a, tiers, at).div(a) : ZERO;
}

/** The highest bonus APR of the ladder (0 without one). */
export function topLadderApr(tiers: readonly LadderTier[]): Decimal {
  return tiers.reduce((acc, t) => Decimal.max(acc, dec(t.apr)), ZERO);
}

/** What a flexible APR is made of: the market rate on everything, and bonuses only within their caps. */
export interface AprBreakdown {
  market: Decimal;
  /** The award pool's extra APR on up to `limit`, while it is open. */
  award: { rate: Decimal; limit: Decimal } | null;
  ladder: readonly LadderTier[];
  /** The most any holding can earn: market + award + the top ladder tier. */
  upTo: Decimal;
}

export function aprBreakdown(p: {
  next_time_rate_year: DecimalLike;
  is_open_award_pool: number;
  ext_award_rate_year: DecimalLike;
  ext_award_limit: DecimalLike;
  ladder_apr: readonly LadderTier[];
}): AprBreakdown {
  const market = dec(p.next_time_rate_year);
  const award =
    p.is_open_award_pool === 1 && dec(p.ext_award_rate_year).gt(0)
      ? { rate: dec(p.ext_award_rate_year), limit: dec(p.ext_award_limit) }
      : null;
  const ladder = p.ladder_apr.filter((t) => dec(t.apr).gt(0));
  return { market, award, ladder, upTo: market.plus(award?.rate ?? ZERO).plus(topLadderApr(ladder)) };
}

/**
 * The award pool's estimated bonus on `amount` added to a holding of `held` (default 0), over
 * `periods` of a year's `periodsPerYear`: its APR on the part of the amount under its limit (the
 * limit is the holding's, so what is held fills it first), in the award coin at `priceRatio` (the
 * holding coin's price over the award coin's), rounded down to 8 places; 0 while the pool is closed.
 */
export function awardBonus(
  amount: DecimalLike,
  award: AprBreakdown['award'],
  opts: { periodsPerYear: number; periods?: number; priceRatio: DecimalLike; held?: DecimalLike },
): Decimal {
  if (!award) return ZERO;
  const held = Decimal.max(dec(opts.held ?? ZERO), 0);
  const underLimit = Decimal.max(Decimal.min(held.plus(amount), award.limit).minus(Decimal.min(held, award.limit)), 0);
  return roundDown(
    underLimit
      .times(award.rate)
      .times(opts.periods ?? 1)
      .div(opts.periodsPerYear)
      .times(opts.priceRatio),
    8,
  );
}

/**
 * The APR a holding of `amount` earns: the market rate on all of it, the award on the part up to its
 * limit and each ladder tier on the part inside it, over the whole amount (6 places, rounded down).
 * A 100,000 USDT holding with 5% market, 2% award on 5,000 and 3% on the first 1,000 earns about 5.13%.
 */
export function effectiveApr(b: AprBreakdown, amount: DecimalLike): Decimal {
  const a = dec(amount);
  if (a.lte(0)) return b.upTo;
  let bonus = b.award ? Decimal.min(a, b.award.limit).times(b.award.rate) : ZERO;
  for (const t of b.ladder) {
    const inTier = Decimal.min(a, t.right).minus(t.left);
    if (inTier.gt(0)) bonus = bonus.plus(inTier.times(t.apr));
  }
  return roundDown(b.market.plus(bonus.div(a)), 6);
}

/** Estimated daily return of a flexible subscription: amount (rounded down to 6) x rate / 365, rounded down to 8. */
export function estimatedDailyReturn(amount: DecimalLike, rate: DecimalLike): Decimal {
  return roundDown(roundDown(amount, SUBSCRIBE_PLACES).times(rate).div(365), 8);
}

export type ChartRange = '24h' | '7d' | '30d' | '90d';
const RANGE: Record<ChartRange, { type: 1 | 2; offsetHours: number }> = {
  '24h': { type: 1, offsetHours: 23 },
  '7d': { type: 1, offsetHours: 167 },
  '30d': { type: 2, offsetHours: 696 },
  '90d': { type: 2, offsetHours: 2136 },
};

/**
 * The APR chart's window: hourly for 24 h and 7 d, daily for 30 d and 90 d, ending at the previous
 * full hour or (UTC) day, starting 23, 167, 696 or 2136 hours before. Times in unix seconds.
 */
export function chartWindow(range: ChartRange, nowMs: number): { from: number; to: number; type: 1 | 2 } {
  const { type, offsetHours } = RANGE[range];
  const endMs =
    type === 1 ? floorHour(nowMs) - HOUR_MS : Math.floor(nowMs / (24 * HOUR_MS)) * 24 * HOUR_MS - 24 * HOUR_MS;
  return { from: (endMs - offsetHours * HOUR_MS) / 1000, to: endMs / 1000, type };
}
