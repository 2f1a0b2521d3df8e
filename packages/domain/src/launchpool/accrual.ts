import { Decimal, type DecimalLike, dec, roundDown, ZERO } from '../money.js';

/**
 * Hourly rewards by accumulated reward per share, the method of on-chain staking pools: the pool's
 * counter grows by (reward per hour x seconds / 3600 / total staked) at every stake and redeem, so each
 * stretch of time pays its budget to whoever was staked during it, in proportion to their stake.
 * Staking for the last minute of an hour earns a minute's share, and splitting a stake changes nothing.
 */
export interface PoolAccrual {
  accPerShare: Decimal;
  totalStaked: Decimal;
  lastMs: number;
}

export interface StakeAccrual {
  staked: Decimal;
  /** staked x accPerShare at the last change: what is already accounted for. */
  debt: Decimal;
  /** Earned but not yet paid (the rounding remainder carries over). */
  pending: Decimal;
}

/** Precision of the per-share counter (numeric(60,30) in the database). */
export const ACC_PLACES = 30;

/** Multiplies before it divides, so a whole hour's growth is exact (1250 over 100 staked is 12.5, not 12.4999...). */
export function advancePool(pool: PoolAccrual, nowMs: number, rewardPerHour: DecimalLike): PoolAccrual {
  if (nowMs <= pool.lastMs) return pool;
  if (pool.totalStaked.lte(0)) return { ...pool, lastMs: nowMs };
  const grow = dec(rewardPerHour)
    .times((nowMs - pool.lastMs) / 1000)
    .div(pool.totalStaked.times(3600))
    .toDecimalPlaces(ACC_PLACES, Decimal.ROUND_DOWN);
  return { ...pool, accPerShare: pool.accPerShare.plus(grow), lastMs: nowMs };
}

/** What a stake has earned at the pool's counter. */
export function earned(stake: StakeAccrual, accPerShare: Decimal): Decimal {
  return stake.pending.plus(stake.staked.times(accPerShare).minus(stake.debt));
}

/** Changes a stake by `delta` (positive stake, negative redeem) at the pool's current counter. */
export function changeStake(stake: StakeAccrual, accPerShare: Decimal, delta: Decimal): StakeAccrual {
  const pending = earned(stake, accPerShare);
  const staked = stake.staked.plus(delta);
  return { staked, debt: staked.times(accPerShare), pending };
}

/** The hour's payout: what was earned, rounded down to 8; the remainder stays pending. */
export function payout(stake: StakeAccrual, accPerShare: Decimal): { paid: Decimal; stake: StakeAccrual } {
  const total = earned(stake, accPerShare);
  const paid = roundDown(Decimal.max(total, ZERO), 8);
  return { paid, stake: { staked: stake.staked, debt: stake.staked.times(accPerShare), pending: total.minus(paid) } };
}

export function emptyPool(startMs: number): PoolAccrual {
  return { accPerShare: ZERO, totalStaked: ZERO, lastMs: startMs };
}

export function emptyStake(): StakeAccrual {
  return { staked: ZERO, debt: ZERO, pending: ZERO };
}
