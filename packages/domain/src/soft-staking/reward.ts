import { Decimal, type DecimalLike, dec, roundDown, ZERO } from '../money.js';

/**
 * The balance a soft-staking day pays on: the average of its hourly samples, each counted up to the
 * coin's cap (balance above the cap earns nothing), or nothing when that average is below the coin's
 * minimum holding. Rounded down to 8.
 */
export function softStakingBase(samples: readonly DecimalLike[], minHolding: DecimalLike, cap: DecimalLike): Decimal {
  const capped = samples.map((s) => Decimal.max(Decimal.min(dec(s), cap), 0));
  return dayAverage(
    capped.reduce((a, b) => a.plus(b), ZERO),
    samples.length,
    minHolding,
  );
}

/** The same from a running total of capped samples (the engine keeps the total, not each sample). */
export function dayAverage(cappedTotal: DecimalLike, samples: number, minHolding: DecimalLike): Decimal {
  if (samples === 0) return ZERO;
  const average = roundDown(dec(cappedTotal).div(samples), 8);
  return average.lt(minHolding) ? ZERO : average;
}

/** A soft-staking day's reward: base x APR / 365, rounded down to 8. */
export function softStakingReward(base: DecimalLike, apr: DecimalLike): Decimal {
  return roundDown(dec(base).times(apr).div(365), 8);
}
