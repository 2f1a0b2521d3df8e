import { checkRenewalAmount, parseAmount, toWire, WIRE_AMOUNTS } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { runTx } from '../../db/tx.js';
import { refused } from '../../errors.js';
import type { User } from '../account/repo.js';
import { lockUserOrder } from './holdings.js';
import { assertActionAllowed } from './order-actions.js';

/**
 * Switches auto-reinvest of an active order. The spec's coupling holds here too: on sets redeem-to
 * 0 (what does not renew goes to the trading account), off sets it to 1 (flexible Simple Earn) when
 * the product lets the user choose, else 0. `reinvest_amount` renews only that much of the principal.
 */
export async function setReinvest(
  ctx: AppContext,
  user: User,
  orderId: number,
  input: { reinvest_status: 0 | 1; reinvest_amount?: string | undefined },
) {
  const amount =
    input.reinvest_status === 1 && input.reinvest_amount
      ? parseAmount('reinvest_amount', input.reinvest_amount, WIRE_AMOUNTS.fixedSubscribe)
      : null;
  if (amount && !amount.ok) throw refused(amount);
  return runTx(ctx.db, async (tx) => {
    const { order, product } = await lockUserOrder(tx, user.id, orderId);
    assertActionAllowed(order, product, 'reinvest', ctx.clock.now().getTime());
    if (amount?.ok) {
      const renewal = checkRenewalAmount(amount.value, {
        principal: order.principal,
        minLendAmount: product.minLendAmount,
        asset: order.coin,
      });
      if (!renewal.ok) throw refused(renewal);
    }
    const redeemAccountType = input.reinvest_status === 1 || !product.redeemAccount ? 0 : 1;
    const reinvestAmount = amount?.ok ? amount.value.toFixed() : null;
    await tx.execute(sql`
      UPDATE fixed_orders SET reinvest_status = ${input.reinvest_status}, reinvest_amount = ${reinvestAmount},
        redeem_account_type = ${redeemAccountType}
      WHERE id = ${order.id}`);
    return {
      order_id: String(order.id),
      reinvest_status: input.reinvest_status,
      reinvest_amount: reinvestAmount === null ? '' : toWire(reinvestAmount),
      redeem_account_type: redeemAccountType,
    };
  });
}
