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

/** A refusal of an amount: the field, and why as a context of errors.invalidAmount the web words. */
export function amountRefusal(
  field: string,
  message: string,
  context: string,
  extra: Record<string, string> = {},
): Failure {
  return {
    key: 'errors.invalidAmount',
    field,
    message: `${field} ${message}`,
    params: { field, context, ...extra },
  };
}

/**
 * Whether a value from the wire is written as an amount at all: a decimal string, not negative, plain
 * (no exponent, sign, blank or leading zero). The refusal names the field; undefined when it is.
 */
function amountShapeFailure(field: string, raw: unknown, example = AMOUNT_EXAMPLE): Failure | undefined {
  if (raw === undefined || raw === null || raw === '')
    return { key: 'validation.required', field, message: `${field} is required`, params: { field } };
  if (typeof raw !== 'string')
    return amountRefusal(field, `must be a decimal string, for example "${example}"`, 'plain', { example });
  // A minus before a plain number above zero makes it negative; before zero ('-0') or anything else
  // ('--1', '-.5') it is only a character out of place.
  const unsigned = raw.slice(1);
  if (raw.startsWith('-') && PLAIN_DECIMAL.test(unsigned) && !new Decimal(unsigned).isZero())
    return amountRefusal(field, 'must not be negative', 'negative');
  if (!PLAIN_DECIMAL.test(raw))
    return amountRefusal(field, `must be a plain decimal number, for example "${example}"`, 'plain', { example });
  return undefined;
}

/**
 * Parses an amount that came over the wire. Only a plain decimal string is money:
 * JSON numbers, exponents, signs, blanks and too many places are refused with a message naming the field.
 * Request schemas apply it too (the contract's AmountInput), so a wrong amount is refused before
 * anything else runs, a fund-password prompt included.
 */
export function parseAmount(field: string, raw: unknown, rules: AmountRules): Result<Decimal> {
  const shape = amountShapeFailure(field, raw, rules.example);
  if (shape) return fail(shape);
  const text = raw as string;
  // Places that carry a value: "1.0000000" is 1, whatever the coin's precision.
  const places = text.includes('.') ? text.slice(text.indexOf('.') + 1).replace(/0+$/, '').length : 0;
  if (places > rules.maxDecimals)
    return fail(
      amountRefusal(field, `must have at most ${rules.maxDecimals} decimal places`, 'places', {
        places: String(rules.maxDecimals),
      }),
    );
  const value = new Decimal(text);
  const max = rules.max ?? MAX_AMOUNT;
  if (value.gt(max)) return fail(amountRefusal(field, `must be at most ${max}`, 'max', { max }));
  if (value.isZero() && !rules.allowZero) return fail(amountRefusal(field, 'must be greater than 0', 'positive'));
  return ok(value);
}
