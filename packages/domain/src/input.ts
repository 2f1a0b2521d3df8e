import { MAX_AMOUNT } from './money.js';

export interface DecimalInputRules {
  /** Most digits after the point. 0 allows integers only. */
  precision: number;
  allowNegative?: boolean;
  max?: string;
}

/**
 * Commas group thousands and go where they can only be that: with a point, several commas
 * ('1,000.5', '1,000,000'), or one comma after one to three digits and before exactly three
 * ('1,000' is a thousand, as an English or Chinese reader means it). Any other single comma is the
 * decimal point ('1,5' is 1.5, never 15; '1,' is typed on the way to '1,5').
 */
function decimalComma(raw: string): string {
  const commas = raw.split(',').length - 1;
  const grouping = commas > 1 || raw.includes('.') || /^\s*-?[1-9]\d{0,2},\d{3}\s*$/.test(raw);
  return grouping ? raw.replace(/,/g, '') : raw.replace(',', '.');
}

/**
 * The shared decimal-input rule, applied on every keystroke: digits only with at most `precision`
 * places, no sign unless allowed, a leading '.' becomes '0.', leading zeros are stripped, and the
 * value is capped at the maximum. Returns the text the input should show.
 */
export function sanitizeDecimalInput(raw: string, rules: DecimalInputRules): string {
  const max = rules.max ?? MAX_AMOUNT;
  let text = decimalComma(raw).replace(/[^\d.-]/g, '');
  const negative = rules.allowNegative === true && text.startsWith('-');
  text = text.replace(/-/g, '');
  const dot = text.indexOf('.');
  let intPart = dot === -1 ? text : text.slice(0, dot);
  let fracPart = dot === -1 ? undefined : text.slice(dot + 1).replace(/\./g, '');
  if (rules.precision <= 0) fracPart = undefined;
  else if (fracPart !== undefined) fracPart = fracPart.slice(0, rules.precision);
  if (fracPart !== undefined && intPart === '') intPart = '0';
  intPart = intPart.replace(/^0+(?=\d)/, '');
  let result = fracPart === undefined ? intPart : `${intPart}.${fracPart}`;
  if (result !== '' && exceeds(result, max)) result = max;
  return negative ? `-${result}` : result;
}

/** On blur: a trailing '.' is removed and integers are normalised ('5.' -> '5', '5.000' -> '5', '-0' -> '0'). */
export function normalizeDecimalInput(text: string): string {
  const result = text.endsWith('.') ? text.slice(0, -1) : text;
  if (result === '-' || result === '') return '';
  const integer = /^(-?)(\d+)(\.0*)?$/.exec(result);
  if (!integer) return result;
  const digits = integer[2] ?? '0';
  return digits === '0' ? '0' : `${integer[1]}${digits}`;
}

function exceeds(value: string, max: string): boolean {
  const [intPart = '', fracPart = ''] = value.split('.');
  const [maxInt = '', maxFrac = ''] = max.split('.');
  if (intPart.length !== maxInt.length) return intPart.length > maxInt.length;
  if (intPart !== maxInt) return intPart > maxInt;
  return fracPart.replace(/0+$/, '') > maxFrac.replace(/0+$/, '');
}

/** A coin symbol: letters, digits and _, at most 20 of them (the API's rule for every coin field). */
export const COIN_SYMBOL_CHARS = 'A-Za-z0-9_';
export const COIN_SYMBOL_MAX_LENGTH = 20;
const notInSymbol = new RegExp(`[^${COIN_SYMBOL_CHARS}]`, 'g');

/**
 * The coin search rule, applied on every keystroke: only what a symbol can hold is kept (a space, a
 * dot, a zero-width character is dropped), at most a symbol long, so a search always asks for a
 * coin and never for text the API refuses.
 */
export function sanitizeCoinSearch(raw: string): string {
  return raw.replace(notInSymbol, '').slice(0, COIN_SYMBOL_MAX_LENGTH);
}
