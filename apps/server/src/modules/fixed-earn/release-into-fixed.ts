import { Decimal, FixedProductType, fixedTimeline, placeOnLadder } from '@earn/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { fixedProducts } from '../../db/schema.js';
import { userAccount } from '../../ledger/accounts.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { catalogueCoinMap } from '../market/repo.js';
import { openOrder } from './open-order.js';
import { bonusPrices, heldByUser, NOTHING_HELD, productRemaining, saleStatus, userRemaining } from './products.js';

/**
 * A released launch-pool stake that chose fixed Simple Earn: a fixed order of the chosen term, in
 * the normal product of that coin and term with the best rate that takes the amount, paid from the
 * trading wallet the release just credited (the amount already leaves any loan there), at the
 * product's APR plus the pool's bonus. Returns false when no product can take it (the caller then
 * subscribes flexible). The products are already locked by the caller (the lock order).
 */
export async function releaseIntoFixed(
  tx: Executor,
  s: {
    user_id: number;
    account_mode: User['accountMode'];
    coin: string;
    amount: Decimal;
    period: number;
    /** The pool's bonus APR on top of the product's (spec: "a bonus of ext_rate percent"). */
    extraRate: Decimal;
  },
  at: Date,
  mode: number,
): Promise<boolean> {
  const products = await tx
    .select()
    .from(fixedProducts)
    .where(
      and(
        eq(fixedProducts.coin, s.coin),
        eq(fixedProducts.lockUpPeriod, s.period),
        eq(fixedProducts.type, FixedProductType.normal),
      ),
    );
  const held = await heldByUser(tx, s.user_id);
  const product = products
    .filter(
      (p) =>
        saleStatus(p, at.getTime()) === 1 &&
        s.amount.gte(p.minLendAmount) &&
        s.amount.lte(productRemaining(p)) &&
        s.amount.lte(userRemaining(p, (held.get(p.id) ?? NOTHING_HELD).principal)),
    )
    .sort((a, b) => new Decimal(b.yearRate).comparedTo(a.yearRate) || a.id - b.id)[0];
  if (!product) return false;
  const coins = await catalogueCoinMap(tx);
  await openOrder(tx, {
    userId: s.user_id,
    product,
    amount: s.amount,
    from: userAccount(s.user_id, tradingWallet({ accountMode: s.account_mode }), s.coin),
    voucher: null,
    priceRatio: bonusPrices(product, coins, at.getTime()).ratio,
    ladderAt: placeOnLadder((held.get(product.id) ?? NOTHING_HELD).ladder, s.amount),
    redeemAccountType: 0,
    reinvestStatus: 0,
    reinvestAmount: null,
    timeline: fixedTimeline(at.getTime(), product.lockUpPeriod),
    mode,
    extraRate: s.extraRate,
  });
  return true;
}
