import { type Static, Type } from 'typebox';
import { WIRE_AMOUNTS } from '../wire-amounts.js';
import {
  AmountInput,
  CoinFilter,
  CoinSymbol,
  DecimalString,
  FundPassField,
  LocaleTag,
  OptionalName,
  PageNumber,
  RowId,
  RowIdString,
  Translations,
  UnixSeconds,
} from './common.js';
import { LadderTierView } from './simple-earn.js';

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** Parts [from, to) of a fixed product's bonus ladder, in its coin (placeOnLadder). */
const LadderSlices = Type.Array(Type.Tuple([DecimalString, DecimalString]));
/** Where a fixed order pays out: 0 the spot or unified account, 1 flexible Simple Earn (spec). */
export const RedeemAccountType = Flag;
/** Fixed product kinds: 1 normal, 2 VIP only, 3 special. */
export const FixedProductTypeValue = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** A fixed-term product (spec field names). Rates are fractions (0.05 = 5%); times in Unix seconds. */
export const FixedProduct = Type.Object({
  id: Type.Integer(),
  type: Type.Integer(),
  asset: Type.String(),
  icon: Type.String(),
  /** 1 subscribable, 2 sold out (or closed, or outside its sale window). */
  sale_status: Type.Integer(),
  lock_up_period: Type.Integer(),
  year_rate: DecimalString,
  min_lend_amount: DecimalString,
  /** Most one user may hold in the product (0: no limit). */
  user_max_lend_volume: DecimalString,
  total_quota: DecimalString,
  remaining_quota: DecimalString,
  min_vip: Type.Integer(),
  max_vip: Type.Integer(),
  ladder_apr: Type.Array(LadderTierView),
  reinvest: Type.Integer(),
  redeem_account: Type.Integer(),
  pre_redeem: Type.Integer(),
  /** The operator-set early-exit APR ('' when early redemption forfeits all interest). */
  pre_redeem_rate_year: Type.String(),
  bonus_asset: Type.String(),
  bonus_icon: Type.String(),
  bonus_asset_price: DecimalString,
  product_asset_price: DecimalString,
  title: Type.String(),
  subtitle: Type.String(),
  start_time: Type.Integer(),
  end_time: Type.Integer(),
  /** Special products: who may subscribe (empty lists: everyone). */
  new_users_only: Type.Integer(),
  min_kyc_level: Type.Integer(),
  excluded_regions: Type.Array(Type.String()),
});
export type FixedProduct = Static<typeof FixedProduct>;

export const FixedProductListQuery = Type.Object({
  asset: Type.Optional(CoinFilter),
  lock_up_period: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  /** The reader's language: the operator's titles in it where written. */
  locale: Type.Optional(LocaleTag),
});
export const FixedProductQuery = Type.Object({ id: RowId, locale: Type.Optional(LocaleTag) });
export const FixedProductPidQuery = Type.Object({ pid: RowId });
export const FixedProductIdQuery = Type.Object({ product_id: RowId });

export const FixedLendBody = Type.Object({
  product_id: RowId,
  redeem_account_type: RedeemAccountType,
  reinvest_status: Flag,
  amount: AmountInput(WIRE_AMOUNTS.fixedSubscribe),
  /** The APR the user saw: refused if the product's rate changed since. */
  year_rate: AmountInput(WIRE_AMOUNTS.seenRate),
  /**
   * The ladder bonus the user was shown for this order: refused if it changed since (they subscribed
   * the product elsewhere meanwhile, or the bonus coin's price moved). Ours; absent, not checked.
   */
  bonus_amount: Type.Optional(AmountInput(WIRE_AMOUNTS.seenBonus)),
  /** A rate-up voucher to apply. */
  financial_rate_id: Type.Optional(RowId),
  /** With auto-reinvest: how much of the principal renews at maturity (absent: all of it). */
  reinvest_amount: Type.Optional(AmountInput(WIRE_AMOUNTS.fixedSubscribe)),
  fundpass: FundPassField,
});
export type FixedLendBody = Static<typeof FixedLendBody>;

export const FixedLendResult = Type.Object({
  order_id: Type.String(),
  asset: Type.String(),
  amount: DecimalString,
  lock_up_period: Type.Integer(),
  year_rate: DecimalString,
  interest: DecimalString,
  bonus_amount: DecimalString,
  coupon_interest: DecimalString,
  /** The order's APR in percent with its voucher and ladder bonus, as the holdings show it. */
  total_year_rate_percent: DecimalString,
  create_time: Type.Integer(),
  interest_start_time: Type.Integer(),
  finish_time: Type.Integer(),
  received_time: Type.Integer(),
});
export type FixedLendResult = Static<typeof FixedLendResult>;

export const FixedHoldingsQuery = Type.Object({
  order_type: Type.Optional(Type.Literal(1)),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  asset: Type.Optional(CoinFilter),
  order_id: Type.Optional(RowId),
});

export const CouponInfo = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  rate_ratio: DecimalString,
  rate_day: Type.Integer(),
  buy_limit_low: DecimalString,
  buy_limit_high: DecimalString,
  interest: DecimalString,
});

/** A fixed order as holdings and the detail page show it. */
export const FixedHolding = Type.Object({
  id: Type.Integer(),
  order_id: Type.String(),
  asset: Type.String(),
  icon: Type.String(),
  product_id: Type.Integer(),
  product_type: Type.Integer(),
  title: Type.String(),
  min_vip: Type.Integer(),
  max_vip: Type.Integer(),
  principal: DecimalString,
  lock_up_period: Type.Integer(),
  create_time: Type.Integer(),
  interest_start_time: Type.Integer(),
  finish_time: Type.Integer(),
  received_time: Type.Integer(),
  /** Base interest at maturity; total_interest adds the ladder bonus (when in the same coin) and the voucher. */
  interest: DecimalString,
  total_interest: DecimalString,
  year_rate: DecimalString,
  /** The APR with bonus and voucher, in percent (the spec spells it both ways). */
  total_year_rate_percent: DecimalString,
  year_rate_perent: DecimalString,
  /** 0 before interest starts, 1 earning, 2 matured and being paid, 3 paid at maturity, 4 redeemed early. */
  status: Type.Integer(),
  redeem_account_type: Type.Integer(),
  reinvest_status: Type.Integer(),
  /** The part that renews at maturity ('' = all of it). */
  reinvest_amount: Type.String(),
  /** Whether redeem early, auto-reinvest and redeem-to are locked now (within 1 hour of finish_time). */
  actions_locked: Type.Boolean(),
  coupon_info: Type.Union([CouponInfo, Type.Null()]),
  bonus_info: Type.Union([
    Type.Object({
      ladder_apr: Type.Array(LadderTierView),
      bonus_asset: Type.String(),
      amount: DecimalString,
      /** The parts of the ladder the order takes (ours: where its bonus was counted). */
      ladder_slices: LadderSlices,
    }),
    Type.Null(),
  ]),
  product_info: Type.Object({
    pre_redeem: Type.Integer(),
    reinvest: Type.Integer(),
    redeem_account: Type.Integer(),
    pre_redeem_rate_year: Type.String(),
    /** The least a renewal may be (partial renewal opens an order of at least this). */
    min_lend_amount: DecimalString,
  }),
  /** What redeeming early would pay now and what it gives up. */
  early_redeem: Type.Object({ interest: DecimalString, amount: DecimalString, forfeited: DecimalString }),
  /** Where the money went or goes: the renewed order, if any. */
  renewed_order_id: Type.String(),
  mode: Type.Integer(),
});
export type FixedHolding = Static<typeof FixedHolding>;

export const FixedOrderPath = Type.Object({ order_id: RowId });
export const PreRedeemBody = Type.Object({
  order_id: Type.Union([RowId, RowIdString]),
});
export type PreRedeemBody = Static<typeof PreRedeemBody>;
export const PreRedeemResult = Type.Object({
  order_id: Type.String(),
  asset: Type.String(),
  principal: DecimalString,
  interest: DecimalString,
  amount: DecimalString,
  account: Type.String(),
  submit_time: Type.Integer(),
  arrival_time: Type.Integer(),
});
export const ReinvestStatusBody = Type.Object({
  reinvest_status: Flag,
  reinvest_amount: Type.Optional(AmountInput(WIRE_AMOUNTS.fixedSubscribe)),
});
export const RedeemAccountBody = Type.Object({ redeem_account_type: RedeemAccountType });
export const FixedOrderChoice = Type.Object({
  order_id: Type.String(),
  reinvest_status: Type.Integer(),
  reinvest_amount: Type.String(),
  redeem_account_type: Type.Integer(),
});

export const Lendable = Type.Object({ asset: Type.String(), available: DecimalString, account: Type.String() });
export const RemainingQuota = Type.Object({
  product_id: Type.Integer(),
  product_remaining: DecimalString,
  user_remaining: DecimalString,
  remaining: DecimalString,
  /** What the user holds in the product now (the principal of their open orders). */
  user_held: DecimalString,
  /** The parts of the product's bonus ladder their open orders take: a new order fills the lowest free ones. */
  user_ladder_slices: LadderSlices,
});
export type RemainingQuota = Static<typeof RemainingQuota>;
export const SubscribeCheckResult = Type.Object({
  is_able_subscribe: Type.Boolean(),
  /** Why not, as an i18n key ('' when able). */
  reason: Type.String(),
});

/** A rate-up voucher (spec field names); expired_timest in seconds. */
export const RateUpCoupon = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  rate_day: Type.Integer(),
  rate_ratio: DecimalString,
  buy_limit_low: DecimalString,
  buy_limit_high: DecimalString,
  using_currency: Type.String(),
  expired_timest: Type.Integer(),
  popup_msg: Type.String(),
  popup_high_light: Type.String(),
});
export type RateUpCoupon = Static<typeof RateUpCoupon>;

export const FixedHistoryQuery = Type.Object({
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
  asset: Type.Optional(CoinFilter),
  start_at: Type.Optional(UnixSeconds),
  end_at: Type.Optional(UnixSeconds),
});
export const FixedHistoryRow = Type.Object({
  id: Type.Integer(),
  type: Type.Integer(),
  mode: Type.Integer(),
  asset: Type.String(),
  amount: DecimalString,
  order_id: Type.String(),
  lock_up_period: Type.Integer(),
  lend_rate_year: Type.String(),
  principal: Type.String(),
  rate_ratio: Type.String(),
  /** Days the voucher of a subscription adds its rate_ratio for; 0 without one. */
  rate_day: Type.Integer(),
  /** A subscription's whole APR in percent, as its holding shows it ('' on other rows). */
  total_year_rate_percent: Type.String(),
  /** The bonus a subscription's order pays, in bonus_asset ('' without one). */
  bonus_amount: Type.String(),
  bonus_asset: Type.String(),
  time_at: Type.Integer(),
});
export type FixedHistoryRow = Static<typeof FixedHistoryRow>;

const Regions = Type.Array(Type.String({ minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$' }), { maxItems: 50 });
const LadderInput = Type.Array(Type.Object({ left: DecimalString, right: DecimalString, apr: DecimalString }), {
  maxItems: 10,
});

/** A product's title and subtitle in another language than English (what is missing stays English). */
export const FixedTexts = Type.Object({
  title: Type.Optional(OptionalName(80)),
  subtitle: Type.Optional(OptionalName(160)),
});
export const FixedTranslations = Translations(FixedTexts);
export type FixedTranslations = Static<typeof FixedTranslations>;

/** Operator: a new fixed product. Quotas and amounts in the product's coin; rates as fractions. */
export const FixedProductInput = Type.Object({
  coin: CoinSymbol,
  type: FixedProductTypeValue,
  lock_up_period: Type.Integer({ minimum: 1, maximum: 3650 }),
  year_rate: DecimalString,
  min_lend_amount: DecimalString,
  user_max_lend_volume: DecimalString,
  total_quota: DecimalString,
  min_vip: Type.Optional(Type.Integer({ minimum: 0, maximum: 16 })),
  max_vip: Type.Optional(Type.Integer({ minimum: 0, maximum: 16 })),
  ladder_apr: Type.Optional(LadderInput),
  bonus_asset: Type.Optional(CoinSymbol),
  reinvest: Type.Optional(Flag),
  redeem_account: Type.Optional(Flag),
  pre_redeem: Type.Optional(Flag),
  pre_redeem_rate_year: Type.Optional(DecimalString),
  title: Type.Optional(OptionalName(80)),
  subtitle: Type.Optional(OptionalName(160)),
  /** The title and subtitle in Chinese. */
  translations: Type.Optional(FixedTranslations),
  start_time: Type.Optional(UnixSeconds),
  end_time: Type.Optional(UnixSeconds),
  new_users_only: Type.Optional(Flag),
  min_kyc_level: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  excluded_regions: Type.Optional(Regions),
  sale: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')])),
});
export type FixedProductInput = Static<typeof FixedProductInput>;
/** Operator: the fields to change (coin, type and term are fixed once orders exist). */
export const FixedProductPatch = Type.Partial(Type.Omit(FixedProductInput, ['coin', 'type', 'lock_up_period']));
export type FixedProductPatch = Static<typeof FixedProductPatch>;
export const FixedProductPath = Type.Object({ id: RowId });

export const VoucherInput = Type.Object({
  email: Type.String({ format: 'email' }),
  coin: CoinSymbol,
  title: Type.Optional(OptionalName(80)),
  rate_ratio: DecimalString,
  rate_day: Type.Integer({ minimum: 1, maximum: 3650 }),
  buy_limit_low: DecimalString,
  buy_limit_high: DecimalString,
  expired_timest: UnixSeconds,
});
export type VoucherInput = Static<typeof VoucherInput>;
