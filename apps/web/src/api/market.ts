import { buildRateMap } from '@earn/domain';
import type { Coin, TickerItem } from '@earn/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.js';
import { keys } from './keys.js';

export function useCoins() {
  return useQuery({
    queryKey: keys.coins,
    queryFn: () => api<Coin[]>('/apiw/v2/market/coins'),
    staleTime: 10 * 60_000,
  });
}

/** Coin -> USDT price from live tickers (USDT = 1), refreshed every minute. */
export function useRates() {
  return useQuery({
    queryKey: keys.tickers,
    queryFn: () => api<TickerItem[]>('/apiw/v2/market/tickers'),
    select: buildRateMap,
    refetchInterval: 60_000,
  });
}
