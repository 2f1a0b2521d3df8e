import { toWire } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { runTx } from '../../db/tx.js';
import { badRequest } from '../../errors.js';
import type { User } from '../account/repo.js';
import { lockUserOrder } from './holdings.js';
import { assertActionAllowed } from './order-actions.js';

/** Chooses where an active order pays out: 0 the trading account, 1 flexible Simple Earn. */
export async function setRedeemAccount(ctx: AppContext, user: User, orderId: number, redeemAccountType: 0 | 1) {
  return runTx(ctx.db, async (tx) => {
    const { order, product } = await lockUserOrder(tx, user.id, orderId);
    assertActionAllowed(order, product, 'redeemAccount', ctx.clock.now().getTime());
    // The spec's coupling: while auto-reinvest is on, what does not renew goes to the trading account.
    if (order.reinvestStatus === 1 && redeemAccountType === 1) {
      throw badRequest('Turn off auto-reinvest to pay out into flexible Simple Earn', 'fixed.redeemTo.reinvest');
    }
    await tx.execute(sql`UPDATE fixed_orders SET redeem_account_type = ${redeemAccountType} WHERE id = ${order.id}`);
    return {
      order_id: String(order.id),
      reinvest_status: order.reinvestStatus,
      reinvest_amount: order.reinvestAmount === null ? '' : toWire(order.reinvestAmount),
      redeem_account_type: redeemAccountType,
    };
  });
}
