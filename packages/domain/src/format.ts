import { Decimal, type DecimalLike, dec, roundDown } from './money.js';

export type Locale = 'en' | 'zh-CN';
export const LOCALES: readonly Locale[] = ['en', 'zh-CN'];

/** Amounts are shown to 8 places, rounded down; the smallest shown is 0.00000001. */
export const AMOUNT_PLACES = 8;
const SMALLEST_SHOWN = new Decimal('0.00000001');

function group(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An amount rounded down to `places`, trailing zeros trimmed, thousands grouped; '<0.00000001' below the smallest unit. */
export function formatAmount(value: DecimalLike, places = AMOUNT_PLACES): string {
  const d = dec(value);
  if (d.gt(0) && d.lt(SMALLEST_SHOWN) && places >= AMOUNT_PLACES) return `<${SMALLEST_SHOWN.toFixed()}`;
  const rounded = roundDown(d, places);
  const [intPart = '0', fracPart] = rounded.abs().toFixed().split('.');
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  return `${sign}${group(intPart)}${fracPart ? `.${fracPart}` : ''}`;
}

/** A plain decimal as written, nothing rounded, its whole part grouped in thousands: '20000.5' to '20,000.5'. */
export function formatExact(plain: string): string {
  const [intPart = '', fracPart] = plain.split('.');
  return `${group(intPart)}${fracPart === undefined ? '' : `.${fracPart}`}`;
}

/** Fixed places, rounded down, trailing zeros kept: '12.50'. */
export function formatFixed(value: DecimalLike, places: number): string {
  const rounded = roundDown(value, places);
  const [intPart = '0', fracPart] = rounded.abs().toFixed(places).split('.');
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  return `${sign}${group(intPart)}${fracPart ? `.${fracPart}` : ''}`;
}

const UNITS: Record<Locale, readonly (readonly [string, string])[]> = {
  en: [
    ['1e12', 'T'],
    ['1e9', 'B'],
    ['1e6', 'M'],
    ['1e3', 'K'],
  ],
  'zh-CN': [
    ['1e8', '亿'],
    ['1e4', '万'],
  ],
};

/** Large numbers abbreviated by the locale's units (K, M, B, T or 万, 亿), 2 places rounded down. */
export function abbreviate(value: DecimalLike, locale: Locale): string {
  const d = dec(value);
  for (const [size, unit] of UNITS[locale]) {
    if (d.abs().gte(size)) return `${formatAmount(d.div(size), 2)}${unit}`;
  }
  return formatAmount(d, 2);
}

/** A rate given as a fraction ('0.0523') shown as a percentage with 2 places ('5.23%'), rounded down. */
export function formatRate(fraction: DecimalLike, places = 2): string {
  return `${formatFixed(dec(fraction).times(100), places)}%`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Calendar parts of an instant at a UTC offset (minutes east of UTC). */
function partsAt(ms: number, offsetMinutes: number) {
  const d = new Date(ms + offsetMinutes * 60_000);
  return {
    y: d.getUTCFullYear(),
    m: pad(d.getUTCMonth() + 1),
    d: pad(d.getUTCDate()),
    hh: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
}

/** MM/DD/YYYY, or YYYY/MM/DD in Chinese. */
export function formatDate(ms: number, locale: Locale, offsetMinutes = 0): string {
  const p = partsAt(ms, offsetMinutes);
  return locale === 'zh-CN' ? `${p.y}/${p.m}/${p.d}` : `${p.m}/${p.d}/${p.y}`;
}

export function formatDateTime(ms: number, locale: Locale, offsetMinutes = 0): string {
  const p = partsAt(ms, offsetMinutes);
  return `${formatDate(ms, locale, offsetMinutes)} ${p.hh}:${p.mm}:${p.ss}`;
}
