import { type Static, Type } from 'typebox';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PATTERN,
} from '../account/credentials.js';
import { WIRE_AMOUNTS } from '../wire-amounts.js';
import { AmountInput, CoinSymbol, DecimalString, FundPassField } from './common.js';

export const AccountModeName = Type.Union([
  Type.Literal('classic'),
  Type.Literal('multi_currency'),
  Type.Literal('single_currency'),
]);
export type AccountModeName = Static<typeof AccountModeName>;

export const Wallet = Type.Union([Type.Literal('spot'), Type.Literal('unified')]);
export type Wallet = Static<typeof Wallet>;

export const FundPassPolicy = Type.Union([Type.Literal('always'), Type.Literal('every_2h'), Type.Literal('never')]);
export type FundPassPolicy = Static<typeof FundPassPolicy>;

/** Longer than any password can be, short enough that hashing what is sent costs nothing extra. */
const LOGIN_PASSWORD_MAX_LENGTH = 1024;

export const Credentials = Type.Object({
  // Format 'email' is the domain's EMAIL_PATTERN (registered with the server's validator).
  email: Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH }),
  password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, pattern: PASSWORD_PATTERN }),
});
export type Credentials = Static<typeof Credentials>;

/**
 * A login takes any printable address (spaces around it are trimmed) and any password, even blank:
 * a pair that could never have been registered (a rule that changed since, a typo) is answered
 * "incorrect" like any other wrong pair, not with a rule the person did not ask about. Control
 * characters in the address are refused: they never reach the database.
 */
export const LoginCredentials = Type.Object({
  email: Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: '^ *[\\x21-\\x7E]* *$' }),
  password: Type.String({ maxLength: LOGIN_PASSWORD_MAX_LENGTH }),
});
export type LoginCredentials = Static<typeof LoginCredentials>;

export const Me = Type.Object({
  uid: Type.Integer(),
  email: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  tier: Type.Integer({ description: 'VIP tier level; 5 and above is VIP' }),
  is_vip: Type.Boolean(),
  region: Type.String(),
  kyc_level: Type.Integer(),
  is_new_user: Type.Boolean(),
  verified: Type.Boolean(),
  mode: AccountModeName,
  has_fundpass: Type.Boolean(),
  fundpass_policy: FundPassPolicy,
});
export type Me = Static<typeof Me>;

export const FundPassBody = Type.Object({
  fundpass: Type.String({ description: 'the new fund password: 6 digits' }),
  old_fundpass: Type.Optional(Type.String({ maxLength: 64 })),
  policy: Type.Optional(FundPassPolicy),
});
export type FundPassBody = Static<typeof FundPassBody>;

export const FundPassState = Type.Object({ has_fundpass: Type.Boolean(), fundpass_policy: FundPassPolicy });

export const OutableBody = Type.Object({ assets: Type.Array(CoinSymbol, { minItems: 1, maxItems: 50 }) });
export const OutableItem = Type.Object({
  asset: Type.String(),
  outable: DecimalString,
  lend_earn_available: DecimalString,
  mode: AccountModeName,
  available: DecimalString,
});
export type OutableItem = Static<typeof OutableItem>;

export const LentAvailable = Type.Object({ asset: Type.String(), available: DecimalString });

export const ComplianceMenuItem = Type.Object({ key: Type.String(), hidden: Type.Boolean() });
export const Compliance = Type.Object({
  business: Type.Array(Type.String()),
  menu: Type.Array(ComplianceMenuItem),
});
export type Compliance = Static<typeof Compliance>;

export const BorrowCoinSetting = Type.Object({
  coin: Type.String(),
  is_support_launchpool: Type.Integer(),
  is_support_staking: Type.Integer(),
});
export type BorrowCoinSetting = Static<typeof BorrowCoinSetting>;

export const AccountMode = Type.Object({
  mode: AccountModeName,
  first_open: Type.Boolean(),
  settings: Type.Object({ use_funding: Type.Boolean() }),
});
export type AccountMode = Static<typeof AccountMode>;

export const ReferralInfo = Type.Object({ encrypted_uid: Type.String(), kol_code: Type.String() });
export type ReferralInfo = Static<typeof ReferralInfo>;

export const CurrencyCallSetting = Type.Object({ symbol: Type.String(), new_coin_start: Type.Integer() });
export type CurrencyCallSetting = Static<typeof CurrencyCallSetting>;

export const LoanProperty = Type.Record(Type.String(), DecimalString);
export type LoanProperty = Static<typeof LoanProperty>;

export const SpotTradingHome = Type.Object({
  market: Type.String(),
  use_funding: Type.Boolean(),
  locked: Type.Boolean(),
  spot_restricted: Type.Boolean(),
});
export type SpotTradingHome = Static<typeof SpotTradingHome>;

/** Where links out of the earn area lead: the exchange's own pages, or null when not configured. */
export const SiteLinks = Type.Object({ exchange_url: Type.Union([Type.String(), Type.Null()]) });
export type SiteLinks = Static<typeof SiteLinks>;

export const MaintenanceMarginRate = Type.Object({
  maintenance_margin_rate: DecimalString,
  maintenance_margin: DecimalString,
  equity: DecimalString,
});

export const Balance = Type.Object({ asset: Type.String(), spot: DecimalString, unified: DecimalString });
export type Balance = Static<typeof Balance>;

export const TransferBody = Type.Object({
  asset: CoinSymbol,
  amount: AmountInput(WIRE_AMOUNTS.transfer),
  from: Wallet,
  to: Wallet,
  fundpass: FundPassField,
});
export type TransferBody = Static<typeof TransferBody>;
export const TransferResult = Type.Object({ asset: Type.String(), amount: DecimalString, tx_id: Type.String() });
