import { type Static, Type } from 'typebox';
import { DecimalString, PageQuery, UnixSeconds } from './common.js';

export const SOFT_STAKING_BASE = '/apiw/v2/earn/soft-staking';

export const SoftStakingSwitchBody = Type.Object({ status: Type.Boolean() });

export const SoftStakingCoin = Type.Object({
  coin: Type.String(),
  icon: Type.String(),
  apr: DecimalString,
  min_holding: DecimalString,
  cap: DecimalString,
  /** Today's average so far of the reader's sampled balance, counted up to the cap ('0' before sampling starts). */
  eligible_today: DecimalString,
  /** The reader's balance now. */
  balance: DecimalString,
});

export const SoftStakingStatus = Type.Object({
  status: Type.Boolean(),
  /** When it was last turned on (0 never). */
  activated_at: Type.Integer(),
  /** The first day sampled and the first reward (Unix seconds; 0 when off). */
  sampling_from: Type.Integer(),
  first_reward_at: Type.Integer(),
  coins: Type.Array(SoftStakingCoin),
});
export type SoftStakingStatus = Static<typeof SoftStakingStatus>;

/** The shared date-range rule: from the start day's 00:00 UTC up to, not including, `to` (the end day + 1). */
export const SoftStakingRewardsQuery = Type.Object({
  from: Type.Optional(UnixSeconds),
  to: Type.Optional(UnixSeconds),
  ...PageQuery,
});
export const SoftStakingReward = Type.Object({
  coin: Type.String(),
  /** The UTC day rewarded, as its start (Unix seconds). */
  time: Type.Integer(),
  base: DecimalString,
  amount: DecimalString,
});
export type SoftStakingReward = Static<typeof SoftStakingReward>;
