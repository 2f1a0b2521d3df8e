/** Envelope codes of the spec's catalogue. */
export const Code = {
  Success: 0,
  Success200: 200,
  Failure: -1,
  NeedFundPassword: 101,
  NeedLogin: 401,
  FundPasswordCheckFailed: 10010106,
  FundPasswordSetFirst: 10010107,
  FundPasswordNeedFingerprint: 10010108,
  FundPasswordRequired: 10010111,
  FundPasswordFrequency: 10010112,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export function isSuccessCode(code: number): boolean {
  return code === Code.Success || code === Code.Success200;
}

/** Codes on which the client asks for the fund password and retries the same call with it. */
export function asksForFundPassword(code: number, requireFundpass?: boolean): boolean {
  return requireFundpass === true || code === Code.NeedFundPassword || code === Code.FundPasswordRequired;
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  require_fundpass?: boolean;
}

/** The herald switch that turns Launchpool notifications on or off. */
export const STARTUP_MINING_SWITCH_KEY = 'startup_mining_switch';
