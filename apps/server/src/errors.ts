import { Code, type Failure, SIX_MONTHS_DAYS } from '@earn/domain';

/**
 * The one error type of the server: a catalogue code, a message safe to show, the HTTP status,
 * and optionally the i18n key the web shows instead of the message, with the values it interpolates.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 400,
    readonly extra: {
      key?: string;
      params?: Record<string, string>;
      requireFundpass?: boolean;
      data?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, key?: string) =>
  new AppError(Code.Failure, message, 400, key ? { key } : {});
/**
 * A list's period [start, end) in unix seconds, when both ends are given, must hold some time: the
 * start before the end; with `withinSixMonths` (the histories, spec), at most the shared date range's
 * 6 months. The date-range picker never sends another; a call that does is told so, in the reader's
 * language.
 */
export function checkPeriod(
  start: number | undefined,
  end: number | undefined,
  {
    names = ['start_at', 'end_at'],
    withinSixMonths = false,
  }: { names?: [string, string]; withinSixMonths?: boolean } = {},
) {
  if (start === undefined || end === undefined) return;
  if (start >= end)
    throw new AppError(Code.Failure, `${names[0]} must be before ${names[1]}`, 400, { key: 'dateRange.order' });
  if (withinSixMonths && end - start > SIX_MONTHS_DAYS * 86_400) {
    throw new AppError(Code.Failure, `${names[0]} and ${names[1]} can be at most ${SIX_MONTHS_DAYS} days apart`, 400, {
      key: 'analysis.date.picker.limit.tip',
    });
  }
}
/** A domain rule's refusal: its message, and its i18n key with the values the key interpolates. */
export const refused = (failure: Failure) =>
  new AppError(Code.Failure, failure.message, 400, {
    key: failure.key,
    ...(failure.params ? { params: failure.params } : {}),
  });
/** Something asked for by id that does not exist (or is not the user's); the web says so in its language. */
export const notFound = (message: string, key = 'common.notExist') => new AppError(Code.Failure, message, 404, { key });
/** A coin the catalogue does not list, named by the field it came in. */
export const unlistedCoin = (field: string, coin: string) =>
  new AppError(Code.Failure, `${field} ${coin} is not a coin we list`, 400, {
    key: 'common.coinUnlisted',
    params: { coin },
  });
/** An operator's call naming a user by an email no account has. */
export const noAccountWithEmail = (email: string) =>
  new AppError(Code.Failure, `no account with the email ${email}`, 400, {
    key: 'admin.noAccount',
    params: { email },
  });
/** A coin without an open flexible market. */
export const noFlexibleProduct = (field: string, coin: string) =>
  new AppError(Code.Failure, `${field} ${coin} has no flexible product`, 400, {
    key: 'lend_earn.noProduct',
    params: { coin },
  });
export const conflict = (message: string, key?: string) => new AppError(Code.Failure, message, 409, key ? { key } : {});
export const needLogin = () => new AppError(Code.NeedLogin, 'Please log in first', 401, { key: 'auth.needLogin' });
export const forbidden = (message: string, key?: string) =>
  new AppError(Code.Failure, message, 403, key ? { key } : {});
/** The words of every refusal of a body that is not JSON (a form, text, multipart, no type). */
export const JSON_ONLY = 'This call takes a JSON body (application/json)';
export const unsupportedMediaType = () => new AppError(Code.Failure, JSON_ONLY, 415, { key: 'common.unreadable' });
/** Not enough of a coin (the spec's key), the same message whichever check found it. */
export const insufficientBalance = (coin?: string) =>
  coin
    ? new AppError(Code.Failure, `Not enough ${coin} available`, 400, {
        key: 'finances.inadequateBalance',
        params: { coin },
      })
    : new AppError(Code.Failure, 'Insufficient balance', 400, { key: 'finances.inadequateBalance' });
/** Auto-earn is for non-VIP accounts (spec: hidden for VIP users). */
export const autoEarnNotForVip = () =>
  new AppError(Code.Failure, 'Auto-earn is not available to VIP accounts', 403, { key: 'lend_earn.autoEarn.vip' });
/** More of a coin than can leave the trading wallet, whose balance is there but partly borrowed. */
export const borrowedCoins = (coin: string, free: string, loan: string) =>
  new AppError(Code.Failure, `Only ${free} ${coin} can be moved out: ${loan} ${coin} is borrowed`, 400, {
    key: 'finances.borrowed',
    params: { coin, amount: free, loan },
  });
export const isInsufficientBalance = (error: unknown) =>
  error instanceof AppError && error.extra.key === 'finances.inadequateBalance';
