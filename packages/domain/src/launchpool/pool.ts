import { Decimal, type DecimalLike, dec, roundDown, UNLIMITED, ZERO } from '../money.js';
import { fail, ok, type Result } from '../result.js';

export type ProjectState = 0 | 1 | 2 | 3;
/** Project state from the clock: 2 not started, 1 in progress, 3 completed (0 none). */
export function projectState(nowMs: number, startMs: number, endMs: number): ProjectState {
  if (nowMs < startMs) return 2;
  if (nowMs < endMs) return 1;
  return 3;
}

/**
 * The projects of one state, as a list shows them: in progress and upcoming by start (the soonest
 * first, as given), completed by end, the latest first.
 */
export function projectsInState<P extends { state: number; end_timest: number }>(
  projects: readonly P[],
  state: ProjectState,
): P[] {
  const inState = projects.filter((p) => p.state === state);
  return state === 3 ? inState.sort((a, b) => b.end_timest - a.end_timest) : inState;
}

export interface TransactionTier {
  /** 60-day trading volume needed (USDT). */
  transaction_amount: DecimalLike;
  /** The personal staking cap that volume unlocks. */
  mortgage_limit: DecimalLike;
}

/** The highest tier the user's 60-day volume reaches (T1..Tn), or null below T1. */
export function volumeTier(
  volume: DecimalLike,
  tiers: readonly TransactionTier[],
): { index: number; tier: TransactionTier } | null {
  let best: { index: number; tier: TransactionTier } | null = null;
  [...tiers]
    .map((tier, index) => ({ index, tier }))
    .sort((a, b) => dec(a.tier.transaction_amount).comparedTo(b.tier.transaction_amount))
    .forEach((t) => {
      if (dec(volume).gte(t.tier.transaction_amount)) best = t;
    });
  return best;
}

/**
 * The cap a pool's 60-day volume tiers put on a user: the reached tier's limit; below the first tier,
 * the first tier's limit, so the user can still stake (the success pop-up's limit alert tells them
 * about the volume requirement). No tiers: no tier cap.
 */
export function volumeTierCap(volume: DecimalLike, tiers: readonly TransactionTier[]): Decimal | null {
  if (tiers.length === 0) return null;
  const reached = volumeTier(volume, tiers);
  if (reached) return dec(reached.tier.mortgage_limit);
  const first = [...tiers].sort((a, b) => dec(a.transaction_amount).comparedTo(b.transaction_amount))[0];
  return first ? dec(first.mortgage_limit) : null;
}

export interface QuotaInput {
  /** Pool total left (left_buy_total_amount). */
  poolLeft: DecimalLike;
  /** personal_max_amount, '-1' for none. */
  personalMax: DecimalLike;
  /** What the user already staked in the pool. */
  staked: DecimalLike;
}

/**
 * Remaining quota: the pool total left; with a personal max, the smaller of that and the personal
 * max less what the user staked. Used up when the pool has some left but the user has none.
 */
export function remainingQuota(q: QuotaInput): { remaining: Decimal; usedUp: boolean } {
  const poolLeft = dec(q.poolLeft);
  const remaining = dec(q.personalMax).eq(UNLIMITED)
    ? poolLeft
    : Decimal.min(poolLeft, dec(q.personalMax).minus(q.staked));
  return { remaining, usedUp: poolLeft.gt(0) && remaining.lte(0) };
}

/** The personal cap in force: the pool's, raised by the VIP quota, capped by the volume tier when the pool has tiers. */
export function personalCap(input: {
  personalMax: DecimalLike;
  vipQuota?: DecimalLike | null;
  tierCap?: DecimalLike | null;
}): Decimal {
  let cap = dec(input.personalMax);
  if (input.vipQuota !== undefined && input.vipQuota !== null && !cap.eq(UNLIMITED))
    cap = Decimal.max(cap, input.vipQuota);
  if (input.tierCap !== undefined && input.tierCap !== null)
    cap = cap.eq(UNLIMITED) ? dec(input.tierCap) : Decimal.min(cap, input.tierCap);
  return cap;
}

/** Available to stake: when the coin does not support launchpool, borrowed coins are taken off, floored at 0. */
export function stakeAvailable(available: DecimalLike, loan: DecimalLike, supportsLaunchpool: boolean): Decimal {
  return supportsLaunchpool ? dec(available) : Decimal.max(dec(available).minus(loan), ZERO);
}

/** Max fills min(available, remaining), rounded down to the pool's decimal_place, trailing zeros trimmed. */
export function maxStake(available: DecimalLike, remaining: DecimalLike, decimalPlace: number): string {
  const value = Decimal.max(Decimal.min(dec(available), dec(remaining)), ZERO);
  return roundDown(value, decimalPlace).toFixed();
}

/** Max is applied by itself once, when the balance is above the minimum and quota remains. */
export function shouldAutoApplyMax(available: DecimalLike, minimum: DecimalLike, remaining: DecimalLike): boolean {
  return dec(available).gt(minimum) && dec(remaining).gt(0);
}

/**
 * The stake amount's messages, in the spec's order: below the pool minimum; with what is already
 * staked above the personal max; above the available balance.
 */
export function checkStake(
  amount: DecimalLike,
  rules: { min: DecimalLike; personalMax: DecimalLike; staked: DecimalLike; available: DecimalLike; coin: string },
): Result<Decimal> {
  const value = dec(amount);
  if (value.lt(rules.min)) {
    return fail({
      key: 'finances.startupMining.stake.min.tip',
      message: `The minimum stake is ${dec(rules.min).toFixed()} ${rules.coin}`,
      params: { amount: dec(rules.min).toFixed(), coin: rules.coin },
    });
  }
  if (!dec(rules.personalMax).eq(UNLIMITED) && value.plus(rules.staked).gt(rules.personalMax)) {
    // With what is staked already: what is left of the cap.
    const left = Decimal.max(dec(rules.personalMax).minus(rules.staked), ZERO).toFixed();
    const max = dec(rules.personalMax).toFixed();
    // With nothing staked yet, what is left is the cap itself: said once.
    return dec(rules.staked).isZero()
      ? fail({
          key: 'finances.startupMining.stake.max.tip',
          message: `The most you can stake in this pool is ${max} ${rules.coin}`,
          params: { amount: max, coin: rules.coin, left, context: 'first' },
        })
      : fail({
          key: 'finances.startupMining.stake.max.tip',
          message: `The most you can stake in this pool is ${max} ${rules.coin}; you can add up to ${left} ${rules.coin}`,
          params: { amount: max, coin: rules.coin, left },
        });
  }
  if (value.gt(rules.available)) {
    return fail({
      key: 'finances.inadequateBalance',
      message: `Not enough ${rules.coin} available`,
      params: { coin: rules.coin },
    });
  }
  return ok(value);
}

/**
 * What an estimated APR is worked on: what is staked; before the project starts, the pool's cap
 * when it has one, and no estimate otherwise (a first 0.1 staked would promise 492,010%).
 */
export function aprBase(state: ProjectState, totalStaked: DecimalLike, buyTotalAmount: DecimalLike): Decimal | null {
  if (state !== 2) return dec(totalStaked);
  return dec(buyTotalAmount).eq(UNLIMITED) ? null : dec(buyTotalAmount);
}

/** Estimated APR (rate type 2): the reward's value per year over the staked value. */
export function estimatedApr(input: {
  rewardPerHour: DecimalLike;
  rewardPrice: DecimalLike;
  staked: DecimalLike;
  stakePrice: DecimalLike;
}): Decimal {
  const stakedValue = dec(input.staked).times(input.stakePrice);
  if (stakedValue.lte(0)) return ZERO;
  return roundDown(dec(input.rewardPerHour).times(8760).times(input.rewardPrice).div(stakedValue), 4);
}

/** reward_pool_type of a multi-mining pool: not staked from these screens, nor through the API. */
export const MULTI_MINING_POOL = 1;

export function isMultiMiningPool(rewardPoolType: number): boolean {
  return rewardPoolType === MULTI_MINING_POOL;
}

/** How much of a project's run has passed, in percent (0 before its start, 100 at its end), for its progress bar. */
export function projectElapsedPercent(nowMs: number, startMs: number, endMs: number): number {
  if (endMs <= startMs) return 100;
  return Math.min(100, Math.max(0, ((nowMs - startMs) / (endMs - startMs)) * 100));
}

/** A project's total rewards: every pool's, in the reward coin. */
export function projectTotalReward(pools: readonly { total_reward: DecimalLike }[]): Decimal {
  return pools.reduce<Decimal>((acc, p) => acc.plus(p.total_reward), ZERO);
}

/**
 * What a stake would add to the user's reward if the pool stayed as it is: their share of the
 * hour's budget with it, (staked + amount) / (total staked + amount), less their share without it
 * (`staked`: what they have in the pool already, counted in its total), per hour rounded down to 8
 * and per day rounded to 8 (a budget of 100 over 48 hours is 2.083333333333333333 an hour, 18
 * places: its day is 50, as paid, not 49.99999999). A first stake earns its whole share; one more
 * stake of the pool's only staker adds nothing. `hourlyWith` is the user's whole hourly share with the
 * stake (without it when there is none). An estimate: the pool changes as others stake and redeem.
 */
export function estimatedStakeReward(
  amount: DecimalLike,
  pool: { reward_per_hour: DecimalLike; total_staked: DecimalLike },
  staked: DecimalLike = ZERO,
): { hourly: Decimal; daily: Decimal; hourlyWith: Decimal } {
  const a = dec(amount);
  const budget = dec(pool.reward_per_hour);
  const total = dec(pool.total_staked);
  const mine = Decimal.min(dec(staked), total);
  const before = total.gt(0) ? budget.times(mine).div(total) : ZERO;
  if (a.lte(0)) return { hourly: ZERO, daily: ZERO, hourlyWith: roundDown(before, 8) };
  const after = budget.times(mine.plus(a)).div(total.plus(a));
  const gain = Decimal.max(after.minus(before), ZERO);
  return {
    hourly: roundDown(gain, 8),
    daily: gain.times(24).toDecimalPlaces(8, Decimal.ROUND_HALF_UP),
    hourlyWith: roundDown(after, 8),
  };
}
