import { Decimal, FixedProductType } from '@earn/domain';
import type { FixedProductInput, FixedProductPatch } from '@earn/domain/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { fixedProducts } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, unlistedCoin } from '../../errors.js';
import { lockProduct } from '../fixed-earn/products.js';
import { findCoin } from '../market/repo.js';
import { decimalSetting, ladderSetting } from './decimal-setting.js';

const AMOUNT_MAX = '999999999999';
const flag = (v: 0 | 1 | undefined) => (v === undefined ? undefined : v === 1);
const instant = (s: number | undefined) => (s === undefined ? undefined : new Date(s * 1000));

/** The settable fields of a product, parsed; undefined where not sent. */
async function fieldsOf(ctx: AppContext, input: FixedProductPatch) {
  if (input.bonus_asset && !(await findCoin(ctx.db, input.bonus_asset)))
    throw unlistedCoin('bonus_asset', input.bonus_asset);
  const fields = {
    yearRate: decimalSetting('year_rate', input.year_rate),
    minLendAmount: decimalSetting('min_lend_amount', input.min_lend_amount, AMOUNT_MAX),
    userMaxLendVolume: decimalSetting('user_max_lend_volume', input.user_max_lend_volume, AMOUNT_MAX),
    totalQuota: decimalSetting('total_quota', input.total_quota, AMOUNT_MAX),
    minVip: input.min_vip,
    maxVip: input.max_vip,
    ladderApr: ladderSetting(input.ladder_apr),
    bonusAsset: input.bonus_asset?.toUpperCase(),
    reinvest: flag(input.reinvest),
    redeemAccount: flag(input.redeem_account),
    preRedeem: flag(input.pre_redeem),
    // '' clears the early-exit APR: early redemption then forfeits all interest.
    preRedeemRate:
      input.pre_redeem_rate_year === '' ? null : decimalSetting('pre_redeem_rate_year', input.pre_redeem_rate_year),
    title: input.title,
    subtitle: input.subtitle,
    translations: input.translations,
    startAt: instant(input.start_time),
    endAt: instant(input.end_time),
    newUsersOnly: flag(input.new_users_only),
    minKycLevel: input.min_kyc_level,
    excludedRegions: input.excluded_regions,
    saleOpen: input.sale === undefined ? undefined : input.sale === 'open',
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
    typeof fixedProducts.$inferInsert
  >;
}

/** A product's settings must agree with each other once merged. */
function assertConsistent(p: typeof fixedProducts.$inferInsert) {
  if (new Decimal(p.minLendAmount).lte(0)) throw badRequest('min_lend_amount must be greater than 0');
  if (new Decimal(p.totalQuota).lt(p.minLendAmount)) throw badRequest('total_quota must be at least min_lend_amount');
  const userMax = new Decimal(p.userMaxLendVolume);
  if (!userMax.isZero() && userMax.lt(p.minLendAmount))
    throw badRequest('user_max_lend_volume must be 0 (no limit) or at least min_lend_amount');
  if (p.type === FixedProductType.vip && ((p.minVip ?? 0) < 1 || (p.maxVip ?? 0) < (p.minVip ?? 0)))
    throw badRequest('a VIP product needs 1 <= min_vip <= max_vip');
  if (p.endAt && p.endAt.getTime() <= p.startAt.getTime()) throw badRequest('end_time must be after start_time');
  if (p.preRedeemRate != null && new Decimal(p.preRedeemRate).gt(p.yearRate))
    throw badRequest('pre_redeem_rate_year must not be above year_rate');
  assertFallingLadder(p.ladderApr ?? []);
}

/**
 * A fixed ladder starts at 0, its tiers follow each other without a gap, and none pays more than
 * the one below it. A bonus fixed at subscription that grew with the amount would pay more to an
 * order left holding a higher tier, once the order below it is redeemed early, than one order of
 * the same amount earns.
 */
function assertFallingLadder(tiers: readonly { left: string; right: string; apr: string }[]) {
  const byLeft = [...tiers].sort((a, b) => new Decimal(a.left).cmp(b.left));
  byLeft.forEach((tier, i) => {
    const below = byLeft[i - 1];
    if (!new Decimal(tier.left).eq(below?.right ?? 0)) {
      throw badRequest(`ladder_apr: a tier must start at ${below ? below.right : 0}, where the one below ends`);
    }
    if (below && new Decimal(tier.apr).gt(below.apr)) {
      throw badRequest(`ladder_apr: the tier from ${tier.left} must not pay more than the one below it`);
    }
  });
}

/** Operator: a new fixed product of a coin and term; on sale from start_time (default now). */
export async function createFixedProduct(ctx: AppContext, input: FixedProductInput) {
  const coin = await findCoin(ctx.db, input.coin);
  if (!coin) throw unlistedCoin('coin', input.coin);
  const now = ctx.clock.now();
  const row = {
    coin: coin.symbol,
    type: input.type,
    lockUpPeriod: input.lock_up_period,
    startAt: now,
    createdAt: now,
    yearRate: '0',
    minLendAmount: '0',
    userMaxLendVolume: '0',
    totalQuota: '0',
    ...(await fieldsOf(ctx, input)),
  };
  assertConsistent(row);
  const [created] = await runTx(ctx.db, (tx) =>
    tx.insert(fixedProducts).values(row).returning({ id: fixedProducts.id }),
  );
  return { id: created?.id ?? 0 };
}

/** Operator: changes a product's settings, or opens and closes its sale; open orders keep their terms. */
export async function updateFixedProduct(ctx: AppContext, id: number, input: FixedProductPatch) {
  const change = await fieldsOf(ctx, input);
  await runTx(ctx.db, async (tx) => {
    const current = await lockProduct(tx, id);
    assertConsistent({ ...current, ...change });
    if (Object.keys(change).length) await tx.update(fixedProducts).set(change).where(eq(fixedProducts.id, id));
  });
  return { id };
}
