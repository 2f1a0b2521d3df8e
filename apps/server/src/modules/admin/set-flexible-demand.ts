import { floorHour, HOUR_MS, parseAmount, RATE_EXAMPLE, toWire } from '@earn/domain';
import type { DemandBody } from '@earn/domain/contract';
import { eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { AppContext } from '../../context.js';
import { flexibleDemandOverrides } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import { curveDemand } from '../simple-earn/demand.js';
import { requireOpenMarket } from '../simple-earn/markets.js';

/** The highest all-in APR borrowers may bid (100%). */
const MAX_BID = '1';

/**
 * Sets a coin's borrow demand from the next hour on (the next clearing uses it), replacing the curve;
 * or, with `curve`, returns the coin to its seeded curve (hours already cleared keep their demand).
 */
export async function setFlexibleDemand(ctx: AppContext, input: Static<typeof DemandBody>) {
  const market = await requireOpenMarket(ctx.db, input.coin);
  const fromHour = new Date(floorHour(ctx.clock.now().getTime()) + HOUR_MS);
  if (input.curve) {
    if (input.amount !== undefined || input.max_rate !== undefined)
      throw badRequest('curve cannot come with amount or max_rate');
    await runTx(ctx.db, (tx) =>
      tx.delete(flexibleDemandOverrides).where(eq(flexibleDemandOverrides.coin, market.coin)),
    );
    const next = curveDemand(market, fromHour.getTime());
    return {
      coin: market.coin,
      from_hour: fromHour.toISOString(),
      amount: toWire(next.amount),
      max_rate: toWire(next.bid),
    };
  }
  const amount = parseAmount('amount', input.amount, { maxDecimals: 8, allowZero: true });
  if (!amount.ok) throw refused(amount);
  const rate = parseAmount('max_rate', input.max_rate, {
    maxDecimals: 6,
    allowZero: true,
    max: MAX_BID,
    example: RATE_EXAMPLE,
  });
  if (!rate.ok) throw refused(rate);
  await runTx(ctx.db, (tx) =>
    tx
      .insert(flexibleDemandOverrides)
      .values({ coin: market.coin, fromHour, amount: amount.value.toFixed(), maxRate: rate.value.toFixed() })
      .onConflictDoUpdate({
        target: [flexibleDemandOverrides.coin, flexibleDemandOverrides.fromHour],
        set: { amount: amount.value.toFixed(), maxRate: rate.value.toFixed() },
      }),
  );
  return {
    coin: market.coin,
    from_hour: fromHour.toISOString(),
    amount: toWire(amount.value),
    max_rate: toWire(rate.value),
  };
}
