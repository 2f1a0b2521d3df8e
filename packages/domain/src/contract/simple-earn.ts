import { type Static, Type } from 'typebox';
import { WIRE_AMOUNTS } from '../wire-amounts.js';
import {
  AmountInput,
  CoinFilter,
  CoinSymbol,
  DecimalString,
  FundPassField,
  PageNumber,
  UnixSeconds,
} from './common.js';

export const LadderTierView = Type.Object({
  left: DecimalString,
  right: DecimalString,
  apr: DecimalString,
  bonus_asset: Type.String(),
});

/** A flexible product (coin-info, market list). Rates are fractions (0.05 = 5%). */
export const FlexibleProduct = Type.Object({
  asset: Type.String(),
  icon: Type.String(),
  award_asset: Type.String(),
  is_open_award_pool: Type.Integer(),
  next_time_rate_year: DecimalString,
  last_rate_year: DecimalString,
  ext_award_rate_year: DecimalString,
  ext_award_limit: DecimalString,
  limit_min_lend_rate_year: DecimalString,
  max_lend_rate_year: DecimalString,
  min_lend_amount: DecimalString,
  usdt_rate: DecimalString,
  ladder_apr: Type.Array(LadderTierView),
  business_type: Type.Integer(),
  fixed_list: Type.Array(Type.Unknown()),
  lend_ratio: DecimalString,
  auto_invest_status: Type.Integer(),
  estimated_apr: DecimalString,
});
export type FlexibleProduct = Static<typeof FlexibleProduct>;

export const MarketListQuery = Type.Object({
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 7 })),
  sort_business: Type.Optional(Type.Integer()),
  search_coin: Type.Optional(CoinFilter),
  sort_type: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  search_type: Type.Optional(Type.Integer()),
  auto_invest: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  have_balance: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  have_award: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  is_subscribed: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

export const AwardPool = Type.Object({
  asset: Type.String(),
  award_asset: Type.String(),
  ext_award_limit: DecimalString,
  ext_award_rate_year: DecimalString,
  start_at: Type.Integer(),
  end_at: Type.Integer(),
  is_open_award_pool: Type.Integer(),
});

export const FlexibleSubscribeBody = Type.Object({
  asset: CoinSymbol,
  amount: AmountInput(WIRE_AMOUNTS.flexibleSubscribe),
  rateYear: Type.Optional(AmountInput(WIRE_AMOUNTS.minLendRate)),
  fundpass: FundPassField,
});
export const FlexibleSubscribeResult = Type.Object({
  asset: Type.String(),
  amount: DecimalString,
  interest_start_at: Type.Integer(),
  interest_received_at: Type.Integer(),
});

export const FlexibleHolding = Type.Object({
  id: Type.Integer(),
  asset: Type.String(),
  icon: Type.String(),
  curr_amount: DecimalString,
  lend_amount: DecimalString,
  frozen_amount: DecimalString,
  frozen_status: Type.Integer(),
  margin_frozen_amount: DecimalString,
  interest: DecimalString,
  cumulative: DecimalString,
  next_time_rate_year: DecimalString,
  ext_award_rate_year: DecimalString,
  ext_award_limit: DecimalString,
  award_asset: Type.String(),
  is_open_award_pool: Type.Integer(),
  ladder_apr: Type.Array(LadderTierView),
  min_lend_rate_year: DecimalString,
  limit_min_lend_rate_year: DecimalString,
  max_lend_rate_year: DecimalString,
  auto_invest_status: Type.Integer(),
  lend_ratio: DecimalString,
  usdt_value: DecimalString,
});
export type FlexibleHolding = Static<typeof FlexibleHolding>;

export const FlexibleRedeemBody = Type.Object({
  asset: CoinSymbol,
  amount: AmountInput(WIRE_AMOUNTS.flexibleRedeem),
  curr_amount: Type.Optional(AmountInput(WIRE_AMOUNTS.flexibleSeen)),
  lend_amount: Type.Optional(AmountInput(WIRE_AMOUNTS.flexibleSeen)),
  /** The redeem form's auto-earn checkbox (when auto-earn is on for the coin): 0 turns it off for the coin. */
  auto_invest_status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  fundpass: FundPassField,
});
export const FlexibleRedeemResult = Type.Object({
  asset: Type.String(),
  amount: DecimalString,
  instant_amount: DecimalString,
  frozen_amount: DecimalString,
  arrival_at: Type.Integer(),
  account: Type.String(),
});
export type FlexibleRedeemResult = Static<typeof FlexibleRedeemResult>;

export const CancelRedemptionBody = Type.Object({
  asset: CoinSymbol,
  amount: Type.Optional(AmountInput(WIRE_AMOUNTS.cancelRedemption)),
});
export const AssetAmount = Type.Object({ asset: Type.String(), amount: DecimalString });

export const InterestRateBody = Type.Object({ asset: CoinSymbol, rateYear: AmountInput(WIRE_AMOUNTS.minLendRate) });
export const InterestRateResult = Type.Object({ asset: Type.String(), min_lend_rate_year: DecimalString });

export const AutoInvestQuery = Type.Object({
  assets: Type.Optional(Type.String({ maxLength: 500, pattern: '^[A-Za-z0-9_,]*$' })),
});
export const AutoInvestBody = Type.Object({
  /** A coin, or ALL_ASSET for every coin. */
  assets: CoinSymbol,
  /** '1' on, '0' off. */
  status: Type.Union([Type.Literal('1'), Type.Literal('0')]),
});
export type AutoInvestBody = Static<typeof AutoInvestBody>;
export const AutoInvestStatus = Type.Object({
  status: Type.Record(Type.String(), Type.Integer()),
  global_status: Type.Integer(),
});
export type AutoInvestStatus = Static<typeof AutoInvestStatus>;

export const ChartQuery = Type.Object({
  asset: CoinSymbol,
  from: UnixSeconds,
  to: UnixSeconds,
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
});
export const ChartPoint = Type.Object({ time: Type.Integer(), value: DecimalString });
export type ChartPoint = Static<typeof ChartPoint>;

/** Simple Earn totals in USDT, flexible and fixed together; positions counts the flexible ones held. */
export const EarnStatistics = Type.Object({
  total_lend_usdt: DecimalString,
  total_interest_usdt: DecimalString,
  last_hour_interest_usdt: DecimalString,
  positions: Type.Integer(),
});

/** Our history type beside the spec's 1 to 5: a cancelled redemption, which puts its amount back. */
export const HISTORY_REDEEM_CANCELLED = 6;

export const HistoryQuery = Type.Object({
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  // The spec's types 1 to 5, and ours (0: all).
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: HISTORY_REDEEM_CANCELLED })),
  asset: Type.Optional(CoinFilter),
  start_at: Type.Optional(UnixSeconds),
  end_at: Type.Optional(UnixSeconds),
  is_daily_log: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  time_zone: Type.Optional(Type.Integer({ minimum: -840, maximum: 840 })),
  is_time_zone: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export const HistoryRow = Type.Object({
  id: Type.Optional(Type.Integer()),
  type: Type.Integer(),
  mode: Type.Optional(Type.Integer()),
  asset: Type.String(),
  amount: DecimalString,
  lend_principal: Type.Optional(Type.String()),
  lend_rate_year: Type.Optional(Type.String()),
  /** A bonus row's amount (the same as amount) in bonus_asset; asset is the coin lent. */
  bonus_amount: Type.Optional(Type.String()),
  bonus_asset: Type.Optional(Type.String()),
  time_at: Type.Integer(),
});
export type HistoryRow = Static<typeof HistoryRow>;
export const HistoryType = Type.Object({ value: Type.Integer(), name: Type.String() });

export const LendHour = Type.Object({
  hour: Type.Integer(),
  rate: DecimalString,
  demand: DecimalString,
  supply: DecimalString,
  lend_ratio: DecimalString,
  offered: DecimalString,
  lent: DecimalString,
  interest: DecimalString,
  reason: Type.String(),
});
export type LendHour = Static<typeof LendHour>;

export const RateSimulation = Type.Object({
  hours: Type.Integer(),
  filled_hours: Type.Integer(),
  partly_filled_hours: Type.Integer(),
  not_filled_hours: Type.Integer(),
});
export type RateSimulation = Static<typeof RateSimulation>;

export const EarnVip = Type.Object({
  tier: Type.Integer(),
  is_vip: Type.Boolean(),
  auto_earn_available: Type.Boolean(),
});
export const FaqItem = Type.Object({ ask: Type.String(), answer: Type.String(), cate: Type.Integer() });
export type FaqItem = Static<typeof FaqItem>;

/** Borrow demand from the next hour on: an amount and an all-in bid (max_rate), or `curve` to return to the seeded curve. */
export const DemandBody = Type.Object({
  coin: CoinSymbol,
  amount: Type.Optional(DecimalString),
  max_rate: Type.Optional(DecimalString),
  curve: Type.Optional(Type.Literal(true)),
});
export const MarketSettingsBody = Type.Object({
  coin: CoinSymbol,
  fee_rate: Type.Optional(DecimalString),
  award_asset: Type.Optional(CoinSymbol),
  award_rate: Type.Optional(DecimalString),
  award_limit: Type.Optional(DecimalString),
  award_start_at: Type.Optional(UnixSeconds),
  award_end_at: Type.Optional(UnixSeconds),
  ladder_apr: Type.Optional(Type.Array(Type.Object({ left: DecimalString, right: DecimalString, apr: DecimalString }))),
});
