import { toWire } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { runTx } from '../../db/tx.js';
import type { User } from '../account/repo.js';
import { lockUserOrder } from './holdings.js';
import { assertActionAllowed } from './order-actions.js';

/** Chooses where an active order pays out: 0 the trading account, 1 flexible Simple Earn. */
export async function setRedeemAccount(ctx: AppContext, user: User, orderId: number, redeemAccountType: 0 | 1) {
  return runTx(ctx.db, async (tx) => {
    const { order, product } = await lockUserOrder(tx, user.id, orderId);
    assertActionAllowed(order, product, 'redeemAccount', ctx.clock.now().getTime());
    await tx.execute(sql`UPDATE fixed_orders SET redeem_account_type = ${redeemAccountType} WHERE id = ${order.id}`);
    return {
      order_id: String(order.id),
      reinvest_status: order.reinvestStatus,
      reinvest_amount: order.reinvestAmount === null ? '' : toWire(order.reinvestAmount),
      redeem_account_type: redeemAccountType,
    };
  });
}
