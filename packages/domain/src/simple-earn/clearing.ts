import { Decimal, type DecimalLike, dec, roundDown, ZERO } from '../money.js';

export const HOURS_PER_YEAR = 8760;
/** Interest and fees are rounded down to 8 places. */
export const INTEREST_PLACES = 8;

/** One lender's standing offer in an hour's book. */
export interface Offer {
  id: string;
  /** What the position can lend this hour. */
  amount: Decimal;
  /** The lender's minimum APR, as a fraction (0.05 = 5%). */
  minRate: Decimal;
  /** When the offer was created or its minimum last changed (ms): first come, first served at the clearing rate. */
  priorityMs: number;
}

export interface Demand {
  /** How much borrowers want this hour. */
  amount: Decimal;
  /** The highest APR lenders can be paid: the borrowers' all-in bid less the service fee (lenderRateCap). */
  maxRate: Decimal;
}

/**
 * Borrowers bid an all-in APR: the lenders' rate plus the service fee on it. So the hour clears at a
 * lender rate no higher than bid / (1 + fee), rounded down, and borrowers never pay above their bid.
 */
export function lenderRateCap(bid: DecimalLike, feeRate: DecimalLike): Decimal {
  return dec(bid).div(dec(feeRate).plus(1)).toDecimalPlaces(18, Decimal.ROUND_DOWN);
}

export type NotLentReason = 'none' | 'min_rate_above' | 'demand_filled';

export interface Fill {
  id: string;
  offered: Decimal;
  lent: Decimal;
  /** Why part of the offer was not lent ('none' when all of it was). */
  reason: NotLentReason;
}

export interface Clearing {
  /** The hour's uniform rate; 0 when nothing was lent. */
  rate: Decimal;
  fills: Fill[];
  lentTotal: Decimal;
  supplyTotal: Decimal;
  /** Demand filled over supply. */
  lendRatio: Decimal;
}

/** Book order: lowest minimum APR first, then first come first served, then id for a total order. */
export function compareOffers(a: Offer, b: Offer): number {
  return a.minRate.comparedTo(b.minRate) || a.priorityMs - b.priorityMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Clears one hour at a uniform price. Offers sorted by minimum APR fill the demand; the rate is the
 * minimum APR of the last offer needed, never above what borrowers bid. Offers below the rate lend
 * in full; offers at it share what is left first come first served; offers above it lend nothing.
 */
export function clearHour(offers: readonly Offer[], demand: Demand): Clearing {
  const sorted = offers.filter((o) => o.amount.gt(0)).sort(compareOffers);
  const supplyTotal = sorted.reduce((acc, o) => acc.plus(o.amount), ZERO);
  const eligible = sorted.filter((o) => o.minRate.lte(demand.maxRate));
  const last = eligible[eligible.length - 1];
  if (demand.amount.lte(0) || !last) {
    const fills = sorted.map((o) => ({
      id: o.id,
      offered: o.amount,
      lent: ZERO,
      reason: (o.minRate.gt(demand.maxRate) ? 'min_rate_above' : 'demand_filled') as NotLentReason,
    }));
    return { rate: ZERO, fills, lentTotal: ZERO, supplyTotal, lendRatio: ZERO };
  }
  let cumulative = ZERO;
  let marginal = last;
  for (const o of eligible) {
    cumulative = cumulative.plus(o.amount);
    if (cumulative.gte(demand.amount)) {
      marginal = o;
      break;
    }
  }
  const rate = marginal.minRate;
  let left = demand.amount;
  const fills: Fill[] = sorted.map((o) => {
    if (o.minRate.gt(rate)) return { id: o.id, offered: o.amount, lent: ZERO, reason: 'min_rate_above' };
    const lent = Decimal.min(o.amount, left);
    left = left.minus(lent);
    return { id: o.id, offered: o.amount, lent, reason: lent.eq(o.amount) ? 'none' : 'demand_filled' };
  });
  const lentTotal = demand.amount.minus(left);
  return { rate, fills, lentTotal, supplyTotal, lendRatio: lentTotal.div(supplyTotal) };
}

/** One hour's interest on a lent amount at an APR: lent x rate / 8760, rounded down to 8 places. */
export function hourlyInterest(lent: DecimalLike, rate: DecimalLike): Decimal {
  return roundDown(dec(lent).times(rate).div(HOURS_PER_YEAR), INTEREST_PLACES);
}

/** The platform's service fee on the interest borrowers pay, rounded down to 8 places. */
export function serviceFee(interest: DecimalLike, feeRate: DecimalLike): Decimal {
  return roundDown(dec(interest).times(feeRate), INTEREST_PLACES);
}
