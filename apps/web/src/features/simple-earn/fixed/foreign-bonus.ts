import type { FixedHolding } from '@earn/domain/contract';

/**
 * An order's ladder bonus when it is paid in another coin than the order's: then it is in none of
 * the order's figures in its own coin (its APR, its earnings, what redeeming early gives up).
 */
export function foreignBonus(order: Pick<FixedHolding, 'asset' | 'bonus_info'>) {
  const bonus = order.bonus_info;
  return bonus && bonus.bonus_asset !== order.asset && bonus.amount !== '0' ? bonus : null;
}
