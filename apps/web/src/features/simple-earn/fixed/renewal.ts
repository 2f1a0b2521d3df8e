import type { FixedHolding } from '@earn/domain/contract';

/**
 * Whether an order renews at maturity: auto-reinvest on while it is still held. Its timeline then
 * shows the next subscription instead of the redemption (spec), in the list as on the detail.
 */
export function renewsAtMaturity(order: FixedHolding): boolean {
  return order.reinvest_status === 1 && order.status <= 1;
}
