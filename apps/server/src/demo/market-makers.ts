import { Decimal } from '@earn/domain';
import type { AppContext } from '../context.js';
import { runTx } from '../db/tx.js';
import { register } from '../modules/account/register.js';
import { newToken } from '../modules/account/secrets.js';
import { depositIn } from '../modules/admin/deposit.js';
import { listMarkets } from '../modules/simple-earn/markets.js';
import { changeMinRate, subscribeMany } from '../modules/simple-earn/subscribe-flexible.js';

/** Share of a market's typical demand each market maker supplies, and the share of the bid it asks. */
const MAKERS = [
  { share: '0.25', ask: '0.15' },
  { share: '0.2', ask: '0.3' },
  { share: '0.15', ask: '0.45' },
  { share: '0.15', ask: '0.6' },
  { share: '0.1', ask: '0.75' },
  { share: '0.1', ask: '0.9' },
  { share: '0.1', ask: '1.1' },
];

/**
 * The demo's other lenders: a few accounts (no login) lending every coin at spread minimum APRs,
 * so the hourly clearing rate rises and falls with demand as it does in a real market.
 */
export async function seedMarketMakers(ctx: AppContext): Promise<void> {
  const markets = await listMarkets(ctx.db);
  const now = ctx.clock.now();
  for (const [i, maker] of MAKERS.entries()) {
    const email = `market-maker-${i + 1}@earn.local`;
    const user = await register(ctx, { email, password: newToken() }, { isNewUser: false });
    await runTx(ctx.db, async (tx) => {
      for (const m of markets) {
        const amount = new Decimal(m.demandBase).times(maker.share).toDecimalPlaces(6, Decimal.ROUND_DOWN);
        const wanted = new Decimal(m.demandRate).times(maker.ask);
        const rate = Decimal.min(Decimal.max(wanted, m.limitMinRate), m.maxRate).toDecimalPlaces(4, Decimal.ROUND_UP);
        await depositIn(tx, ctx, { email, coin: m.coin, amount: amount.toFixed(), wallet: 'spot' });
        await subscribeMany(tx, [{ user, coin: m.coin, amount }], now, 0);
        await changeMinRate(tx, user.id, m, rate, now);
      }
    });
  }
}
