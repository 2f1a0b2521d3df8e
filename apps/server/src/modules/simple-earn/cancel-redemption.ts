import { Decimal, parseAmount, toWire, WIRE_AMOUNTS } from '@earn/domain';
import { HISTORY_REDEEM_CANCELLED } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { earnHistory } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { AppError, refused } from '../../errors.js';
import { userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import type { User } from '../account/repo.js';
import { forgetCancelledRedemption } from './auto-earn-kept.js';
import { requireOpenMarket } from './markets.js';
import {
  balancesOf,
  changeNetSubscribed,
  FLEXIBLE,
  FLEXIBLE_REDEEMING,
  keepBookSnapshot,
  lockPosition,
} from './positions.js';

/** Takes back a pending (frozen) redemption before the hour settles: the amount stays lent in the position. */
export async function cancelRedemption(
  ctx: AppContext,
  user: User,
  input: { asset: string; amount?: string | undefined },
) {
  const market = await requireOpenMarket(ctx.db, input.asset);
  // The amount is checked before anything is read: a bad one is refused the same way at any time.
  const asked =
    input.amount === undefined ? undefined : parseAmount('amount', input.amount, WIRE_AMOUNTS.cancelRedemption);
  if (asked && !asked.ok) throw refused(asked);
  return runTx(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const position = await lockPosition(tx, user.id, market, now);
    const { redeeming } = await balancesOf(tx, position);
    const pending = new Decimal(redeeming);
    if (pending.lte(0))
      throw new AppError(-1, 'There is no pending redemption to cancel', 400, { key: 'lend_earn.noPendingRedemption' });
    let amount = pending;
    if (asked?.ok) {
      if (asked.value.gt(pending))
        throw new AppError(-1, `amount must be at most the pending ${toWire(pending)} ${market.coin}`, 400, {
          key: 'lend_earn.cancelAtMost',
          params: { amount: toWire(pending), coin: market.coin },
        });
      amount = asked.value;
    }
    await keepBookSnapshot(tx, [position.id], now);
    await post(tx, {
      kind: 'flexible.redeem_cancel',
      ref: market.coin,
      userId: user.id,
      at: now,
      postings: [
        { account: userAccount(user.id, FLEXIBLE_REDEEMING, market.coin), amount: amount.neg() },
        { account: userAccount(user.id, FLEXIBLE, market.coin), amount },
      ],
    });
    await changeNetSubscribed(tx, position, amount);
    await forgetCancelledRedemption(tx, user.id, market.coin, amount);
    await tx.insert(earnHistory).values({
      userId: user.id,
      product: 'flexible',
      type: HISTORY_REDEEM_CANCELLED,
      mode: 0,
      coin: market.coin,
      amount: amount.toFixed(),
      at: now,
    });
    return { asset: market.coin, amount: toWire(amount) };
  });
}
