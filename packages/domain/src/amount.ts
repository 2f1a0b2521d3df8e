import { Decimal, MAX_AMOUNT } from './money.js';
import { fail, ok, type Result } from './result.js';

export interface AmountRules {
  /** Most decimal places accepted. */
  maxDecimals: number;
  /** Whether zero is accepted (amounts to move money never are). */
  allowZero?: boolean;
  max?: string;
}

/** Digits with an optional fraction, no leading zeros ("00001" is a typo, not 1). */
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * Parses an amount that came over the wire. Only a plain decimal string is money:
 * JSON numbers, exponents, signs, blanks and too many places are refused with a message naming the field.
 */
export function parseAmount(field: string, raw: unknown, rules: AmountRules): Result<Decimal> {
  const reject = (message: string, key = 'errors.invalidAmount') =>
    fail({ key, field, message: `${field} ${message}`, params: { field } });
  if (raw === undefined || raw === null || raw === '') return reject('is required', 'errors.required');
  if (typeof raw !== 'string') return reject('must be a decimal string, for example "12.5"');
  if (raw.startsWith('-')) return reject('must not be negative');
  if (!PLAIN_DECIMAL.test(raw)) return reject('must be a plain decimal number, for example "12.5"');
  const places = raw.includes('.') ? raw.length - raw.indexOf('.') - 1 : 0;
  if (places > rules.maxDecimals) return reject(`must have at most ${rules.maxDecimals} decimal places`);
  const value = new Decimal(raw);
  const max = rules.max ?? MAX_AMOUNT;
  if (value.gt(max)) return reject(`must be at most ${max}`);
  if (value.isZero() && !rules.allowZero) return reject('must be greater than 0');
  return ok(value);
}
