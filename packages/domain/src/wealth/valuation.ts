import { DAY_MS } from '../dates.js';

/** Wealth products are valued once a day at 08:30 UTC (forward pricing: orders wait for the next one). */
export const VALUATION_OFFSET_MS = (8 * 60 + 30) * 60_000;

/** The valuation an order placed at `nowMs` is priced at: today's 08:30 UTC, or tomorrow's once it has passed. */
export function nextValuationMs(nowMs: number): number {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS + VALUATION_OFFSET_MS;
  return nowMs < today ? today : today + DAY_MS;
}
