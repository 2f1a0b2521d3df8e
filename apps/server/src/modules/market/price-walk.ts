import { Decimal, HOUR_MS, isStablecoin } from '@earn/domain';

/**
 * Demo and test prices: a seeded random walk of the log price from each coin's base price, a pure
 * function of (coin, hour). The walk is built from nested blocks (hours in a day, days in a 32-day
 * month, months in a 16-month era, eras), each block a seeded step, so the price at any hour costs
 * a few dozen hashes whatever the distance from the anchor: moving the clock a month costs nothing.
 */
const ANCHOR_MS = Date.UTC(2026, 0, 1);
/** Block sizes: hours in a day, days in a month, months in an era; eras are the last, unbounded level. */
const LEVELS = [24, 32, 16] as const;
/** Step size per level (log-price), so a day moves about 2%, a month about 6%. */
const SIGMA = [0.004, 0.012, 0.03] as const;
const ERA_SIGMA = 0.05;
/** The walk is pulled back towards the base so a long-running demo never drifts to absurd prices. */
const MAX_LOG_DEVIATION = 0.5;

/** A deterministic 32-bit hash of a text (FNV-1a with a final mix): the seed of every demo curve. */
export function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A deterministic number in [0, 1) from a seed text. */
export function seededUnit(seed: string): number {
  return hash32(seed) / 2 ** 32;
}

/** A deterministic step in [-1, 1). */
function step(coin: string, level: number, index: number): number {
  return seededUnit(`${coin}:${level}:${index}`) * 2 - 1;
}

export function logOffset(coin: string, hourIndex: number): number {
  let offset = 0;
  let index = hourIndex;
  for (let level = 0; level < LEVELS.length; level++) {
    const size = LEVELS[level] as number;
    const within = ((index % size) + size) % size;
    const block = Math.floor(index / size);
    for (let j = 0; j < within; j++) offset += (SIGMA[level] as number) * step(coin, level, block * size + j);
    index = block;
  }
  // Eras walk from the anchor in both directions, so an hour before it costs as few steps as one after.
  for (let era = 0; era < index; era++) offset += ERA_SIGMA * step(coin, LEVELS.length, era);
  for (let era = -1; era >= index; era--) offset -= ERA_SIGMA * step(coin, LEVELS.length, era);
  return MAX_LOG_DEVIATION * Math.tanh(offset / MAX_LOG_DEVIATION);
}

/** Prices already computed, by coin, base price and hour: a price is fixed for its whole hour. */
const computed = new Map<string, Decimal>();
const COMPUTED_MAX = 4096;

/**
 * Price of a coin at an instant, in USDT, 8 significant digits. Computed once per coin and hour
 * (Decimal's exp at full precision is the costly part of every read that values coins) and reused.
 */
export function priceAt(coin: string, basePrice: string, atMs: number): Decimal {
  // A stablecoin is pegged: its price does not walk.
  if (isStablecoin(coin)) return new Decimal(1);
  const hourIndex = Math.floor((atMs - ANCHOR_MS) / HOUR_MS);
  const key = `${coin}|${basePrice}|${hourIndex}`;
  const known = computed.get(key);
  if (known) return known;
  const price = walkedPrice(coin, basePrice, hourIndex);
  // Oldest first out: the hours in use are the current one and a day back.
  if (computed.size >= COMPUTED_MAX) computed.delete(computed.keys().next().value as string);
  computed.set(key, price);
  return price;
}

/** The walk itself, uncached. */
export function walkedPrice(coin: string, basePrice: string, hourIndex: number): Decimal {
  const factor = new Decimal(logOffset(coin, hourIndex)).exp();
  return new Decimal(basePrice).times(factor).toSignificantDigits(8, Decimal.ROUND_HALF_EVEN);
}
