import { MAX_AMOUNT } from './money.js';

export interface DecimalInputRules {
  /** Most digits after the point. 0 allows integers only. */
  precision: number;
  allowNegative?: boolean;
  max?: string;
}

/** A Chinese or Japanese keyboard types full-width digits and marks ('１０００', '1。5', '1，5'). */
function halfWidth(raw: string): string {
  return raw
    .replace(/[\uFF10-\uFF19]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/[\u3002\uFF0E]/g, '.')
    .replace(/\uFF0C/g, ',')
    .replace(/\uFF0D/g, '-');
}

/**
 * What a comma means. Commas group thousands where they can only do that: before the point
 * ('1,000.5'), several of them ('1,000,000'), or one after one to three digits and before exactly
 * three ('1,000' is a thousand, as an English or Chinese reader means it). After points that group
 * thousands the comma is the point ('1.000,5' is 1000.5). Any other comma is the point ('1,5' is
 * 1.5, never 15, as a keypad with only a comma types it). Takes text of digits, points, commas and
 * minus signs only.
 */
function readCommas(text: string): string {
  const commas = text.split(',').length - 1;
  if (commas === 0) return text;
  if (/^-?[1-9]\d{0,2}(\.\d{3})+,\d*$/.test(text)) return text.replace(/\./g, '').replace(',', '.');
  const point = text.indexOf('.');
  if (point !== -1) return text.slice(0, point).replace(/,/g, '') + text.slice(point).replace(/,/g, '');
  if (commas > 1 || /^-?[1-9]\d{0,2},\d{3}$/.test(text)) return text.replace(/,/g, '');
  return text.replace(',', '.');
}

function keptCharacters(raw: string): string {
  return halfWidth(raw).replace(/[^\d.,-]/g, '');
}

/**
 * The shared decimal-input rule, applied on every keystroke: digits only with at most `precision`
 * places, no sign unless allowed, a leading '.' becomes '0.', leading zeros are stripped, and the
 * value is capped at the maximum. Returns the value the text stands for.
 */
export function sanitizeDecimalInput(raw: string, rules: DecimalInputRules): string {
  const max = rules.max ?? MAX_AMOUNT;
  let text = readCommas(keptCharacters(raw));
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

/**
 * What the input shows while the user types: their own commas and points as long as the value
 * reads them exactly (so '1,' stays '1,' on the way to '1,000' or '1,5'), otherwise the value
 * itself. Blur then shows the value, so what will be sent is seen before it is.
 */
export function shownDecimalInput(raw: string, rules: DecimalInputRules): string {
  const value = sanitizeDecimalInput(raw, rules);
  const typed = keptCharacters(raw);
  return typed.includes(',') && readCommas(typed) === value ? typed : value;
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
