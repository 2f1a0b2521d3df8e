import DecimalBase from 'decimal.js';

/** Decimal with enough precision for numeric(38,18) arithmetic; every rounding is named at its call site. */
export const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -40, toExpPos: 40 });
export type Decimal = InstanceType<typeof Decimal>;
export type DecimalLike = Decimal | string;

/** The largest amount any input accepts (spec: max input value). */
export const MAX_AMOUNT = '999999999999';

export const ZERO = new Decimal(0);

/** A limit of -1 means unlimited (caps, quotas, a tier's upper bound). */
export const UNLIMITED = '-1';

export function dec(value: DecimalLike): Decimal {
  return value instanceof Decimal ? value : new Decimal(value);
}

export function roundDown(value: DecimalLike, places: number): Decimal {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);
}

export function roundUp(value: DecimalLike, places: number): Decimal {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_UP);
}

/** A canonical decimal string without exponent or trailing zeros, as amounts travel on the wire. */
export function toWire(value: DecimalLike): string {
  const d = dec(value);
  return d.isZero() ? '0' : d.toFixed();
}

/** Fixed places, rounded down, trailing zeros kept (for aligned columns). */
export function toFixedDown(value: DecimalLike, places: number): string {
  return roundDown(value, places).toFixed(places);
}

export function minDecimal(a: DecimalLike, b: DecimalLike): Decimal {
  return Decimal.min(dec(a), dec(b));
}

export function maxDecimal(a: DecimalLike, b: DecimalLike): Decimal {
  return Decimal.max(dec(a), dec(b));
}

export function sum(values: readonly DecimalLike[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(dec(v)), ZERO);
}

export function isPositive(value: DecimalLike): boolean {
  return dec(value).gt(0);
}
