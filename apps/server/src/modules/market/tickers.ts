import { DAY_MS, pairOf, QUOTE } from '@earn/domain';
import type { TickerItem } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { priceAt } from './price-walk.js';
import { type CoinRow, catalogueCoins } from './repo.js';

/**
 * The ticker service. Prices come from the seeded walk today; a real feed can replace this module
 * behind the same function.
 */
export function tickerOf(coin: CoinRow, atMs: number): TickerItem {
  const rate = priceAt(coin.symbol, coin.basePrice, atMs);
  const dayAgo = priceAt(coin.symbol, coin.basePrice, atMs - DAY_MS);
  const change = dayAgo.isZero() ? '0' : rate.minus(dayAgo).div(dayAgo).times(100).toDecimalPlaces(2).toFixed(2);
  return { pair: pairOf(coin.symbol), rate: rate.toFixed(), change_percentage: change };
}

/** Tickers for the asked pairs ("BTC_USDT,ETH_USDT"), or every coin's when none are asked. */
export async function getTickers(ctx: AppContext, pairs: string | undefined): Promise<TickerItem[]> {
  const now = ctx.clock.now().getTime();
  const wanted = pairs
    ? new Set(
        pairs
          .split(',')
          .map((p) => p.trim().toUpperCase())
          .filter(Boolean),
      )
    : undefined;
  return (await catalogueCoins(ctx.db))
    .filter((c) => c.symbol !== QUOTE)
    .map((c) => tickerOf(c, now))
    .filter((t) => !wanted || wanted.has(t.pair));
}

/** Coin -> USDT price at an instant, for valuations on the server. */
export async function priceMap(ctx: AppContext): Promise<Map<string, string>> {
  const now = ctx.clock.now().getTime();
  return new Map((await catalogueCoins(ctx.db)).map((c) => [c.symbol, priceAt(c.symbol, c.basePrice, now).toFixed()]));
}
