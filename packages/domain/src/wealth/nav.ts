import { Decimal, type DecimalLike, dec, roundDown, ZERO } from '../money.js';

/** Units keep 6 places and amounts 8 (spec: wealth redeem precision 6, subscribe precision 8). */
export const UNIT_PLACES = 6;
export const WEALTH_AMOUNT_PLACES = 8;
/** NAVs keep 8 places. */
export const NAV_PLACES = 8;

/** Units a subscription buys at a valuation's NAV, rounded down (the product keeps the dust). */
export function unitsFor(amount: DecimalLike, nav: DecimalLike): Decimal {
  return roundDown(dec(amount).div(nav), UNIT_PLACES);
}

/** What units are worth at a NAV, rounded down to 8. */
export function unitsValue(units: DecimalLike, nav: DecimalLike): Decimal {
  return roundDown(dec(units).times(nav), WEALTH_AMOUNT_PLACES);
}

/**
 * One day's management fee: the product's value x the yearly rate / 365, rounded down to 8, and the
 * NAV after it is taken (the fee comes out of every unit alike).
 */
export function managementFee(
  units: DecimalLike,
  nav: DecimalLike,
  ratePerYear: DecimalLike,
): { fee: Decimal; navAfter: Decimal } {
  const perUnit = dec(nav).times(ratePerYear).div(365);
  const navAfter = roundDown(dec(nav).minus(perUnit), NAV_PLACES);
  // The fee paid is what the NAV lost times the units, so what holders lose is what the platform gets.
  const fee = roundDown(dec(nav).minus(navAfter).times(units), WEALTH_AMOUNT_PLACES);
  return { fee, navAfter };
}

/**
 * A redemption gate: at a valuation at most `gatePercent` of the product's units may leave. When the
 * requests ask more, each gets its share pro rata (down to 6 places) and the rest carries to the next
 * valuation, first in line again. `null` gate: everything passes.
 */
export function applyGate(
  requests: readonly DecimalLike[],
  totalUnits: DecimalLike,
  gatePercent: DecimalLike | null,
): { granted: Decimal[]; carried: Decimal[] } {
  const asked = requests.map((r) => dec(r));
  const sum = asked.reduce((a, b) => a.plus(b), ZERO);
  const capacity = gatePercent === null ? sum : roundDown(dec(totalUnits).times(gatePercent).div(100), UNIT_PLACES);
  if (sum.lte(capacity)) return { granted: asked, carried: asked.map(() => ZERO) };
  const granted = asked.map((a) => roundDown(a.times(capacity).div(sum), UNIT_PLACES));
  return { granted, carried: asked.map((a, i) => a.minus(granted[i] ?? ZERO)) };
}

/** The spec's wealth chart y-axis: bounds on multiples of 10, in 5 equal steps, widened by 100 when flat. */
export function wealthAxis(values: readonly number[]): { min: number; max: number; interval: number } {
  if (values.length === 0) return { min: 0, max: 100, interval: 20 };
  const low = Math.min(...values);
  const high = Math.max(...values);
  // Dividing a value as tiny as 5e-324 by 10 underflows to 0: step out by one more multiple then.
  let min = Math.floor(low / 10) * 10;
  if (min > low) min -= 10;
  let max = Math.ceil(high / 10) * 10;
  if (max < high) max += 10;
  // A flat line (one valuation, or all alike) is widened: it would sit on an edge of its bounds.
  if (low === high) {
    min -= 100;
    max += 100;
  }
  return { min, max, interval: (max - min) / 5 };
}

/** The change over a chart's window, as a fraction of its first value (0 when it starts at 0). */
export function changeOver(first: DecimalLike, last: DecimalLike): Decimal {
  return dec(first).isZero() ? ZERO : dec(last).minus(first).div(first);
}

/** Seeded random walk with drift for the demo NAVs: a day's NAV from the last, deterministic. */
export function nextSimulatedNav(nav: DecimalLike, seed: string, day: number, drift: number, vol: number): Decimal {
  let h = 2166136261;
  for (const ch of `${seed}:${day}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  // Two uniform draws to an approximately normal step (Irwin-Hall of 2, centred).
  const u1 = ((h >>> 0) % 1_000_000) / 1_000_000;
  const u2 = ((Math.imul(h, 2654435761) >>> 0) % 1_000_000) / 1_000_000;
  const step = drift + vol * (u1 + u2 - 1) * Math.SQRT2;
  return roundDown(dec(nav).times(new Decimal(1).plus(step.toFixed(10))), NAV_PLACES);
}
