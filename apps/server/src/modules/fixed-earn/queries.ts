import { Decimal, FixedProductType, lendEarnAvailable, toWire, vipSortKey } from '@earn/domain';
import type { FixedProduct } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { catalogueCoinMap } from '../market/repo.js';
import {
  findProduct,
  heldByUser,
  ineligibility,
  ladderWire,
  listProducts,
  NOTHING_HELD,
  productRemaining,
  productView,
  userRemaining,
} from './products.js';
import { walletOf } from './subscribe-fixed.js';
import { recommendVouchers, voucherView } from './vouchers.js';

/**
 * Products of a type (0: every type), optionally of a coin and term; VIP products sorted by tier
 * (spec); titles in the reader's language where the operator wrote them.
 */
export async function productList(
  ctx: AppContext,
  type: number,
  q: { asset?: string | undefined; lock_up_period?: number | undefined; locale?: string | undefined },
): Promise<FixedProduct[]> {
  const [rows, coins] = await Promise.all([listProducts(ctx.db), catalogueCoinMap(ctx.db)]);
  const nowMs = ctx.clock.now().getTime();
  const asset = q.asset?.toUpperCase();
  const list = rows
    .filter((p) => (type === 0 || p.type === type) && (!asset || p.coin === asset))
    .filter((p) => q.lock_up_period === undefined || p.lockUpPeriod === q.lock_up_period)
    // A product whose sale window has ended is gone from the lists (its orders still show in holdings).
    .filter((p) => p.endAt === null || p.endAt.getTime() > nowMs)
    .map((p) => productView(p, coins, nowMs, q.locale));
  return type === FixedProductType.vip ? list.sort((a, b) => vipSortKey(a) - vipSortKey(b)) : list;
}

export async function productDetail(ctx: AppContext, id: number, locale?: string): Promise<FixedProduct> {
  const [row, coins] = await Promise.all([findProduct(ctx.db, id), catalogueCoinMap(ctx.db)]);
  return productView(row, coins, ctx.clock.now().getTime(), locale);
}

/** Coins that have fixed products, for the filters. */
export async function productCoins(ctx: AppContext): Promise<string[]> {
  return [...new Set((await listProducts(ctx.db)).map((p) => p.coin))].sort();
}

/** What the user can put into a product now: their trading balance less any loan. */
export async function lendable(ctx: AppContext, user: User, productId: number) {
  const product = await findProduct(ctx.db, productId);
  const { balance, loan } = await walletOf(ctx.db, user, product.coin);
  return { asset: product.coin, available: toWire(lendEarnAvailable(balance, loan)), account: tradingWallet(user) };
}

export async function remainingQuota(ctx: AppContext, user: User, productId: number) {
  const product = await findProduct(ctx.db, productId);
  const held = (await heldByUser(ctx.db, user.id)).get(product.id) ?? NOTHING_HELD;
  const product_remaining = productRemaining(product);
  const user_remaining = userRemaining(product, held.principal);
  return {
    product_id: product.id,
    product_remaining: toWire(product_remaining),
    user_remaining: toWire(user_remaining),
    remaining: toWire(Decimal.min(product_remaining, user_remaining)),
    user_held: toWire(held.principal),
    user_ladder_slices: ladderWire(held.ladder),
  };
}

/** The pre-subscribe eligibility check (special and VIP products). */
export async function subscribeCheck(ctx: AppContext, user: User, productId: number) {
  const reason = ineligibility(await findProduct(ctx.db, productId), user);
  return { is_able_subscribe: reason === '', reason };
}

export async function couponRecommend(ctx: AppContext, user: User, productId: number) {
  const product = await findProduct(ctx.db, productId);
  const vouchers = await recommendVouchers(ctx.db, user.id, product.coin, ctx.clock.now());
  return { list: vouchers.map(voucherView) };
}
