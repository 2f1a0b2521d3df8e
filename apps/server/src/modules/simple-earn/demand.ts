import { Decimal, lenderRateCap } from '@earn/domain';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flexibleDemandOverrides } from '../../db/schema.js';
import { seededUnit } from '../market/price-walk.js';
import type { FlexibleMarket } from './markets.js';

export interface Demand {
  amount: Decimal;
  /** The borrowers' all-in APR bid: what they pay at most, the service fee included. */
  bid: Decimal;
}

/**
 * Where borrow demand comes from. We run no margin trading, so demand is a seeded curve that moves
 * with the clock (a daily cycle and hourly noise around the market's typical demand and bid),
 * unless the operator set it from some hour on. A real margin book can replace this interface.
 */
export interface BorrowDemandSource {
  demandAt(db: Executor, market: FlexibleMarket, hourMs: number): Promise<Demand>;
}

/** The seeded curve alone: demand between 55% and 130% of typical, a bid between 75% and 125%. */
export function curveDemand(market: FlexibleMarket, hourMs: number): Demand {
  const hour = Math.floor(hourMs / 3_600_000);
  const phase = seededUnit(`${market.coin}:phase`) * 2 * Math.PI;
  const daily = 0.5 + 0.5 * Math.sin((2 * Math.PI * (hour % 24)) / 24 + phase);
  const noise = seededUnit(`${market.coin}:${hour}:amount`);
  const bidNoise = seededUnit(`${market.coin}:${hour}:rate`);
  const amount = new Decimal(market.demandBase).times((0.55 + 0.5 * daily + 0.25 * noise).toFixed(6));
  const bid = new Decimal(market.demandRate).times((0.75 + 0.5 * bidNoise).toFixed(6));
  return {
    amount: amount.toDecimalPlaces(8, Decimal.ROUND_DOWN),
    bid: bid.toDecimalPlaces(4, Decimal.ROUND_DOWN),
  };
}

export const seededDemand: BorrowDemandSource = {
  async demandAt(db, market, hourMs) {
    const [override] = await db
      .select()
      .from(flexibleDemandOverrides)
      .where(
        and(eq(flexibleDemandOverrides.coin, market.coin), lte(flexibleDemandOverrides.fromHour, new Date(hourMs))),
      )
      .orderBy(desc(flexibleDemandOverrides.fromHour))
      .limit(1);
    if (override) return { amount: new Decimal(override.amount), bid: new Decimal(override.maxRate) };
    return curveDemand(market, hourMs);
  },
};

/** A coin's demand as the clearing takes it: the amount, and the lenders' cap under the bid. */
export async function clearingDemandAt(
  source: BorrowDemandSource,
  db: Executor,
  market: FlexibleMarket,
  hourMs: number,
) {
  const d = await source.demandAt(db, market, hourMs);
  return { coin: market.coin, amount: d.amount, bid: d.bid, maxRate: lenderRateCap(d.bid, market.feeRate) };
}
