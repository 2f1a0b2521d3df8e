import { type Static, Type } from 'typebox';
import { DecimalString } from './common.js';

export const Coin = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  decimals: Type.Integer(),
  icon: Type.String(),
});
export type Coin = Static<typeof Coin>;

export const TickerItem = Type.Object({
  pair: Type.String(),
  rate: DecimalString,
  change_percentage: DecimalString,
});
export type TickerItem = Static<typeof TickerItem>;

export const TickersQuery = Type.Object({ currency_pairs: Type.Optional(Type.String({ maxLength: 2000 })) });
