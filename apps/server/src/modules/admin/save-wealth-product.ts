import { Decimal, toDayString } from '@earn/domain';
import type { WealthProductInput } from '@earn/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { wealthNavs, wealthProducts } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, unlistedCoin } from '../../errors.js';
import { findCoin } from '../market/repo.js';
import { findWealthProduct } from '../wealth/products.js';
import { decimalSetting } from './decimal-setting.js';

/** Operator: a private-wealth (4) or asset-management (5) product, its NAV starting at `nav` (1 by default). */
export async function createWealthProduct(
  ctx: AppContext,
  input: WealthProductInput,
  simulation: { seed: string; drift: number; vol: number } | null = null,
) {
  const coin = await findCoin(ctx.db, input.coin);
  if (!coin) throw unlistedCoin('coin', input.coin);
  const nav = decimalSetting('nav', input.nav ?? '1', '1000000') as string;
  if (new Decimal(nav).lte(0)) throw badRequest('nav must be greater than 0');
  const min = decimalSetting('min_purchase', input.min_purchase, '999999999999') as string;
  if (new Decimal(min).lte(0)) throw badRequest('min_purchase must be greater than 0');
  const gate =
    input.gate_percent == null ? null : (decimalSetting('gate_percent', input.gate_percent, '100') as string);
  if (gate !== null && new Decimal(gate).lte(0)) throw badRequest('gate_percent must be above 0, or null for no gate');
  const [row] = await runTx(ctx.db, (tx) =>
    tx
      .insert(wealthProducts)
      .values({
        projectType: input.project_type,
        name: input.name,
        coin: coin.symbol,
        minPurchase: min,
        minTier: input.min_tier ?? 1,
        manager: input.manager,
        strategy: input.strategy,
        disclaimer: input.disclaimer,
        translations: input.translations ?? {},
        feeRate: decimalSetting('fee_rate', input.fee_rate ?? '0', '1') as string,
        gatePercent: gate,
        nav,
        simulation,
        launchedAt: ctx.clock.now(),
      })
      .returning({ id: wealthProducts.id }),
  );
  return { id: row?.id ?? 0 };
}

/** Operator: a valuation day's NAV, before its management fee; a day already valued cannot change. */
export async function postWealthNav(ctx: AppContext, pid: number, body: { day: string; nav: string }) {
  const nav = decimalSetting('nav', body.nav, '1000000') as string;
  if (new Decimal(nav).lte(0)) throw badRequest('nav must be greater than 0');
  if (
    Number.isNaN(Date.parse(`${body.day}T00:00:00Z`)) ||
    toDayString(Date.parse(`${body.day}T00:00:00Z`)) !== body.day
  )
    throw badRequest('day must be a date, YYYY-MM-DD');
  const product = await findWealthProduct(ctx.db, pid);
  // A day before the product began is never valued: its NAV would be kept and never used.
  const launchDay = toDayString(product.launchedAt.getTime());
  if (body.day < launchDay) throw badRequest(`day must not be before the product began, ${launchDay}`);
  await runTx(ctx.db, async (tx) => {
    const [existing] = await tx
      .select({ source: wealthNavs.source })
      .from(wealthNavs)
      .where(and(eq(wealthNavs.productId, pid), eq(wealthNavs.day, body.day)));
    if (existing && existing.source !== 'operator') throw badRequest(`${body.day} is already valued`);
    await tx
      .insert(wealthNavs)
      .values({ productId: pid, day: body.day, nav, source: 'operator' })
      .onConflictDoUpdate({ target: [wealthNavs.productId, wealthNavs.day], set: { nav } });
  });
  return { id: pid, day: body.day, nav };
}
