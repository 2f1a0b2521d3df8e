import { Decimal, toWire } from '@earn/domain';
import type {
  AccountMode,
  BorrowCoinSetting,
  Compliance,
  CurrencyCallSetting,
  LoanProperty,
  SpotTradingHome,
} from '@earn/domain/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { complianceRules } from '../../db/schema.js';
import { badRequest, unlistedCoin } from '../../errors.js';
import { userBalances } from '../../ledger/accounts.js';
import { catalogueCoins, findCoin } from '../market/repo.js';
import { priceMap } from '../market/tickers.js';
import { loansOf, type User } from './repo.js';

/** Read-only account facts the earn screens ask for; each comes from its table, none is a constant. */

export async function getAccountMode(user: User | null): Promise<AccountMode> {
  return {
    mode: user?.accountMode ?? 'classic',
    first_open: user?.modeFirstOpen ?? false,
    settings: { use_funding: user?.useFunding ?? false },
  };
}

/** The compliance rules of the user's region; the default row ('*') where the region has none. */
export async function getCompliance(ctx: AppContext, user: User | null): Promise<Compliance> {
  const region = user?.region ?? '*';
  const [rule] = await ctx.db.select().from(complianceRules).where(eq(complianceRules.region, region));
  const [fallback] = rule ? [rule] : await ctx.db.select().from(complianceRules).where(eq(complianceRules.region, '*'));
  return { business: fallback?.business ?? [], menu: fallback?.menu ?? [] };
}

export async function getBorrowCoinSetting(ctx: AppContext, symbol: string): Promise<BorrowCoinSetting> {
  const coin = await requireCoin(ctx, symbol);
  return {
    coin: coin.symbol,
    is_support_launchpool: coin.isSupportLaunchpool ? 1 : 0,
    is_support_staking: coin.isSupportStaking ? 1 : 0,
  };
}

/** When spot trading of a newly listed coin opens (unix seconds), 0 for established coins. */
export async function getCurrencyCallSetting(ctx: AppContext, symbol: string): Promise<CurrencyCallSetting> {
  const coin = await requireCoin(ctx, symbol);
  return {
    symbol: coin.symbol,
    new_coin_start: coin.newCoinStart ? Math.floor(coin.newCoinStart.getTime() / 1000) : 0,
  };
}

export async function getLoanProperty(ctx: AppContext, user: User | null): Promise<LoanProperty> {
  if (!user) return {};
  const loans = await loansOf(ctx.db, user.id);
  return Object.fromEntries([...loans].filter(([, a]) => new Decimal(a).gt(0)).map(([c, a]) => [c, toWire(a)]));
}

/** Whether the user may trade a market: funding-account locks and the coin's spot restriction. */
export async function getSpotTradingHome(ctx: AppContext, user: User | null, market: string): Promise<SpotTradingHome> {
  const base = market.toUpperCase().split('_')[0] ?? '';
  const coin = await findCoin(ctx.db, base);
  if (!coin) throw badRequest(`market ${market} is not listed`, 'common.notExist');
  const compliance = await getCompliance(ctx, user);
  return {
    market: market.toUpperCase(),
    use_funding: user?.useFunding ?? false,
    locked: user?.locked ?? false,
    spot_restricted: coin.spotRestricted || !compliance.business.includes('spot'),
  };
}

/**
 * Unified-account risk: maintenance margin is the value of each loan times its coin's maintenance
 * rate; equity is the unified wallet's value less the loans; the rate is margin over equity
 * (0 without loans). Values in USDT from the tickers.
 */
export async function getMaintenanceMarginRate(ctx: AppContext, user: User | null) {
  if (!user) return { maintenance_margin_rate: '0', maintenance_margin: '0', equity: '0' };
  const [coins, loans, balances, prices] = await Promise.all([
    catalogueCoins(ctx.db),
    loansOf(ctx.db, user.id),
    userBalances(ctx.db, user.id, ['unified']),
    priceMap(ctx),
  ]);
  const price = (c: string) => new Decimal(prices.get(c) ?? '0');
  const rates = new Map(coins.map((c) => [c.symbol, c.maintenanceMarginRate]));
  let margin = new Decimal(0);
  let debt = new Decimal(0);
  for (const [coin, amount] of loans) {
    const value = new Decimal(amount).times(price(coin));
    debt = debt.plus(value);
    margin = margin.plus(value.times(rates.get(coin) ?? '0'));
  }
  const assets = balances.reduce((acc, b) => acc.plus(new Decimal(b.balance).times(price(b.coin))), new Decimal(0));
  const equity = assets.minus(debt);
  const rate = margin.isZero() ? new Decimal(0) : equity.lte(0) ? new Decimal(1) : margin.div(equity);
  return {
    maintenance_margin_rate: toWire(rate.toDecimalPlaces(8, Decimal.ROUND_UP)),
    maintenance_margin: toWire(margin.toDecimalPlaces(8, Decimal.ROUND_UP)),
    equity: toWire(equity.toDecimalPlaces(8, Decimal.ROUND_DOWN)),
  };
}

async function requireCoin(ctx: AppContext, symbol: string) {
  const coin = await findCoin(ctx.db, symbol);
  if (!coin) throw unlistedCoin('coin', symbol);
  return coin;
}
