/** Ways to add funds for a coin, in the order the add-funds modal lists them. */
export type AddFundsEntry = 'deposit' | 'express_buy' | 'transfer' | 'spot_trade';

/** Spot markets are quoted in USDT: spot trade buys a coin on its COIN/USDT market. */
export const SPOT_QUOTE_COIN = 'USDT';

export interface AddFundsContext {
  coin: string;
  isUS: boolean;
  /** The compliance menu hides express buy (or transfer) for the user's region. */
  hiddenMenu: readonly string[];
  isDesktop: boolean;
  /** When spot trading of the coin opens (unix seconds), 0 for an established coin. */
  newCoinStartSec: number;
  nowSec: number;
  spotRestricted: boolean;
}

/**
 * The add-funds rule (launch-pool spec section 2): on-chain deposit always; express buy unless US
 * or hidden by compliance; transfer on desktop only and not for US; spot trade only when the coin has
 * a market (not the quote coin itself), is not a new coin (its trading has opened) and spot is not
 * restricted.
 */
export function addFundsEntries(ctx: AddFundsContext): AddFundsEntry[] {
  const entries: AddFundsEntry[] = ['deposit'];
  if (!ctx.isUS && !ctx.hiddenMenu.includes('express_buy')) entries.push('express_buy');
  if (ctx.isDesktop && !ctx.isUS && !ctx.hiddenMenu.includes('transfer')) entries.push('transfer');
  const isNewCoin = ctx.newCoinStartSec > ctx.nowSec;
  const hasMarket = ctx.coin.toUpperCase() !== SPOT_QUOTE_COIN;
  if (hasMarket && !isNewCoin && !ctx.spotRestricted) entries.push('spot_trade');
  return entries;
}

/** The US region changes wording and hides several entry points. */
export function isUSRegion(region: string): boolean {
  return region.toUpperCase() === 'US';
}

/** A unified account is any account mode other than classic (spec: multi_currency, single_currency). */
export function isUnifiedAccount(mode: string): boolean {
  return mode !== 'classic';
}
