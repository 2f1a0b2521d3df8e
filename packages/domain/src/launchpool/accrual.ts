import { Decimal, type DecimalLike, dec, ZERO } from '../money.js';

/**
 * Hourly rewards by time-weighted stake, the way exchange launch pools pay: every stake and redeem
 * adds the stake held since the last change times its seconds (stake-seconds) to the stake's and the
 * pool's count for the hour; at the hour's end each stake is paid
 * floor(budget x its stake-seconds / the pool's stake-seconds, 8). Each payout is exactly the formula
 * the hourly statement shows, the hour never pays more than its budget, and the rounding dust stays in
 * the project's reward account.
 */

/** Stake-seconds of `staked` held from `fromMs` to `toMs` (exact: amounts and milliseconds only). */
export function stakeSeconds(staked: DecimalLike, fromMs: number, toMs: number): Decimal {
  if (toMs <= fromMs) return ZERO;
  return dec(staked)
    .times(toMs - fromMs)
    .div(1000);
}

/** Enough digits for budget x stake-seconds x 1e8 of any pool (budgets and stakes up to 1e12, 18 places). */
const Exact = Decimal.clone({ precision: 200 });

/** One stake's payout for an hour: floor(budget x tws / poolTws, 8), by exact integer division. */
export function hourPayout(budget: DecimalLike, tws: DecimalLike, poolTws: DecimalLike): Decimal {
  const pool = new Exact(dec(poolTws).toFixed());
  if (pool.lte(0)) return ZERO;
  const units = new Exact(dec(budget).toFixed()).times(dec(tws).toFixed()).times(1e8).divToInt(pool);
  return new Decimal(units.toFixed()).div(1e8);
}

/** The budget of the part of an hour a project runs: reward per hour x seconds / 3600, 18 places down. */
export function hourBudget(rewardPerHour: DecimalLike, runningMs: number): Decimal {
  if (runningMs <= 0) return ZERO;
  return dec(rewardPerHour).times(runningMs).div(3_600_000).toDecimalPlaces(18, Decimal.ROUND_DOWN);
}
