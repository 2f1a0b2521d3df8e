import { floorHour, HOUR_MS, parseAmount, toWire } from '@earn/domain';
import type { DemandBody } from '@earn/domain/contract';
import type { Static } from 'typebox';
import type { AppContext } from '../../context.js';
import { flexibleDemandOverrides } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { refused } from '../../errors.js';
import { requireOpenMarket } from '../simple-earn/markets.js';

/** Sets a coin's borrow demand from the next hour on (the next clearing uses it), replacing the curve. */
export async function setFlexibleDemand(ctx: AppContext, input: Static<typeof DemandBody>) {
  const market = await requireOpenMarket(ctx.db, input.coin);
  const amount = parseAmount('amount', input.amount, { maxDecimals: 8, allowZero: true });
  if (!amount.ok) throw refused(amount);
  const rate = parseAmount('max_rate', input.max_rate, { maxDecimals: 6, allowZero: true, max: '10' });
  if (!rate.ok) throw refused(rate);
  const fromHour = new Date(floorHour(ctx.clock.now().getTime()) + HOUR_MS);
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
