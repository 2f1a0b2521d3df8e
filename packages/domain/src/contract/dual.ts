import { type Static, Type } from 'typebox';
import { DecimalString, PageQuery, RowId, UnixSeconds } from './common.js';

/** Dual-earn order statuses (spec). */
export const DUAL_ORDER_STATUSES = [
  'INIT',
  'PROCESSING',
  'SETTLEMENT_SUCCESS',
  'SETTLEMENT_PROCESSING',
  'SETTLEMENT_FAILED',
  'CANCELING',
  'CANCELED',
  'EXPIRED',
  'FAILED',
  'INTERNAL_ERROR',
] as const;
export type DualOrderStatus = (typeof DUAL_ORDER_STATUSES)[number];
const Status = Type.Enum(DUAL_ORDER_STATUSES);

export const DualOrder = Type.Object({
  order_id: Type.Integer(),
  kind: Type.Union([Type.Literal('dual'), Type.Literal('sniper')]),
  direction: Type.Union([Type.Literal('call'), Type.Literal('put')]),
  coin: Type.String(),
  invest_coin: Type.String(),
  amount: DecimalString,
  strike_price: DecimalString,
  apy: DecimalString,
  settle_time: Type.Integer(),
  status: Status,
  /** What settlement paid ('' and '0' until it has). */
  settlement_coin: Type.String(),
  settlement_amount: DecimalString,
  create_time: Type.Integer(),
});
export type DualOrder = Static<typeof DualOrder>;

export const DualOrderQuery = Type.Object({ order_id: RowId });
export const DualOrdersQuery = Type.Object({ ...PageQuery });

/** Operator: an order for a user (the demo seeds one in each status). */
export const DualOrderInput = Type.Object({
  user_id: RowId,
  kind: Type.Union([Type.Literal('dual'), Type.Literal('sniper')]),
  direction: Type.Union([Type.Literal('call'), Type.Literal('put')]),
  coin: Type.String({ minLength: 1, maxLength: 20 }),
  invest_coin: Type.String({ minLength: 1, maxLength: 20 }),
  amount: DecimalString,
  strike_price: DecimalString,
  apy: DecimalString,
  settle_time: UnixSeconds,
  /** When the order was placed (default now); before its settle time and not in the future. */
  create_time: Type.Optional(UnixSeconds),
  status: Status,
  settlement_coin: Type.Optional(Type.String({ maxLength: 20 })),
  settlement_amount: Type.Optional(DecimalString),
});
export type DualOrderInput = Static<typeof DualOrderInput>;
