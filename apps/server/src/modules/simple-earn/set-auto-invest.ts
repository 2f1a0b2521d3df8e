import { ALL_ASSET, VIP_TIER } from '@earn/domain';
import type { AutoInvestBody } from '@earn/domain/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { autoEarnRedeemed, autoInvest } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { autoEarnNotForVip, noFlexibleProduct } from '../../errors.js';
import type { User } from '../account/repo.js';
import { getAutoInvest } from './market-queries.js';
import { findMarket } from './markets.js';

/**
 * Switches auto-earn on ('1') or off ('0') for one coin or for all (ALL_ASSET). A coin's own switch
 * wins over the all-coins one; switching all coins forgets every coin's own. Switching on also
 * forgets what redemptions had kept out of the sweep: the user asks for their idle coins to earn.
 * VIP users have none.
 */
export async function setAutoInvest(ctx: AppContext, user: User, input: AutoInvestBody) {
  if (user.tier >= VIP_TIER) throw autoEarnNotForVip();
  const asset = input.assets.trim().toUpperCase();
  if (asset !== ALL_ASSET && !(await findMarket(ctx.db, asset))) throw noFlexibleProduct('asset', input.assets);
  const status = input.status === '1' ? 1 : 0;
  await runTx(ctx.db, async (tx) => {
    if (asset === ALL_ASSET) {
      await tx.delete(autoInvest).where(and(eq(autoInvest.userId, user.id), ne(autoInvest.asset, ALL_ASSET)));
    }
    await switchAutoEarn(tx, user.id, asset, status);
    if (status === 1) {
      await tx
        .delete(autoEarnRedeemed)
        .where(
          asset === ALL_ASSET
            ? eq(autoEarnRedeemed.userId, user.id)
            : and(eq(autoEarnRedeemed.userId, user.id), eq(autoEarnRedeemed.coin, asset)),
        );
    }
  });
  return getAutoInvest(ctx.db, user.id, asset === ALL_ASSET ? [] : [asset]);
}

/** Sets one switch (a coin's or ALL_ASSET) inside the caller's transaction. */
export async function switchAutoEarn(tx: Executor, userId: number, asset: string, status: 0 | 1) {
  await tx
    .insert(autoInvest)
    .values({ userId, asset, status })
    .onConflictDoUpdate({ target: [autoInvest.userId, autoInvest.asset], set: { status } });
}
