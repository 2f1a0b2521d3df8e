import {
  Decimal,
  FixedProductType,
  type LadderSlice,
  ladderBonus,
  operatorTexts,
  orderExtraRate,
  type RateUpVoucher,
  toWire,
  ZERO,
} from '@earn/domain';
import type { FixedProduct } from '@earn/domain/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.js';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { fixedProducts } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import type { User } from '../account/repo.js';
import { priceAt } from '../market/price-walk.js';
import type { CoinRow } from '../market/repo.js';

export type FixedProductRow = typeof fixedProducts.$inferSelect;

export function listProducts(db: Executor): Promise<FixedProductRow[]> {
  return db
    .select()
    .from(fixedProducts)
    .orderBy(asc(fixedProducts.coin), asc(fixedProducts.lockUpPeriod), asc(fixedProducts.type), asc(fixedProducts.id));
}

export async function findProduct(db: Executor, id: number): Promise<FixedProductRow> {
  const [row] = await db.select().from(fixedProducts).where(eq(fixedProducts.id, id));
  if (!row) throw notFound(`fixed product ${id} does not exist`);
  return row;
}

/** The product row, locked: quota checks and the debit that fills them share this lock. */
export async function lockProduct(db: Executor, id: number): Promise<FixedProductRow> {
  const [row] = await db.select().from(fixedProducts).where(eq(fixedProducts.id, id)).for('update');
  if (!row) throw notFound(`fixed product ${id} does not exist`);
  return row;
}

/** What the product still sells. */
export function productRemaining(p: Pick<FixedProductRow, 'totalQuota' | 'held'>): Decimal {
  return Decimal.max(new Decimal(p.totalQuota).minus(p.held), ZERO);
}

/** 1 subscribable, 2 sold out: closed, outside its sale window, or without quota for one more minimum. */
export function saleStatus(p: FixedProductRow, nowMs: number): 1 | 2 {
  const inWindow = p.startAt.getTime() <= nowMs && (p.endAt === null || nowMs < p.endAt.getTime());
  return p.saleOpen && inWindow && productRemaining(p).gte(p.minLendAmount) ? 1 : 2;
}

/**
 * Why a user may not subscribe a product ('' when they may): VIP products need a tier within
 * min_vip..max_vip; special products check the operator's rules (new users, KYC level, region).
 */
export function ineligibility(
  p: FixedProductRow,
  user: Pick<User, 'tier' | 'isNewUser' | 'kycLevel' | 'region'> | null,
): string {
  if (p.type === FixedProductType.vip) {
    if (!user || user.tier < p.minVip) return 'fixed.vip.below';
    if (user.tier > p.maxVip) return 'fixed.vip.above';
  }
  if (p.type === FixedProductType.special) {
    if (!user) return 'fixed.special.login';
    // What no step of the user's can change is told first: the region, then the new-user rule.
    if (p.excludedRegions.includes(user.region)) return 'fixed.special.region';
    if (p.newUsersOnly && !user.isNewUser) return 'fixed.special.newUsers';
    if (user.kycLevel < p.minKycLevel) return 'fixed.special.kyc';
  }
  return '';
}

export function requireEligible(p: FixedProductRow, user: User): void {
  const reason = ineligibility(p, user);
  if (reason) throw badRequest(INELIGIBLE_MESSAGES[reason] ?? 'You are not eligible for this product', reason);
}

const INELIGIBLE_MESSAGES: Record<string, string> = {
  'fixed.vip.below': 'This product is for higher VIP tiers',
  'fixed.vip.above': 'This product is for lower VIP tiers; see the products of your tier',
  'fixed.special.login': 'Log in to subscribe',
  'fixed.special.newUsers': 'This product is for new users only',
  'fixed.special.kyc': 'This product needs a higher identity verification level',
  'fixed.special.region': 'This product is not available in your region',
};

/** Price ratio of the product coin to the bonus coin: the ladder pays its value in the bonus coin. */
export function bonusPrices(p: FixedProductRow, coins: ReadonlyMap<string, CoinRow>, nowMs: number) {
  const price = (symbol: string) => {
    const coin = coins.get(symbol);
    return coin ? priceAt(coin.symbol, coin.basePrice, nowMs) : ZERO;
  };
  const product = price(p.coin);
  const bonus = p.bonusAsset && p.bonusAsset !== p.coin ? price(p.bonusAsset) : product;
  return { product, bonus, ratio: bonus.isZero() ? ZERO : product.div(bonus) };
}

/**
 * The ladder bonus of a principal over the whole term, in the bonus coin, the order sitting `at` the
 * parts of the ladder placeOnLadder gave it (the lowest the user's held orders leave free).
 */
export function termBonus(
  p: FixedProductRow,
  principal: Decimal,
  priceRatio: Decimal,
  at: readonly LadderSlice[],
): Decimal {
  if (p.ladderApr.length === 0) return ZERO;
  return ladderBonus(principal, p.ladderApr, {
    periodsPerYear: 365,
    periods: p.lockUpPeriod,
    priceRatio,
    at,
  });
}

/**
 * The APR a voucher and the product's ladder, when its bonus is paid in the order's own coin, add
 * over a whole order (what the holdings show on top of the order's own APR).
 */
export function termExtraRate(
  p: FixedProductRow,
  principal: Decimal,
  voucher: RateUpVoucher | null,
  at: readonly LadderSlice[],
): Decimal {
  const sameCoin = p.bonusAsset === null || p.bonusAsset === p.coin;
  return orderExtraRate(principal, p.lockUpPeriod, { voucher, ladder: sameCoin ? p.ladderApr : [], at });
}

export function productView(
  p: FixedProductRow,
  coins: ReadonlyMap<string, CoinRow>,
  nowMs: number,
  locale?: string,
): FixedProduct {
  const own = operatorTexts(p.translations, locale);
  const coin = coins.get(p.coin);
  const bonusAsset = p.bonusAsset ?? p.coin;
  const prices = bonusPrices(p, coins, nowMs);
  const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
  return {
    id: p.id,
    type: p.type,
    asset: p.coin,
    icon: coin?.icon ?? '',
    sale_status: saleStatus(p, nowMs),
    lock_up_period: p.lockUpPeriod,
    year_rate: toWire(p.yearRate),
    min_lend_amount: toWire(p.minLendAmount),
    user_max_lend_volume: toWire(p.userMaxLendVolume),
    total_quota: toWire(p.totalQuota),
    remaining_quota: toWire(productRemaining(p)),
    min_vip: p.minVip,
    max_vip: p.maxVip,
    ladder_apr: p.ladderApr.map((t) => ({
      left: toWire(t.left),
      right: toWire(t.right),
      apr: toWire(t.apr),
      bonus_asset: bonusAsset,
    })),
    reinvest: p.reinvest ? 1 : 0,
    redeem_account: p.redeemAccount ? 1 : 0,
    pre_redeem: p.preRedeem ? 1 : 0,
    pre_redeem_rate_year: p.preRedeemRate === null ? '' : toWire(p.preRedeemRate),
    bonus_asset: bonusAsset,
    bonus_icon: coins.get(bonusAsset)?.icon ?? '',
    bonus_asset_price: toWire(prices.bonus),
    product_asset_price: toWire(prices.product),
    title: own?.title ?? p.title,
    subtitle: own?.subtitle ?? p.subtitle,
    start_time: seconds(p.startAt),
    end_time: seconds(p.endAt),
    new_users_only: p.newUsersOnly ? 1 : 0,
    min_kyc_level: p.minKycLevel,
    excluded_regions: p.excludedRegions,
  };
}

/** What the user holds per product: the principal of their open orders and the ladder parts they take. */
export async function heldByUser(db: Executor, userId: number): Promise<Map<number, HeldInProduct>> {
  const rows = await heldOfUsers(db, [userId]);
  return new Map(rows.map((r) => [r.productId, r.held]));
}

/** What each of the users holds per product, leaving out the given orders (those settling now). */
export async function heldOfUsers(
  db: Executor,
  userIds: readonly number[],
  without: readonly number[] = [],
): Promise<{ userId: number; productId: number; held: HeldInProduct }[]> {
  if (userIds.length === 0) return [];
  const rows = rowsOf<{ user_id: number; product_id: number; held: string; ladder: [string, string][][] }>(
    await db.execute(sql`
      SELECT user_id, product_id, sum(principal)::text AS held, jsonb_agg(ladder_slices) AS ladder FROM fixed_orders
      WHERE state = 'holding' AND user_id = ANY(${pgArray([...new Set(userIds)])}::int[])
        AND NOT id = ANY(${pgArray(without)}::int[])
      GROUP BY user_id, product_id`),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    productId: Number(r.product_id),
    held: { principal: new Decimal(r.held), ladder: r.ladder.flat() },
  }));
}

/** What a user holds in a product: their open orders' principal and the parts of its ladder they take. */
export interface HeldInProduct {
  principal: Decimal;
  ladder: LadderSlice[];
}

export const NOTHING_HELD: HeldInProduct = { principal: ZERO, ladder: [] };

/** An order's ladder parts as stored (fixed_orders.ladder_slices) and sent: exact decimal strings. */
export function ladderWire(at: readonly LadderSlice[]): [string, string][] {
  return at.map(([from, to]) => [new Decimal(from).toFixed(), new Decimal(to).toFixed()]);
}

/** What the user may still put in the product: its limit less what they hold (0 limit: no limit). */
export function userRemaining(p: FixedProductRow, held: Decimal): Decimal {
  const limit = new Decimal(p.userMaxLendVolume);
  if (limit.isZero()) return productRemaining(p);
  return Decimal.max(limit.minus(held), ZERO);
}
