import type { AppContext } from '../../context.js';
import { autoInvest } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { AppError, badRequest } from '../../errors.js';
import { VIP_TIER } from '../account/me.js';
import type { User } from '../account/repo.js';
import { getAutoInvest } from './market-queries.js';
import { findMarket } from './markets.js';

export const ALL_ASSET = 'ALL_ASSET';

/** Switches auto-earn on ('1') or off ('0') for one coin or for all (ALL_ASSET). VIP users have none. */
export async function setAutoInvest(ctx: AppContext, user: User, input: { assets: string; status: string }) {
  if (user.tier >= VIP_TIER)
    throw new AppError(-1, 'Auto-earn is not available to VIP accounts', 403, { key: 'lend_earn.autoEarn.vip' });
  if (input.status !== '1' && input.status !== '0') throw badRequest("status must be '1' or '0'");
  const asset = input.assets.trim().toUpperCase();
  if (asset !== ALL_ASSET && !(await findMarket(ctx.db, asset)))
    throw badRequest(`asset ${input.assets} has no flexible product`);
  const status = input.status === '1' ? 1 : 0;
  await runTx(ctx.db, (tx) =>
    tx
      .insert(autoInvest)
      .values({ userId: user.id, asset, status })
      .onConflictDoUpdate({ target: [autoInvest.userId, autoInvest.asset], set: { status } }),
  );
  return getAutoInvest(ctx.db, user.id, asset === ALL_ASSET ? [] : [asset]);
}
