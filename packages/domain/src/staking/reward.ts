import { DAY_MS } from '../dates.js';
import { Decimal, type DecimalLike, dec, roundDown, UNLIMITED, ZERO } from '../money.js';

/** Staking rewards and fees are rounded down to 8 places (spec: staking precision 8). */
export const STAKING_PLACES = 8;
/** Bonus event status (spec): the extra bonus pays only while processing. */
export const BonusStatus = { notStarted: 0, processing: 1, finished: 2 } as const;

/** A product's VIP discount on the platform fee: vip_sale percent off, for tiers min_tier..max_tier. */
export interface VipConfig {
  min_tier: number;
  max_tier: number;
  /** Percent of the fee waived, e.g. '20' = 20% off. */
  vip_sale: DecimalLike;
}

/** The fee discount a tier gets, in percent: vip_sale inside the range, 0 outside it (nothing shown). */
export function vipDiscountPercent(config: VipConfig | null | undefined, tier: number): Decimal {
  if (!config || tier < config.min_tier || tier > config.max_tier) return ZERO;
  return Decimal.min(Decimal.max(dec(config.vip_sale), 0), 100);
}

/** One tier of an extra bonus: holdings between money_min and money_max (-1 unlimited) earn money_rate more. */
export interface BonusTier {
  money_min: DecimalLike;
  money_max: DecimalLike;
  /** Extra APR as a fraction, e.g. '0.05'. */
  money_rate: DecimalLike;
}

/** An extra-bonus event of a product (spec: extra_interest). */
export interface ExtraInterest {
  status: number;
  /** Seconds. */
  start_time: number;
  end_time: number;
  interest: readonly BonusTier[];
}

/** Whether the bonus pays on the day starting at `dayStartMs`: processing, and the whole day inside its window. */
export function isBonusActive(extra: ExtraInterest | null | undefined, dayStartMs: number): boolean {
  if (!extra || extra.status !== BonusStatus.processing) return false;
  return extra.start_time * 1000 <= dayStartMs && dayStartMs + DAY_MS <= extra.end_time * 1000;
}

/**
 * The bonus event's status as a reader is told it now (spec: 0 not started, 1 processing, 2
 * finished; the bonus applies only while processing). An event the operator runs is processing
 * while today pays its holders or a stake made now would earn it on its first counted day (under
 * the product's reward delay); finished once no day from today on can pay (its end, or its budget
 * `budgetLeft` spent); not started before.
 */
export function bonusStatusNow(
  extra: ExtraInterest | null | undefined,
  nowMs: number,
  budgetLeft: DecimalLike,
  rewardDelayDays: number,
): number {
  if (!extra) return BonusStatus.notStarted;
  if (extra.status !== BonusStatus.processing) return extra.status;
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  if (dec(budgetLeft).lte(0) || today + DAY_MS > extra.end_time * 1000) return BonusStatus.finished;
  if (isBonusActive(extra, today) || bonusForStakeNow(extra, nowMs, rewardDelayDays)) return BonusStatus.processing;
  return BonusStatus.notStarted;
}

/**
 * Whether a stake made now earns the bonus on its first counted day (the day that ends at its first
 * reward): what an estimate and a product's highest APR count on. `extra` carries the status a reader
 * is told (bonusStatusNow), so a spent budget counts on nothing.
 */
export function bonusForStakeNow(extra: ExtraInterest | null | undefined, nowMs: number, rewardDelayDays: number) {
  return isBonusActive(extra, firstRewardMs(nowMs, rewardDelayDays) - DAY_MS);
}

/**
 * The extra APR a day's holders were paid at the top tier: the tier's, scaled as every holder's
 * bonus was when the day's demand ran over what was left of the budget (bonusShare), and none once
 * the budget is spent. What the APR trend shows for the day.
 */
export function paidBonusRate(topRate: DecimalLike, demand: DecimalLike, budget: DecimalLike): Decimal {
  const b = dec(budget);
  if (b.lte(0)) return ZERO;
  const d = dec(demand);
  if (d.lte(b)) return dec(topRate);
  return roundDown(dec(topRate).times(b).div(d), STAKING_PLACES);
}

/**
 * The extra bonus of one day on a holding, tier by tier: each tier's APR on the part of the holding
 * inside it (money_min..money_max, -1 for no upper bound), over 365, rounded down to 8 places.
 */
export function dailyBonus(holding: DecimalLike, tiers: readonly BonusTier[]): Decimal {
  return roundDown(yearlyBonus(holding, tiers).div(365), STAKING_PLACES);
}

/** The extra APR a whole holding earns: each tier's APR on its part of it, over the holding (0 on none). */
export function bonusRateOn(holding: DecimalLike, tiers: readonly BonusTier[]): Decimal {
  const h = dec(holding);
  return h.gt(0) ? yearlyBonus(h, tiers).div(h) : ZERO;
}

function yearlyBonus(holding: DecimalLike, tiers: readonly BonusTier[]): Decimal {
  const h = dec(holding);
  let yearly = ZERO;
  for (const tier of tiers) {
    const low = dec(tier.money_min);
    const high = dec(tier.money_max).eq(UNLIMITED) ? h : Decimal.min(dec(tier.money_max), h);
    if (high.gt(low)) yearly = yearly.plus(high.minus(low).times(tier.money_rate));
  }
  return yearly;
}

/** The highest extra APR a bonus offers (the "up to" of its badge). */
export function maxBonusRate(tiers: readonly BonusTier[]): Decimal {
  return tiers.reduce<Decimal>((m, t) => Decimal.max(m, dec(t.money_rate)), ZERO);
}

/**
 * One day's staking reward in the staked coin (spec): holding x APR / 365 x (1 - fee x (1 - VIP
 * discount)), rounded down to 8 places. The fee is the platform's share of what the chain pays; a
 * VIP discount waives part of it.
 */
export function dailyReward(input: {
  holding: DecimalLike;
  rate: DecimalLike;
  feeRate: DecimalLike;
  vipDiscountPercent?: DecimalLike;
}): Decimal {
  const discount = dec(input.vipDiscountPercent ?? '0').div(100);
  const kept = new Decimal(1).minus(dec(input.feeRate).times(new Decimal(1).minus(discount)));
  return roundDown(dec(input.holding).times(input.rate).div(365).times(kept), STAKING_PLACES);
}

/** The platform's fee on one day's reward: what the gross reward would be less what the user gets. */
export function dailyFee(input: { holding: DecimalLike; rate: DecimalLike; reward: DecimalLike }): Decimal {
  const gross = roundDown(dec(input.holding).times(input.rate).div(365), STAKING_PLACES);
  return Decimal.max(gross.minus(input.reward), ZERO);
}

/** A reward in another coin, at the day's prices in USDT, rounded down to 8 places. */
export function convertReward(amount: DecimalLike, fromPrice: DecimalLike, toPrice: DecimalLike): Decimal {
  const to = dec(toPrice);
  if (to.lte(0)) return ZERO;
  return roundDown(dec(amount).times(fromPrice).div(to), STAKING_PLACES);
}

/**
 * One holder's share of a day's bonus when the event's remaining budget (max_interest less what it
 * has paid) cannot cover the day's whole demand: floor(demand x budget / total demand, 8), so the day
 * never pays more than the budget. With room to spare, the holder gets their demand. The staking day
 * pays holders in parts, so each share depends only on the day's totals, never on the other holders.
 */
export function bonusShare(demand: DecimalLike, totalDemand: DecimalLike, budget: DecimalLike): Decimal {
  const total = dec(totalDemand);
  const b = Decimal.max(dec(budget), ZERO);
  if (total.lte(b)) return dec(demand);
  return roundDown(dec(demand).times(b).div(total), STAKING_PLACES);
}

/** Splits a day's bonus demand across holders within the event's remaining budget (bonusShare each). */
export function allocateBonus(demands: readonly DecimalLike[], budget: DecimalLike): Decimal[] {
  const total = demands.reduce<Decimal>((s, d) => s.plus(d), ZERO);
  return demands.map((d) => bonusShare(d, total, budget));
}

/**
 * When a stake starts to count: the moment it is made, or later when the product delays rewards,
 * so that the first day it is held through ends reward_delay_days after the start of its day.
 */
export function stakeCountsFromMs(stakedMs: number, rewardDelayDays: number): number {
  return Math.max(stakedMs, Math.floor(stakedMs / DAY_MS) * DAY_MS + (rewardDelayDays - 1) * DAY_MS);
}

/**
 * Estimated first reward (spec): reward_delay_days days from the start of today in UTC. A day is
 * paid when it ends and only on what was held through all of it, so the first reward is the end of
 * the first whole day the stake counts in: a stake made during the day with a delay of 0 or 1 is
 * first paid two day starts later, one made at exactly 00:00 the next day start.
 */
export function firstRewardMs(nowMs: number, rewardDelayDays: number): number {
  return Math.ceil(stakeCountsFromMs(nowMs, rewardDelayDays) / DAY_MS) * DAY_MS + DAY_MS;
}

/** Part of a redemption, taken out of the stake as of `atMs` (when that part would have started to count). */
export interface StakeTake {
  atMs: number;
  amount: Decimal;
}

/**
 * Where a redemption of `amount` at `nowMs` comes out of the stake: first from what does not count
 * yet (the stakes that would count latest first), then from what counts, as of now. A day is paid
 * on the lowest amount counted through it, so taking coins that already count while newer ones
 * wait would pay the holder on less than they kept all day.
 */
export function stakeTakes(
  waiting: readonly { atMs: number; amount: DecimalLike }[],
  amount: DecimalLike,
  nowMs: number,
): StakeTake[] {
  const takes: StakeTake[] = [];
  let left = dec(amount);
  for (const w of [...waiting].filter((w) => w.atMs > nowMs).sort((a, b) => b.atMs - a.atMs)) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, dec(w.amount));
    if (take.lte(0)) continue;
    takes.push({ atMs: w.atMs, amount: take });
    left = left.minus(take);
  }
  if (left.gt(0)) takes.push({ atMs: nowMs, amount: left });
  return takes;
}
