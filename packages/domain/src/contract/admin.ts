import { type Static, Type } from 'typebox';
import { MAX_VIP_TIER } from '../account/vip.js';
import { AccountModeName, Wallet } from './account.js';
import { CoinSymbol, DecimalString } from './common.js';

export const ClockState = Type.Object({
  now: Type.String({ format: 'date-time' }),
  now_ms: Type.Number(),
  mode: Type.String(),
});
export type ClockState = Static<typeof ClockState>;

export const AdvanceBody = Type.Object({ hours: Type.Integer({ minimum: 1, maximum: 24 * 366 }) });
export const AdvanceResult = Type.Object({
  now: Type.String(),
  now_ms: Type.Number(),
  runs: Type.Array(Type.Object({ job: Type.String(), period_start: Type.String() })),
});

export const DepositBody = Type.Object({
  email: Type.String({ format: 'email' }),
  coin: CoinSymbol,
  amount: DecimalString,
  wallet: Wallet,
});
export type DepositBody = Static<typeof DepositBody>;

export const UserSettingsBody = Type.Object({
  email: Type.String({ format: 'email' }),
  tier: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_VIP_TIER })),
  region: Type.Optional(Type.String({ minLength: 2, maxLength: 2 })),
  kyc_level: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  is_new_user: Type.Optional(Type.Boolean()),
  verified: Type.Optional(Type.Boolean()),
  mode: Type.Optional(AccountModeName),
  use_funding: Type.Optional(Type.Boolean()),
  locked: Type.Optional(Type.Boolean()),
  trading_volume_60d: Type.Optional(DecimalString),
  loans: Type.Optional(Type.Record(Type.String(), DecimalString)),
});
export type UserSettingsBody = Static<typeof UserSettingsBody>;
