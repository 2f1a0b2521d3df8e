import { MAX_AMOUNT } from './money.js';

export interface DecimalInputRules {
  /** Most digits after the point. 0 allows integers only. */
  precision: number;
  allowNegative?: boolean;
  max?: string;
}

/** A Chinese or Japanese keyboard types full-width digits and marks ('１０００', '1。5', '1，5', '1、5'). */
function halfWidth(raw: string): string {
  return raw
    .replace(/[\uFF10-\uFF19]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/[\u3002\uFF0E]/g, '.')
    .replace(/[\uFF0C\u3001\uFF64]/g, ',')
    .replace(/\uFF0D/g, '-');
}

/**
 * What commas and points mean, as plain decimal text with at most one point. Commas group
 * thousands where they can only do that: before the point ('1,000.5'), several of them
 * ('1,000,000'), or one after one to three digits and before exactly three ('1,000' is a thousand,
 * as an English or Chinese reader means it). Points group thousands when there are several of them
 * in groups of three ('1.000.000'), or before a comma, which is then the point ('1.000,5' is
 * 1000.5). Any other comma is the point ('1,5' is 1.5, never 15, as a keypad with only a comma types
 * it); after the point a comma or another point is dropped. Takes text of digits, points, commas
 * and minus signs only.
 */
function readSeparators(text: string): string {
  if (/^-?[1-9]\d{0,2}(\.\d{3})+,\d*$/.test(text)) return text.replace(/\./g, '').replace(',', '.');
  if (/^-?[1-9]\d{0,2}(\.\d{3}){2,}$/.test(text)) return text.replace(/\./g, '');
  const commas = text.split(',').length - 1;
  let plain = text;
  if (commas > 1 || text.includes('.') || /^-?[1-9]\d{0,2},\d{3}$/.test(text)) plain = text.replace(/,/g, '');
  else if (commas === 1) plain = text.replace(',', '.');
  const point = plain.indexOf('.');
  return point === -1 ? plain : plain.slice(0, point + 1) + plain.slice(point + 1).replace(/\./g, '');
}

function keptCharacters(raw: string): string {
  return halfWidth(raw).replace(/[^\d.,-]/g, '');
}

/**
 * The shared decimal-input rule, applied on every keystroke: digits only with at most `precision`
 * places, no sign unless allowed, a leading '.' becomes '0.', leading zeros are stripped, and the
 * value is capped at the maximum. Returns the plain decimal text the input stands for.
 */
export function sanitizeDecimalInput(raw: string, rules: DecimalInputRules): string {
  const max = rules.max ?? MAX_AMOUNT;
  let text = readSeparators(keptCharacters(raw));
  const negative = rules.allowNegative === true && text.startsWith('-');
  text = text.replace(/-/g, '');
  const dot = text.indexOf('.');
  let intPart = dot === -1 ? text : text.slice(0, dot);
  let fracPart = dot === -1 ? undefined : text.slice(dot + 1);
  // An integer field keeps a typed point, bare, so the digits typed after it are refused as in any
  // field whose places are full ('1.5' is 1, never 15); blur drops it.
  if (fracPart !== undefined) fracPart = fracPart.slice(0, Math.max(0, rules.precision));
  if (fracPart !== undefined && intPart === '') intPart = '0';
  intPart = intPart.replace(/^0+(?=\d)/, '');
  let result = fracPart === undefined ? intPart : `${intPart}.${fracPart}`;
  if (result !== '' && exceeds(result, max)) result = max;
  return negative ? `-${result}` : result;
}

/** Digits in groups of three after a comma or point, then at most one last group of up to three. */
const MAY_GROUP_THOUSANDS = /^-?\d*(?:[.,]\d{3})*(?:[.,]\d{0,3})?$/;

/**
 * What the input shows while the user types: their own commas and points while the text may still
 * group thousands and reads as the sanitized text (so '1,' stays '1,' on the way to '1,000' or
 * '1,5', and '1.000.' on the way to '1.000.000'), otherwise the sanitized text. A comma may also
 * hold more places than the field takes, since it may yet group thousands ('1,0' in a field of whole
 * numbers on the way to '1,000'); a point never does (the spec's rule on places).
 */
export function shownDecimalInput(raw: string, rules: DecimalInputRules): string {
  return shownFor(raw, sanitizeDecimalInput(raw, rules), rules);
}

function shownFor(raw: string, text: string, rules: DecimalInputRules): string {
  const typed = keptCharacters(raw);
  if (!MAY_GROUP_THOUSANDS.test(typed)) return text;
  const plain = readSeparators(typed);
  // Only a comma may yet group thousands; text cut to the cap shows as the cap, whatever follows.
  const capped = text === (rules.max ?? MAX_AMOUNT);
  const mayGroup = typed.includes(',') && !typed.includes('.') && !capped && text !== '' && plain.startsWith(text);
  return plain === text || mayGroup ? typed : text;
}

/**
 * The amount the input stands for while it is typed: its sanitized text without a trailing point
 * ('1.' or '1,' on the way to '1.5' or '1,000' is 1, not an invalid amount), or nothing while what
 * is shown holds more places than the field takes ('1,0' in a field of whole numbers may become 1000
 * or be cut to 1 on blur: nothing is sent until the text or the blur says which).
 */
export function decimalInputValue(raw: string, rules: DecimalInputRules): string {
  const text = sanitizeDecimalInput(raw, rules);
  if (readSeparators(keptCharacters(shownFor(raw, text, rules))) !== text) return '';
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/** Why typed text is not what the input shows (typedInputNote). */
export type TypedInputNote = 'dropped' | 'sign' | 'separator' | 'capped' | 'places' | 'grouping';

/**
 * Why typed text is not what the input shows, so the field can say so: `dropped` when it holds a
 * character the rule drops (a letter or any other symbol: '1e5' shows as 15), `sign` when, besides
 * digits and separators, it holds a minus the field does not take ('-5' shows as 5, the opposite
 * of what was meant), `separator` when a comma or point neither groups thousands nor marks the decimals
 * ('1,5,' shows as 15, '1..2' as 1.2), `capped` when it is above the field's maximum, which it
 * shows instead, `places` when it has more decimals than the field takes ('1.000' in a field of 2
 * places shows as 1.00), and at once when a point is typed in a field of whole numbers ('1.', which
 * it keeps bare so the digits after it are refused, never read as more of the integer), and
 * `grouping` while a comma holds more places than the field takes and only three digits after it
 * can make it a thousands group ('2,50' in a field of whole numbers: 2,500, or 2 on blur), since
 * the field stands for no amount until then.
 */
export function typedInputNote(raw: string, rules: DecimalInputRules): TypedInputNote | null {
  const typed = keptCharacters(raw);
  if (/[^\d.,-]/.test(halfWidth(raw))) return 'dropped';
  if (!rules.allowNegative && typed.includes('-')) return 'sign';
  if (separatorsDropped(typed, rules)) return 'separator';
  const number = readSeparators(typed)
    .replace(/-/g, '')
    .replace(/^0+(?=\d)/, '');
  if (/\d/.test(number) && exceeds(number, rules.max ?? MAX_AMOUNT)) return 'capped';
  const point = number.indexOf('.');
  // A comma that may yet group thousands is shown as typed ('1,0' in a field of whole numbers).
  const cut = point !== -1 && number.length - point - 1 > rules.precision;
  if (cut) return shownDecimalInput(raw, rules) === typed ? 'grouping' : 'places';
  return rules.precision === 0 && typed.endsWith('.') ? 'places' : null;
}

/**
 * Why the text blur settles to is not the number that was shown: `places` when blur cut its
 * decimals ('2,50' in a field of whole numbers settles to 2); a trailing point or zeros are no loss.
 */
export function settledInputNote(shown: string, rules: DecimalInputRules): TypedInputNote | null {
  const read = readSeparators(keptCharacters(shown));
  const settled = settledDecimalInput(shown, rules);
  return withoutTrailingZeros(read) === withoutTrailingZeros(settled) ? null : 'places';
}

function withoutTrailingZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0*$/, '') : text;
}

/** How commas and points may stand in a number as it is typed (the last group may be unfinished). */
const READ_SEPARATORS = [
  // Plain, or one comma: the point, or the first thousands group ('1,5', '1,000').
  /^\d*[.,]?\d*$/,
  // Commas grouping thousands, then the point or the next group under way.
  /^\d{1,3}(,\d{3})+(\.\d*)?$/,
  /^\d{1,3}(,\d{3})*,\d{0,3}$/,
  // Points grouping thousands, then a comma as the point or the next group under way.
  /^\d{1,3}(\.\d{3})+(,\d*)?$/,
  /^\d{1,3}(\.\d{3})*\.\d{0,3}$/,
];

/** A comma or point the rule drops: it neither groups thousands nor marks the decimals ('1,5,', '1,5.2'). */
function separatorsDropped(typed: string, rules: DecimalInputRules): boolean {
  const number = rules.allowNegative && typed.startsWith('-') ? typed.slice(1) : typed;
  return number.includes('-') || !READ_SEPARATORS.some((form) => form.test(number));
}

/** How a pasted number may be written: plain, or with its thousands grouped by commas, points or spaces. */
const PASTED_NUMBER = [
  /^\d*[.,]?\d*$/,
  /^\d{1,3}(,\d{3})+(\.\d*)?$/,
  /^\d{1,3}(\.\d{3})+(,\d*)?$/,
  /^\d{1,3}([ \u00a0\u202f]\d{3})+([.,]\d*)?$/,
];

/**
 * Pasted text the rule would turn into another number than the one it writes, or into none: a
 * letter against a digit ('1e5' is not 15, '0x10' is not 10), a sign the field does not take ('-50',
 * '(50)' are not 50), anything else inside the number ('1/2' is not 12, '100.5.3' not 100.53, '1 2 3'
 * not 123), digits of another script, or no digit at all. Words apart from the number ('100 USDT')
 * and symbols around it ('$100') are only dropped.
 */
export function pastedAsOtherNumber(raw: string, rules: DecimalInputRules): boolean {
  const text = halfWidth(raw);
  if (/\p{L}[\d.,]|\d\p{L}/u.test(text) || /[^\d]/.test(text.replace(/[^\p{Nd}]/gu, ''))) return true;
  // The number: from its first digit (or the point before it) to its last.
  const first = text.search(/\d/);
  if (first === -1) return true;
  const start = first > 0 && /[.,]/.test(text.charAt(first - 1)) ? first - 1 : first;
  const number = text.slice(start, text.search(/\d\D*$/) + 1);
  if (!PASTED_NUMBER.some((form) => form.test(number))) return true;
  const before = text.slice(0, start);
  if (/\(\s*$/.test(before)) return true;
  const signs = text.match(/[+\-\u2212]\s*[\d.,]/g) ?? [];
  if (signs.length === 0) return false;
  return !(rules.allowNegative === true && signs.length === 1 && /^\s*-\s*$/.test(before));
}

/** What the input settles to on blur: the sanitized text, normalised. */
export function settledDecimalInput(raw: string, rules: DecimalInputRules): string {
  return normalizeDecimalInput(sanitizeDecimalInput(raw, rules));
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

const wholeSymbol = new RegExp(`^[${COIN_SYMBOL_CHARS}]{1,${COIN_SYMBOL_MAX_LENGTH}}$`);
/** Whether a text (an address's coin) can be a coin symbol at all, by the API's rule. */
export function isCoinSymbol(text: string): boolean {
  return wholeSymbol.test(text);
}
