import { Decimal, MAX_AMOUNT } from './money.js';
import { type Failure, fail, ok, type Result } from './result.js';

export interface AmountRules {
  /** Most decimal places accepted. */
  maxDecimals: number;
  /** Whether zero is accepted (amounts to move money never are). */
  allowZero?: boolean;
  max?: string;
  /** A valid value shown in refusals: "12.5" for amounts, a rate's own (such as "0.05") for rates. */
  example?: string;
}

/** The valid values refusals show: of an amount, and of a yearly rate (a fraction). */
export const AMOUNT_EXAMPLE = '12.5';
export const RATE_EXAMPLE = '0.05';

/** Digits with an optional fraction, no leading zeros ("00001" is a typo, not 1). */
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * Whether a value from the wire is written as an amount at all: a decimal string, not negative, plain
 * (no exponent, sign, blank or leading zero). The refusal names the field; undefined when it is.
 * The request schemas check this shape before anything else runs (a fund-password prompt included).
 */
export function amountShapeFailure(field: string, raw: unknown, example = AMOUNT_EXAMPLE): Failure | undefined {
  const reject = (message: string, key = 'errors.invalidAmount'): Failure => ({
    key,
    field,
    message: `${field} ${message}`,
    params: { field },
  });
  if (raw === undefined || raw === null || raw === '') return reject('is required', 'errors.required');
  if (typeof raw !== 'string') return reject(`must be a decimal string, for example "${example}"`);
  if (raw.startsWith('-')) return reject('must not be negative');
  if (!PLAIN_DECIMAL.test(raw)) return reject(`must be a plain decimal number, for example "${example}"`);
  return undefined;
}

/**
 * Parses an amount that came over the wire. Only a plain decimal string is money:
 * JSON numbers, exponents, signs, blanks and too many places are refused with a message naming the field.
 */
export function parseAmount(field: string, raw: unknown, rules: AmountRules): Result<Decimal> {
  const shape = amountShapeFailure(field, raw, rules.example);
  if (shape) return fail(shape);
  const reject = (message: string) =>
    fail({ key: 'errors.invalidAmount', field, message: `${field} ${message}`, params: { field } });
  const text = raw as string;
  const places = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  if (places > rules.maxDecimals) return reject(`must have at most ${rules.maxDecimals} decimal places`);
  const value = new Decimal(text);
  const max = rules.max ?? MAX_AMOUNT;
  if (value.gt(max)) return reject(`must be at most ${max}`);
  if (value.isZero() && !rules.allowZero) return reject('must be greater than 0');
  return ok(value);
}
