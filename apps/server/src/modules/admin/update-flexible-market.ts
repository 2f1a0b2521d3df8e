import type { MarketSettingsBody } from '@earn/domain/contract';
import { eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { AppContext } from '../../context.js';
import { forgetCachedReads } from '../../db/read-cache.js';
import { flexibleMarkets } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, unlistedCoin } from '../../errors.js';
import { findCoin } from '../market/repo.js';
import { requireOpenMarket } from '../simple-earn/markets.js';
import { decimalSetting, ladderSetting } from './decimal-setting.js';

/** Operator settings of a flexible market: service fee, award pool and ladder bonus. */
export async function updateFlexibleMarket(ctx: AppContext, input: Static<typeof MarketSettingsBody>) {
  const market = await requireOpenMarket(ctx.db, input.coin);
  if (input.award_asset && !(await findCoin(ctx.db, input.award_asset)))
    throw unlistedCoin('award_asset', input.award_asset);
  // The award pays whole hours (an hour is paid when the window is open at its start).
  for (const [name, sec] of [
    ['award_start_at', input.award_start_at],
    ['award_end_at', input.award_end_at],
  ] as const) {
    if (sec !== undefined && sec % 3600 !== 0) throw badRequest(`${name} must be on a whole hour`);
  }
  // The window as it will stand: what is sent, else what is stored.
  const startSec = input.award_start_at ?? (market.awardStartAt ? market.awardStartAt.getTime() / 1000 : undefined);
  const endSec = input.award_end_at ?? (market.awardEndAt ? market.awardEndAt.getTime() / 1000 : undefined);
  if (startSec !== undefined && endSec !== undefined && startSec >= endSec) {
    throw badRequest('award_start_at must be before award_end_at');
  }
  const ladder = ladderSetting(input.ladder_apr);
  const change = {
    ...(input.fee_rate !== undefined ? { feeRate: decimalSetting('fee_rate', input.fee_rate, '1') } : {}),
    ...(input.award_asset !== undefined ? { awardAsset: input.award_asset.toUpperCase() } : {}),
    ...(input.award_rate !== undefined ? { awardRate: decimalSetting('award_rate', input.award_rate) } : {}),
    ...(input.award_limit !== undefined
      ? { awardLimit: decimalSetting('award_limit', input.award_limit, '999999999999') }
      : {}),
    ...(input.award_start_at !== undefined ? { awardStartAt: new Date(input.award_start_at * 1000) } : {}),
    ...(input.award_end_at !== undefined ? { awardEndAt: new Date(input.award_end_at * 1000) } : {}),
    ...(ladder ? { ladderApr: ladder } : {}),
  };
  if (Object.keys(change).length === 0) return { coin: market.coin };
  await runTx(ctx.db, (tx) => tx.update(flexibleMarkets).set(change).where(eq(flexibleMarkets.coin, market.coin)));
  forgetCachedReads(ctx.db);
  return { coin: market.coin };
}
