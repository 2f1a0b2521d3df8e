import { DAY_MS, HOUR_MS, pairOf, QUOTE } from '@earn/domain';
import type { TickerItem } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { priceAt } from './price-walk.js';
import { type CoinRow, catalogueCoins } from './repo.js';

/** Tickers already worked out, by coin, base price and hour: like its price, a ticker is fixed for its hour. */
const known = new Map<string, TickerItem>();
const KNOWN_MAX = 4096;

/**
 * The ticker service. Prices come from the seeded walk today; a real feed can replace this module
 * behind the same function.
 */
export function tickerOf(coin: CoinRow, atMs: number): TickerItem {
  const key = `${coin.symbol}|${coin.basePrice}|${Math.floor(atMs / HOUR_MS)}`;
  let ticker = known.get(key);
  if (!ticker) {
    ticker = workOutTicker(coin, atMs);
    // Oldest first out: only the current hour's are asked for.
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value as string);
    known.set(key, ticker);
  }
  return ticker;
}

function workOutTicker(coin: CoinRow, atMs: number): TickerItem {
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

/** The last price map worked out: of these coins (the catalogue's cached list), in this hour. */
let lastPrices: { coins: readonly CoinRow[]; hour: number; prices: ReadonlyMap<string, string> } | undefined;

/** Coin -> USDT price at an instant, for valuations on the server (one map per catalogue and hour, shared). */
export async function priceMap(ctx: AppContext): Promise<ReadonlyMap<string, string>> {
  const now = ctx.clock.now().getTime();
  const coins = await catalogueCoins(ctx.db);
  const hour = Math.floor(now / HOUR_MS);
  if (lastPrices?.coins !== coins || lastPrices.hour !== hour) {
    lastPrices = {
      coins,
      hour,
      prices: new Map(coins.map((c) => [c.symbol, priceAt(c.symbol, c.basePrice, now).toFixed()])),
    };
  }
  return lastPrices.prices;
}
