import { type Static, Type } from 'typebox';

/** Names the hodler-airdrop config_set call accepts. */
export const HodlerConfigName = Type.Union([
  Type.Literal('HODLER_AIRDROP_NOTIFY'),
  Type.Literal('HODLER_AIRDROP_GT_EXCHANGE'),
]);
export const HodlerConfigSetBody = Type.Object({
  name: HodlerConfigName,
  value: Type.Union([Type.Literal('1'), Type.Literal('0')]),
});
export const HodlerConfigBody = Type.Object({ action: Type.Literal('config') });
export const HodlerConfig = Type.Object({ hodler_notify: Type.Integer(), hodler_gt_exchange: Type.Integer() });
export type HodlerConfig = Static<typeof HodlerConfig>;

/** Candy-drop subscription: 1 subscribed, 2 not subscribed. Sent as a form, so numbers may come as text. */
export const CandySubscribeBody = Type.Object({
  aid: Type.Union([Type.Literal(-1), Type.Literal('-1')]),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal('1'), Type.Literal('2')]),
});
export const CandyStatus = Type.Object({ global_subscribe_status: Type.Integer() });
export type CandyStatus = Static<typeof CandyStatus>;

export const HeraldItem = Type.Object({
  msg_switch: Type.String(),
  switch_status: Type.Integer(),
  name: Type.String(),
});
export const HeraldCategory = Type.Object({ category: Type.String(), items: Type.Array(HeraldItem) });
export type HeraldCategory = Static<typeof HeraldCategory>;
export const HeraldSwitchesBody = Type.Object({
  sets: Type.Object({ startup_mining_switch: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
});
