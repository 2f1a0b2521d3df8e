import { type Static, Type } from 'typebox';
import { CoinSymbol, DecimalString } from './common.js';

/** -1 or a decimal string: a cap that may be unlimited. */
const CapString = Type.String({
  pattern: '^(-1|\\d+(\\.\\d+)?)$',
  description: '"-1" for no cap, else a decimal string',
});

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
  vip_config: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Object({ min_tier: Type.Integer({ minimum: 0, maximum: 16 }), quota: DecimalString }),
    ]),
  ),
  transaction_config: Type.Optional(
    Type.Array(Type.Object({ transaction_amount: DecimalString, mortgage_limit: DecimalString }), { maxItems: 10 }),
  ),
  redeem_type: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
  simple_earn: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Object({
        user_period: Type.Integer({ minimum: 0, maximum: 365 }),
        fixed_period: Type.Integer({ minimum: 0, maximum: 365 }),
        fixed_rate: DecimalString,
        ext_rate: DecimalString,
        rate: DecimalString,
      }),
    ]),
  ),
  staking: Type.Optional(Type.Union([Type.Null(), Type.Object({ rate: DecimalString })])),
});
export type LaunchPoolInput = Static<typeof LaunchPoolInput>;

export const LaunchProjectInput = Type.Object({
  coin: CoinSymbol,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  start_timest: Type.Integer({ minimum: 0 }),
  end_timest: Type.Integer({ minimum: 0 }),
  pools: Type.Array(LaunchPoolInput, { minItems: 1, maxItems: 10 }),
});
export type LaunchProjectInput = Static<typeof LaunchProjectInput>;
