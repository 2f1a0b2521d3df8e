import { type Static, Type } from 'typebox';
import { WIRE_AMOUNTS } from '../wire-amounts.js';
import { AmountInput, DecimalString, FundPassField, LocaleTag, OperatorName, RowId, Translations } from './common.js';

/** Private wealth calls live under this base (spec). */
export const WEALTH_BASE = '/apiw/v2/earn/private-wealth';

/** Project types (spec): 4 private wealth (platform), 5 asset management (third party). */
export const ProjectType = Type.Union([Type.Literal(4), Type.Literal(5)]);

export const WealthPurchaseBody = Type.Object({
  pid: RowId,
  amount: AmountInput(WIRE_AMOUNTS.wealthPurchase),
  project_type: Type.Optional(ProjectType),
  fundpass: FundPassField,
});
export type WealthPurchaseBody = Static<typeof WealthPurchaseBody>;

export const WealthRedeemBody = Type.Object({
  pid: RowId,
  unit: AmountInput(WIRE_AMOUNTS.wealthUnits),
  fundpass: FundPassField,
});
export type WealthRedeemBody = Static<typeof WealthRedeemBody>;

/** An order as its confirmation and the pending list show it. */
export const WealthOrder = Type.Object({
  order_id: Type.Integer(),
  pid: Type.Integer(),
  side: Type.Union([Type.Literal('purchase'), Type.Literal('redeem')]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('done')]),
  /** Purchase: paid. Redeem: paid out once valued ('0' while pending). */
  amount: DecimalString,
  /** Redeem: units asked. Purchase: units issued once valued ('0' while pending). */
  unit: DecimalString,
  /** Units a gate carried to the next valuation. */
  carried: DecimalString,
  /** The NAV it was valued at ('0' while pending). */
  nav: DecimalString,
  coin: Type.String(),
  create_time: Type.Integer(),
  /** The valuation it is (or was) priced at (Unix seconds). */
  valuation_time: Type.Integer(),
});
export type WealthOrder = Static<typeof WealthOrder>;

/** A product of the VIP wealth page, with the reader's holding. */
export const WealthProduct = Type.Object({
  pid: Type.Integer(),
  project_type: Type.Integer(),
  name: Type.String(),
  coin: Type.String(),
  min_purchase: DecimalString,
  min_tier: Type.Integer(),
  manager: Type.String(),
  strategy: Type.String(),
  disclaimer: Type.String(),
  fee_rate: DecimalString,
  /** Percent of units that may leave per valuation ('' for no gate). */
  gate_percent: Type.String(),
  nav: DecimalString,
  nav_time: Type.Integer(),
  recent_30_days_rate: DecimalString,
  next_valuation_time: Type.Integer(),
  /** The reader's units, what they are worth now, and those waiting to be redeemed. */
  unit: DecimalString,
  amount: DecimalString,
  unit_pending: DecimalString,
  /** Purchases waiting for the valuation. */
  amount_pending: DecimalString,
  eligible: Type.Boolean(),
});
export type WealthProduct = Static<typeof WealthProduct>;

export const WealthLinesQuery = Type.Object({
  type: Type.Union([Type.Literal('balance'), Type.Literal('rate')]),
  /** The holding's id (the product id: a user holds one position per product). */
  order_id: RowId,
  range: Type.Optional(Type.Union([Type.Literal(30), Type.Literal(180), Type.Literal(365), Type.Literal(730)])),
  project_type: Type.Optional(ProjectType),
});
export const WealthLine = Type.Object({ timestamp: Type.Integer(), value: DecimalString, diff: DecimalString });
export const WealthLines = Type.Object({ lines: Type.Array(WealthLine), change: DecimalString });
export type WealthLines = Static<typeof WealthLines>;

export const WealthDetailQuery = Type.Object({
  order_id: RowId,
  project_type: Type.Optional(ProjectType),
  locale: Type.Optional(LocaleTag),
});
export const WealthOrderDetail = Type.Object({
  name: Type.String(),
  /** What the units are worth at the last NAV. */
  amount: DecimalString,
  coin: Type.String(),
  unit: DecimalString,
  /** Worth plus paid out minus paid in. */
  income_amount: DecimalString,
  show_interest: Type.Boolean(),
  /** Average NAV the units were bought at. */
  net_value_ratio_buy: DecimalString,
  net_value_ratio: DecimalString,
  recent_30_days_rate: DecimalString,
  run_days: Type.Integer(),
  client_id: Type.String(),
  orders: Type.Array(WealthOrder),
});
export type WealthOrderDetail = Static<typeof WealthOrderDetail>;

/** Operator: a wealth product. */
/** A product's texts in another language than the English ones (what is missing stays English). */
export const WealthTexts = Type.Object({
  name: Type.Optional(OperatorName(100)),
  manager: Type.Optional(OperatorName(100)),
  strategy: Type.Optional(Type.String({ maxLength: 2000 })),
  disclaimer: Type.Optional(Type.String({ maxLength: 4000 })),
});
export type WealthTexts = Static<typeof WealthTexts>;
export const WealthTranslations = Translations(WealthTexts);
export type WealthTranslations = Static<typeof WealthTranslations>;

export const WealthProductInput = Type.Object({
  project_type: ProjectType,
  name: OperatorName(100),
  coin: Type.String({ minLength: 1, maxLength: 20 }),
  min_purchase: DecimalString,
  min_tier: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
  manager: OperatorName(100),
  strategy: Type.String({ maxLength: 2000 }),
  disclaimer: Type.String({ maxLength: 4000 }),
  fee_rate: Type.Optional(DecimalString),
  gate_percent: Type.Optional(Type.Union([Type.Null(), DecimalString])),
  nav: Type.Optional(DecimalString),
  /** The texts in Chinese: the disclaimer a reader accepts is shown in their language. */
  translations: Type.Optional(WealthTranslations),
});
export type WealthProductInput = Static<typeof WealthProductInput>;

/** Operator: a valuation date's NAV (before the day's management fee). */
export const WealthNavBody = Type.Object({
  day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  nav: DecimalString,
});
