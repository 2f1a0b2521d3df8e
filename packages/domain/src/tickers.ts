import { Decimal, type DecimalLike, dec } from './money.js';

export interface Ticker {
  pair: string;
  rate: string;
}

export const QUOTE = 'USDT';

/** Coins pegged to the quote (spec): worth 1 USDT each, shown without a conversion line. */
export const STABLECOINS: readonly string[] = ['USDT', 'USDC', 'USD', 'USDD'];

export function isStablecoin(coin: string): boolean {
  return STABLECOINS.includes(coin);
}

export function pairOf(coin: string): string {
  return `${coin}_${QUOTE}`;
}

/** Coin -> price in USDT from tickers, with USDT = 1 (the spec's coin-to-rate map). */
export function buildRateMap(tickers: readonly Ticker[]): Map<string, Decimal> {
  const map = new Map<string, Decimal>([[QUOTE, new Decimal(1)]]);
  for (const t of tickers) {
    const [base, quote] = t.pair.split('_');
    if (base && quote === QUOTE) map.set(base, new Decimal(t.rate));
  }
  return map;
}

/** Value in USDT; a coin without a price is worth 0 rather than a guess. */
export function valueInUsdt(amount: DecimalLike, coin: string, rates: Map<string, Decimal>): Decimal {
  return dec(amount).times(rates.get(coin) ?? 0);
}
