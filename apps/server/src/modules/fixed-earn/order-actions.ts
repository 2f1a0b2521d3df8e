import { areFixedActionsLocked } from '@earn/domain';
import { badRequest } from '../../errors.js';
import type { FixedOrderRow } from './holdings.js';
import type { FixedProductRow } from './products.js';

type Flag = 'preRedeem' | 'reinvest' | 'redeemAccount';
const REFUSED: Record<Flag, [string, string]> = {
  preRedeem: ['This product cannot be redeemed early', 'fixed.preRedeem.unsupported'],
  reinvest: ['This product does not renew automatically', 'fixed.reinvest.unsupported'],
  redeemAccount: ['This product pays out to your spot account only', 'fixed.redeemAccount.unsupported'],
};

/**
 * An order's actions (early redeem, auto-reinvest, redeem-to) need it active (status 0 or 1), the
 * product's flag, and at least 1 hour before finish_time (spec).
 */
export function assertActionAllowed(order: FixedOrderRow, product: FixedProductRow, flag: Flag, nowMs: number) {
  if (order.state !== 'holding') throw badRequest('This order has already been redeemed', 'fixed.order.ended');
  if (!product[flag]) {
    const [message, key] = REFUSED[flag];
    throw badRequest(message, key);
  }
  if (areFixedActionsLocked(nowMs, order.finishAt.getTime())) {
    throw badRequest('This order matures within the hour and can no longer be changed', 'fixed.order.locked');
  }
}
