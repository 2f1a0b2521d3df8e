import { checkStakeAmount, type Decimal, remainingOf } from '@earn/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { stakingProducts } from '../../db/schema.js';
import { userAccount } from '../../ledger/accounts.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { isDebtProduct } from './products.js';
import { heldIn, stakeInto } from './stake.js';

/**
 * A released launch-pool stake that chose staking: staked into the coin's first product that takes
 * it (open, above its minimum, within the personal and crowd caps), from the trading wallet the
 * release just credited. Returns false when none can (the stake then stays in the wallet). The
 * products are already locked by the caller (the lock order).
 */
export async function releaseIntoStaking(
  tx: Executor,
  s: { user_id: number; account_mode: User['accountMode']; coin: string; amount: Decimal },
  at: Date,
): Promise<boolean> {
  const products = await tx
    .select()
    .from(stakingProducts)
    .where(eq(stakingProducts.coin, s.coin))
    .orderBy(asc(stakingProducts.id));
  // A debt product would mint a loan the user never asked for: only products that just stake.
  for (const product of products.filter((p) => p.saleOpen && !isDebtProduct(p))) {
    const held = await heldIn(tx, { id: s.user_id, accountMode: s.account_mode }, product);
    const checked = checkStakeAmount(s.amount, {
      coin: s.coin,
      minMortgageAmount: product.minMortgageAmount,
      available: s.amount,
      personalLeft: remainingOf(product.personalMortgageLimit, held),
      crowdLeft: remainingOf(product.crowdMortgageLimit, product.staked),
    });
    if (!checked.ok) continue;
    await stakeInto(tx, product, {
      userId: s.user_id,
      from: userAccount(s.user_id, tradingWallet({ accountMode: s.account_mode }), s.coin),
      amount: checked.value,
      at,
    });
    return true;
  }
  return false;
}
