import { checkMinLendRateFraction, toWire } from '@earn/domain';
import type { AppContext } from '../../context.js';
import { runTx } from '../../db/tx.js';
import { refused } from '../../errors.js';
import type { User } from '../account/repo.js';
import { requireOpenMarket } from './markets.js';
import { changeMinRate } from './subscribe-flexible.js';

/** Edits the minimum lend APR of the user's position (POST /uni-loan/earn/interest-rate). */
export async function setMinLendRate(ctx: AppContext, user: User, input: { asset: string; rateYear: string }) {
  const market = await requireOpenMarket(ctx.db, input.asset);
  const rate = checkMinLendRateFraction(input.rateYear, { limitMinRate: market.limitMinRate, maxRate: market.maxRate });
  if (!rate.ok) throw refused(rate);
  return runTx(ctx.db, async (tx) => {
    await changeMinRate(tx, user.id, market, rate.value, ctx.clock.now());
    return { asset: market.coin, min_lend_rate_year: toWire(rate.value) };
  });
}
