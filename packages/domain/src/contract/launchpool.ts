import { type Static, Type } from 'typebox';
import { CoinSymbol, DecimalString, OperatorName, PageNumber, RowId, Translations, UnixSeconds } from './common.js';

/** -1 or a decimal string: a cap that may be unlimited. */
const CapString = Type.String({
  pattern: '^(-1|\\d+(\\.\\d+)?)$',
  description: '"-1" for no cap, else a decimal string',
});

/** A pool's larger quota for VIP tiers from min_tier up. */
const VipConfig = Type.Object({ min_tier: Type.Integer({ minimum: 0, maximum: 16 }), quota: DecimalString });
/** A 60-day trading volume and the personal staking cap it unlocks. */
const TransactionTier = Type.Object({ transaction_amount: DecimalString, mortgage_limit: DecimalString });
/** Where a pool can send stakes into Simple Earn at the end: the fixed term and rates. */
const SimpleEarnConfig = Type.Object({
  user_period: Type.Integer({ minimum: 0, maximum: 365 }),
  fixed_period: Type.Integer({ minimum: 0, maximum: 365 }),
  fixed_rate: DecimalString,
  ext_rate: DecimalString,
  rate: DecimalString,
});
const StakingConfig = Type.Object({ rate: DecimalString });
const RedeemType = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);

export const LaunchPoolInput = Type.Object({
  coin: CoinSymbol,
  total_reward: DecimalString,
  buy_total_amount: Type.Optional(CapString),
  personal_min_amount: DecimalString,
  personal_max_amount: Type.Optional(CapString),
  decimal_place: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
  rate_year_type: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  rate_year: Type.Optional(DecimalString),
  reward_pool_type: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  limit_rule: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  vip_config: Type.Optional(Type.Union([Type.Null(), VipConfig])),
  transaction_config: Type.Optional(Type.Array(TransactionTier, { maxItems: 10 })),
  redeem_type: Type.Optional(RedeemType),
  simple_earn: Type.Optional(Type.Union([Type.Null(), SimpleEarnConfig])),
  staking: Type.Optional(Type.Union([Type.Null(), StakingConfig])),
});
export type LaunchPoolInput = Static<typeof LaunchPoolInput>;

const ProjectName = OperatorName(100);
/** A project's name in the app's other languages, as the operator wrote it. */
export const LaunchTranslations = Translations(Type.Object({ name: ProjectName }));
export type LaunchTranslations = Static<typeof LaunchTranslations>;

export const LaunchProjectInput = Type.Object({
  coin: CoinSymbol,
  name: ProjectName,
  translations: Type.Optional(LaunchTranslations),
  start_timest: UnixSeconds,
  end_timest: UnixSeconds,
  pools: Type.Array(LaunchPoolInput, { minItems: 1, maxItems: 10 }),
});
export type LaunchProjectInput = Static<typeof LaunchProjectInput>;

/** A reward pool as project-info shows it: the spec's fields, plus staked totals and the last hour's average. */
export const RewardPoolView = Type.Object({
  rid: Type.Integer(),
  coin: Type.String(),
  personal_max_amount: CapString,
  personal_min_amount: DecimalString,
  decimal_place: Type.Integer(),
  left_buy_total_amount: CapString,
  buy_total_amount: CapString,
  rate_year: DecimalString,
  rate_year_type: Type.Integer(),
  reward_pool_type: Type.Integer(),
  vip_config: Type.Union([Type.Null(), VipConfig]),
  simple_earn: Type.Union([Type.Null(), SimpleEarnConfig]),
  isApply: Type.Integer(),
  transaction_config: Type.Array(TransactionTier),
  staking: Type.Union([Type.Null(), StakingConfig]),
  redeem_type: RedeemType,
  limit_rule: Type.Integer(),
  total_reward: DecimalString,
  reward_per_hour: DecimalString,
  total_staked: DecimalString,
  peak_staked: DecimalString,
  avg_staked_last_hour: DecimalString,
});
export type RewardPoolView = Static<typeof RewardPoolView>;

export const ProjectInfo = Type.Object({
  pid: Type.Integer(),
  coin: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  start_timest: Type.Integer(),
  end_timest: Type.Integer(),
  state: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  reward_pools: Type.Array(RewardPoolView),
});
export type ProjectInfo = Static<typeof ProjectInfo>;

export const UserPoolStat = Type.Object({
  rid: Type.Integer(),
  amount: DecimalString,
  valid_amount: DecimalString,
  lastHourRewardAmount: DecimalString,
  lastRewardAmount: DecimalString,
  /** Where the whole stake goes when the project ends, as the latest stake chose (create-order's fields; period 0: none). */
  simpleEarnStatus: Type.Integer(),
  simpleEarnPeriod: Type.Integer(),
});
export type UserPoolStat = Static<typeof UserPoolStat>;

/**
 * A user's settled hour in a pool: the time-weighted stakes (average over the hour, 8 places down)
 * and the exact stake-seconds the payout floor(budget x user / pool, 8) was computed from.
 */
export const HourStatement = Type.Object({
  rid: Type.Integer(),
  coin: Type.String(),
  reward_coin: Type.String(),
  hour: Type.Integer(),
  user_time_weighted_stake: DecimalString,
  pool_time_weighted_stake: DecimalString,
  user_stake_seconds: DecimalString,
  pool_stake_seconds: DecimalString,
  budget: DecimalString,
  paid: DecimalString,
  pool_paid: DecimalString,
  formula: Type.String(),
});
export type HourStatement = Static<typeof HourStatement>;

export const LaunchHistoryType = Type.Union([
  Type.Literal('stake'),
  Type.Literal('reward'),
  Type.Literal('redeem'),
  Type.Literal('release'),
]);
export type LaunchHistoryType = Static<typeof LaunchHistoryType>;

/** History filters: type, coin, project, and a half-open range of seconds [start_at, end_at). */
export const LaunchHistoryQuery = Type.Object({
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  type: Type.Optional(LaunchHistoryType),
  coin: Type.Optional(CoinSymbol),
  pid: Type.Optional(RowId),
  start_at: Type.Optional(UnixSeconds),
  end_at: Type.Optional(UnixSeconds),
});
export type LaunchHistoryQuery = Static<typeof LaunchHistoryQuery>;

export const LaunchHistoryRow = Type.Object({
  id: Type.Integer(),
  pid: Type.Integer(),
  project_coin: Type.String(),
  rid: Type.Integer(),
  pool_coin: Type.String(),
  type: LaunchHistoryType,
  coin: Type.String(),
  amount: DecimalString,
  time_at: Type.Integer(),
  /** For a reward: the start of the hour it pays, to open its statement. */
  hour: Type.Optional(Type.Integer()),
  /** For a release: where it went. */
  destination: Type.Optional(
    Type.Union([Type.Literal('spot'), Type.Literal('flexible'), Type.Literal('fixed'), Type.Literal('staking')]),
  ),
});
export type LaunchHistoryRow = Static<typeof LaunchHistoryRow>;

export const EarnMoreItem = Type.Object({
  type: Type.String(),
  coin: Type.String(),
  rate_year: DecimalString,
  link: Type.String(),
});
export type EarnMoreItem = Static<typeof EarnMoreItem>;
