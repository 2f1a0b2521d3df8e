import { Decimal } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { runTx } from '../../db/tx.js';
import { badRequest, unlistedCoin } from '../../errors.js';
import { findCoin } from '../market/repo.js';
import { decimalSetting } from './decimal-setting.js';

/** Operator: a coin soft staking rewards, or new terms for it (each day pays the terms in force when settled). */
export async function saveSoftStakingCoin(
  ctx: AppContext,
  symbol: string,
  body: { apr: string; min_holding: string; cap: string },
) {
  const coin = await findCoin(ctx.db, symbol);
  if (!coin) throw unlistedCoin('coin', symbol);
  const apr = decimalSetting('apr', body.apr, '1') as string;
  const min = decimalSetting('min_holding', body.min_holding, '999999999999') as string;
  const cap = decimalSetting('cap', body.cap, '999999999999') as string;
  if (new Decimal(cap).lte(min)) throw badRequest('cap must be above min_holding');
  await runTx(ctx.db, (tx) =>
    tx.execute(sql`
      INSERT INTO soft_staking_coins (coin, apr, min_holding, cap) VALUES (${coin.symbol}, ${apr}, ${min}, ${cap})
      ON CONFLICT (coin) DO UPDATE SET apr = EXCLUDED.apr, min_holding = EXCLUDED.min_holding, cap = EXCLUDED.cap`),
  );
  return { coin: coin.symbol, apr, min_holding: min, cap };
}
