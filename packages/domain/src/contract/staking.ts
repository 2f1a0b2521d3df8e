import { type Static, Type } from 'typebox';
import { WIRE_AMOUNTS } from '../wire-amounts.js';
import {
  AmountInput,
  CoinFilter,
  CoinSymbol,
  DecimalString,
  FundPassField,
  LocaleTag,
  OperatorName,
  PageQuery,
  RowId,
  Translations,
  UnixSeconds,
} from './common.js';

/** Staking calls live under this base (spec). */
export const STAKING_BASE = '/apiw/v2/earn/staking';

export const StakingVipConfig = Type.Object({
  min_tier: Type.Integer({ minimum: 0, maximum: 20 }),
  max_tier: Type.Integer({ minimum: 0, maximum: 20 }),
  /** Percent of the fee waived. */
  vip_sale: DecimalString,
});

export const StakingBonusTier = Type.Object({
  money_min: DecimalString,
  /** -1: no upper bound. */
  money_max: DecimalString,
  /** Extra APR as a fraction. */
  money_rate: DecimalString,
});

export const StakingExtraInterest = Type.Object({
  /** 0 not started, 1 processing, 2 finished (spec). */
  status: Type.Integer({ minimum: 0, maximum: 2 }),
  /** The event's whole budget in reward_coin; the days split it pro rata once it runs short. */
  max_interest: DecimalString,
  reward_coin: Type.String(),
  start_time: UnixSeconds,
  end_time: UnixSeconds,
  interest: Type.Array(StakingBonusTier, { maxItems: 20 }),
});

/** The redemption side of a product (spec: extra). */
export const StakingRedeemExtra = Type.Object({
  redeem_quick: Type.Integer(),
  redeem_minday: Type.Integer(),
  redeem_maxday: Type.Integer(),
  /** immediate, period, max_only, min_eq_max or min_ne_max (spec: the derived redeem-period state). */
  redeem_period: Type.String(),
  redeem_quick_long: Type.Integer(),
  redeem_quick_fee: DecimalString,
  redeem_fee: DecimalString,
  redeem_quick_daily: DecimalString,
  /** What is left of today's fast quota ('-1' unlimited). */
  redeem_quick_left: DecimalString,
});

/** The web3 task a bonus waits for (spec: extra_interest_task). */
export const StakingInterestTask = Type.Object({
  interest_key: Type.String({ minLength: 1, maxLength: 64 }),
  /**
   * Where the user does the task: a path of this site or an https address with its host, with no
   * blanks or control characters. A path never starts '//' or '/\\', which a browser reads as
   * another site's address.
   */
  jump_web: Type.String({ maxLength: 500, pattern: '^(?:/|https://(?=.))(?![/\\\\])[^\\s\\p{C}]*$' }),
});

/** How one source of a coin pays (spec: the reward list of a defi item). */
export const StakingDefiReward = Type.Object({
  reward_coin: Type.String(),
  reward_delay_days: Type.Integer(),
  interest_delay_days: Type.Integer(),
  fee_rate: DecimalString,
  extra_interest: Type.Union([Type.Null(), StakingExtraInterest]),
  vip_config: Type.Union([Type.Null(), StakingVipConfig]),
});
export type StakingDefiReward = Static<typeof StakingDefiReward>;

/** One source of return of a coin staked through several (spec: defi list items). */
export const StakingDefiItem = Type.Object({
  pid: Type.Integer(),
  id: Type.Integer(),
  protocol_name: Type.String(),
  rate: DecimalString,
  base_rate: DecimalString,
  income_days: Type.Integer(),
  min_mortgage_amount: DecimalString,
  min_redeem_amount: DecimalString,
  personal_mortgage_limit: DecimalString,
  reward: Type.Array(StakingDefiReward),
});

/** A debt product's minting (spec: debt list items). */
export const StakingDebtItem = Type.Object({
  id: Type.Integer(),
  protocol_name: Type.String(),
  mortgage_coin: Type.String(),
  /** The coin minted against the collateral. */
  reward_coin: Type.String(),
  base_rate: DecimalString,
  extra_interest: Type.Union([Type.Null(), StakingExtraInterest]),
  reward: Type.Array(StakingDefiReward),
  /** Minted, in value, per unit of collateral value. */
  mint_ratio: DecimalString,
  /** The mint coin's price now in USDT. */
  mint_price: DecimalString,
});

/** A staking product (spec field names; rates are fractions, times Unix seconds). */
export const StakingProduct = Type.Object({
  pid: Type.Integer(),
  mortgage_coin: Type.String(),
  reward_coin: Type.String(),
  icon: Type.String(),
  type: Type.Integer(),
  protocol_name: Type.String(),
  rate: DecimalString,
  base_rate: DecimalString,
  /** The rate with the best extra-bonus tier, while the bonus runs. */
  most_rate: DecimalString,
  fee_rate: DecimalString,
  min_mortgage_amount: DecimalString,
  min_redeem_amount: DecimalString,
  personal_mortgage_limit: DecimalString,
  crowd_mortgage_limit: DecimalString,
  /** What the product still takes ('-1' unlimited). */
  crowd_left: DecimalString,
  staked: DecimalString,
  reward_delay_days: Type.Integer(),
  interest_days: Type.Integer(),
  income_days: Type.Integer(),
  /** When a stake made now is first rewarded (spec: reward_delay_days from the start of today, UTC). */
  first_reward_time: Type.Integer(),
  /** 1 when the coin has several sources of return, listed in `defi` (this product among them). */
  is_defi: Type.Integer(),
  defi: Type.Array(StakingDefiItem),
  /** Type 2 (credit-debt): what staking mints. */
  debt: Type.Array(StakingDebtItem),
  /** 0 a normal extra bonus, 1 a bonus for users who completed the web3 task. */
  extra_interest_type: Type.Integer(),
  extra_interest_task: Type.Union([Type.Null(), StakingInterestTask]),
  /** 'asset': a stake mints receipt_coin at exchange_rate (coins per token), growing every day. */
  exchange_type: Type.Union([Type.Literal('default'), Type.Literal('asset')]),
  receipt_coin: Type.String(),
  exchange_rate: DecimalString,
  /** Tokens per coin. */
  exchange_rate_reverse: DecimalString,
  /** The staked and reward coins' prices now in USDT (a debt product mints against the first; a
   * reward in another coin converts at them). */
  mortgage_price: DecimalString,
  reward_price: DecimalString,
  extra: StakingRedeemExtra,
  vip_config: Type.Union([Type.Null(), StakingVipConfig]),
  extra_interest: Type.Union([Type.Null(), StakingExtraInterest]),
  tags: Type.Integer(),
  agreement: Type.String(),
  tips: Type.String(),
  sale_open: Type.Integer(),
});
export type StakingProduct = Static<typeof StakingProduct>;

/** The hub's filters: products with a running bonus, a VIP discount, fast redemption, or of a kind. */
export const STAKING_FILTERS = ['all', 'bonus', 'vip', 'quick', 'receipt', 'debt'] as const;
export type StakingFilter = (typeof STAKING_FILTERS)[number];

export const StakingListQuery = Type.Object({
  coin: Type.Optional(CoinFilter),
  filter: Type.Optional(Type.Enum(STAKING_FILTERS)),
  locale: Type.Optional(LocaleTag),
  ...PageQuery,
});
export const StakingProductQuery = Type.Object({ coin: CoinSymbol, pid: Type.Optional(RowId) });
/** A product's detail, its operator texts in the reader's language where written. */
export const StakingProductDetailQuery = Type.Object({
  coin: CoinSymbol,
  pid: Type.Optional(RowId),
  locale: Type.Optional(LocaleTag),
});
export const StakingCoinQuery = Type.Object({ coin: CoinSymbol });
export const StakingBalancesQuery = Type.Object({
  coin: Type.Optional(CoinSymbol),
  hide_zero_hold: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});

/** One user's holding of one product. */
export const StakingBalance = Type.Object({
  pid: Type.Integer(),
  protocol_name: Type.String(),
  coin: Type.String(),
  reward_coin: Type.String(),
  mortgage_amount: DecimalString,
  /** Queued by standard redemption, not yet released. */
  redeeming_amount: DecimalString,
  /** The next release of the queue (0 when none). */
  redeem_stamp: Type.Integer(),
  /** What the user has earned in total, in reward_coin. */
  total_reward: DecimalString,
  last_reward: DecimalString,
  rate: DecimalString,
  /** Receipt-token products: coins staked waiting for their tokens (minted at the day's close). */
  pending_amount: DecimalString,
  /** Receipt-token products: mortgage_amount is in this token, worth `value` of the coin now. */
  receipt_coin: Type.String(),
  value: DecimalString,
  /** Debt products: what is owed in mint_coin. */
  debt_amount: DecimalString,
  mint_coin: Type.String(),
});
export type StakingBalance = Static<typeof StakingBalance>;

export const StakingUserInfo = Type.Object({
  hold_amount: DecimalString,
  tier: Type.Integer(),
  is_crowd: Type.Integer(),
  /** What this user may still stake ('-1' unlimited). */
  personal_left: DecimalString,
  /** The VIP discount on the fee the user gets, in percent ('0' outside the tiers). */
  vip_discount: DecimalString,
  /** 1 when the product's web3 task is done for this user (or it has none). */
  task_done: Type.Integer(),
  /** Debt products: what the user owes in mint_coin. */
  debt_amount: DecimalString,
});
export type StakingUserInfo = Static<typeof StakingUserInfo>;

/** The shared action payload (spec): side 0 stake, 1 redeem; quick 1 fast redemption. */
export const StakingActionBody = Type.Object({
  side: Type.Union([Type.Literal(0), Type.Literal(1)]),
  amount: AmountInput(WIRE_AMOUNTS.staking),
  coin: CoinSymbol,
  pid: Type.Optional(RowId),
  src: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  quick: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  fundpass: FundPassField,
});
export type StakingActionBody = Static<typeof StakingActionBody>;

export const StakingActionResult = Type.Object({
  pid: Type.Integer(),
  coin: Type.String(),
  amount: DecimalString,
  fee: DecimalString,
  /** What arrives (redeem) or what is staked (stake). */
  received: DecimalString,
  /** When a redemption arrives (Unix seconds); for a stake, its first reward. */
  redeem_stamp: Type.Integer(),
  quick: Type.Integer(),
  /** Debt products: minted on a stake, burnt on a redemption, in mint_coin. */
  minted: DecimalString,
  burnt: DecimalString,
  mint_coin: Type.String(),
  /** Receipt-token products: the coin paid out (redeem) for the tokens named by amount. */
  receipt_coin: Type.String(),
});
export type StakingActionResult = Static<typeof StakingActionResult>;

export const StakingProfitQuery = Type.Object({
  coin: Type.Optional(CoinSymbol),
  pid: Type.Optional(RowId),
  /** End of the window (Unix seconds; the spec sends the end of today). */
  to: Type.Optional(UnixSeconds),
  ...PageQuery,
});
export const StakingProfitRecord = Type.Object({
  pid: Type.Integer(),
  coin: Type.String(),
  reward_coin: Type.String(),
  /** The UTC day rewarded, as its start (Unix seconds). */
  time: Type.Integer(),
  protocol_name: Type.String(),
  /** The balance the day paid on (the lowest held through it), in base_coin (a receipt product's token). */
  base: DecimalString,
  base_coin: Type.String(),
  amount: DecimalString,
  /** The extra bonus, in reward_coin. */
  bonus: DecimalString,
});
export type StakingProfitRecord = Static<typeof StakingProfitRecord>;

/** A redemption, queued or paid (the redemption history). */
export const StakingRedemption = Type.Object({
  id: Type.Integer(),
  pid: Type.Integer(),
  protocol_name: Type.String(),
  coin: Type.String(),
  amount: DecimalString,
  fee: DecimalString,
  received: DecimalString,
  quick: Type.Integer(),
  create_time: Type.Integer(),
  /** When it arrives, or arrived. */
  redeem_stamp: Type.Integer(),
  /** 0 queued, 1 arrived. */
  status: Type.Integer(),
});
export type StakingRedemption = Static<typeof StakingRedemption>;
export const StakingRedemptionsQuery = Type.Object({ coin: Type.Optional(CoinSymbol), ...PageQuery });

export const StakingLinesQuery = Type.Object({
  coin: CoinSymbol,
  pid: Type.Optional(RowId),
  /** Days back (spec: 7, 30, 90, 365). */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 730 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const StakingLine = Type.Object({
  time: Type.Integer(),
  rate: DecimalString,
  base_rate: DecimalString,
  extra_rate: DecimalString,
  reward_coin: Type.String(),
  /** Receipt-token products: tokens per coin after the day ('' for other products). */
  exchange_rate_reverse: Type.String(),
});
export type StakingLine = Static<typeof StakingLine>;

export const StakingStatistics = Type.Object({
  coin: Type.String(),
  staked: DecimalString,
  stakers: Type.Integer(),
  total_reward: DecimalString,
  fast_quota_left: DecimalString,
});

export const StakingFaq = Type.Object({ ask: Type.String(), answer: Type.String(), cate: Type.Integer() });
export type StakingFaq = Static<typeof StakingFaq>;
export const StakingFaqQuery = Type.Object({
  coin: Type.Optional(CoinSymbol),
  pid: Type.Optional(RowId),
  locale: Type.Optional(LocaleTag),
});

const AgreementText = Type.String({ maxLength: 2000 });
/** A product's agreement and tips in the app's other languages, as the operator wrote them. */
export const StakingTranslations = Translations(
  Type.Object({ agreement: Type.Optional(AgreementText), tips: Type.Optional(AgreementText) }),
);
export type StakingTranslations = Static<typeof StakingTranslations>;

/** Operator: a staking product, every field typed. */
export const StakingProductInput = Type.Object({
  coin: CoinSymbol,
  reward_coin: Type.Optional(CoinSymbol),
  type: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  // An unnamed product is named by its coin.
  protocol_name: Type.Optional(OperatorName(64)),
  rate: DecimalString,
  base_rate: Type.Optional(DecimalString),
  fee_rate: Type.Optional(DecimalString),
  min_mortgage_amount: DecimalString,
  min_redeem_amount: DecimalString,
  personal_mortgage_limit: Type.Optional(DecimalString),
  crowd_mortgage_limit: Type.Optional(DecimalString),
  reward_delay_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  income_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  redeem_minday: Type.Optional(Type.Integer({ minimum: -1, maximum: 365 })),
  redeem_maxday: Type.Optional(Type.Integer({ minimum: -1, maximum: 365 })),
  redeem_fee: Type.Optional(DecimalString),
  redeem_quick: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  redeem_quick_fee: Type.Optional(DecimalString),
  redeem_quick_daily: Type.Optional(DecimalString),
  redeem_quick_long: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
  vip_config: Type.Optional(Type.Union([Type.Null(), StakingVipConfig])),
  extra_interest: Type.Optional(Type.Union([Type.Null(), StakingExtraInterest])),
  tags: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
  agreement: Type.Optional(AgreementText),
  tips: Type.Optional(AgreementText),
  translations: Type.Optional(StakingTranslations),
  sale: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')])),
  extra_interest_type: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  extra_interest_task: Type.Optional(Type.Union([Type.Null(), StakingInterestTask])),
  exchange_type: Type.Optional(Type.Union([Type.Literal('default'), Type.Literal('asset')])),
  /** The token an 'asset' product mints. */
  receipt_coin: Type.Optional(CoinSymbol),
  /** Debt products: the coin minted, and how much per USDT of collateral value (0 < ratio < 1). */
  mint_coin: Type.Optional(CoinSymbol),
  mint_ratio: Type.Optional(DecimalString),
});
export type StakingProductInput = Static<typeof StakingProductInput>;
export const StakingProductUpdate = Type.Partial(
  Type.Omit(StakingProductInput, ['coin', 'reward_coin', 'type', 'exchange_type', 'receipt_coin', 'mint_coin']),
);
export type StakingProductUpdate = Static<typeof StakingProductUpdate>;

/** Operator: a user's web3 task of a product is done (its bonus pays them from the next day settled). */
export const StakingTaskDoneBody = Type.Object({ user_id: RowId });
export type StakingTaskDoneBody = Static<typeof StakingTaskDoneBody>;

/** Operator: the APR the coming days pay. */
export const StakingRateBody = Type.Object({ rate: DecimalString, base_rate: Type.Optional(DecimalString) });
