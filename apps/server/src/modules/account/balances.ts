import { Decimal, lendEarnAvailable, toWire } from '@earn/domain';
import type { Balance, OutableItem } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { unlistedCoin } from '../../errors.js';
import { userBalances } from '../../ledger/accounts.js';
import { catalogueCoinMap, catalogueCoins } from '../market/repo.js';
import { tradingWallet } from './me.js';
import { loansOf, type User } from './repo.js';

/** Spot and unified balances of every listed coin. */
export async function getBalances(ctx: AppContext, user: User): Promise<Balance[]> {
  const [coins, rows] = await Promise.all([catalogueCoins(ctx.db), userBalances(ctx.db, user.id, ['spot', 'unified'])]);
  const held = new Map(rows.map((r) => [`${r.wallet}|${r.coin}`, r.balance]));
  return coins.map((c) => ({
    asset: c.symbol,
    spot: toWire(held.get(`spot|${c.symbol}`) ?? '0'),
    unified: toWire(held.get(`unified|${c.symbol}`) ?? '0'),
  }));
}

/**
 * What the user can use of each coin in its trading wallet (spot, or unified when the account is
 * unified): `available` is the balance, `outable` what can leave the account (borrowed coins
 * cannot), and `lend_earn_available` what can be lent in earn (borrowed coins cannot either).
 * A guest gets zeros.
 */
export async function getOutable(
  ctx: AppContext,
  user: User | null,
  assets: readonly string[],
): Promise<OutableItem[]> {
  const symbols = [...new Set(assets.map((a) => a.toUpperCase()))];
  const listed = await catalogueCoinMap(ctx.db);
  const unlisted = symbols.find((s) => !listed.has(s));
  if (unlisted !== undefined) throw unlistedCoin('assets', unlisted);
  if (!user) {
    return symbols.map((asset) => ({ asset, outable: '0', lend_earn_available: '0', mode: 'classic', available: '0' }));
  }
  const wallet = tradingWallet(user);
  const [rows, loans] = await Promise.all([userBalances(ctx.db, user.id, [wallet], symbols), loansOf(ctx.db, user.id)]);
  const held = new Map(rows.map((r) => [r.coin, r.balance]));
  return symbols.map((asset) => {
    const available = new Decimal(held.get(asset) ?? '0');
    const free = lendEarnAvailable(available, loans.get(asset) ?? '0');
    return {
      asset,
      outable: toWire(free),
      lend_earn_available: toWire(free),
      mode: user.accountMode,
      available: toWire(available),
    };
  });
}

/** The VIP available-balance call: what a VIP product can take of one coin. */
export async function getLentAvailable(ctx: AppContext, user: User | null, asset: string) {
  const [item] = await getOutable(ctx, user, [asset]);
  return { asset: asset.toUpperCase(), available: item?.lend_earn_available ?? '0' };
}
