import { dayAt, dayStartMs, monthlyWindows } from '@earn/domain';
import type {
  AutoInvestBody,
  AutoInvestStatus,
  ChartPoint,
  FaqItem,
  FlexibleHolding,
  FlexibleProduct,
  FlexibleRedeemResult,
  HistoryRow,
  LendHour,
  OutableItem,
  RateSimulation,
} from '@earn/domain/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BALANCE_REFRESH_MS } from './account.js';
import { api, serverNow } from './client.js';
import { useRetryKey } from './retry-key.js';
import { useSubmitMutation } from './submit-mutation.js';

const BASE = '/apiw/v2/uni-loan/earn';
/** Auto-earn status refresh (spec: 120 s). */
const AUTO_EARN_REFRESH_MS = 120_000;

export const earnKeys = {
  all: ['simple-earn'] as const,
  markets: (q: object) => ['simple-earn', 'markets', q] as const,
  products: ['simple-earn', 'products'] as const,
  holdings: (page: number, limit: number) => ['simple-earn', 'holdings', page, limit] as const,
  holding: (asset: string) => ['simple-earn', 'holding', asset] as const,
  statistics: ['simple-earn', 'statistics'] as const,
  chart: (asset: string, from: number, to: number, type: number) =>
    ['simple-earn', 'chart', asset, from, to, type] as const,
  lendDetail: (asset: string) => ['simple-earn', 'lend-detail', asset] as const,
  simulate: (asset: string, rate: string) => ['simple-earn', 'simulate', asset, rate] as const,
  autoInvest: ['simple-earn', 'autoivest'] as const,
  history: (q: object) => ['simple-earn', 'history', q] as const,
  historyCoins: ['simple-earn', 'history-coins'] as const,
  faq: (locale: string) => ['simple-earn', 'faq', locale] as const,
  available: (asset: string) => ['account', 'outable', asset] as const,
};

type Paged<T> = { list: T[]; total: number };

export interface MarketQuery {
  page: number;
  limit: number;
  search_coin?: string;
  sort_type?: 3 | 4;
  auto_invest?: 0 | 1;
}

export function useMarketList(q: MarketQuery, enabled = true) {
  return useQuery({
    queryKey: earnKeys.markets(q),
    queryFn: () =>
      api<Paged<FlexibleProduct>>(`${BASE}/market/list`, { query: { ...q, sort_business: 1, search_type: -1 } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Every flexible product (coin-info without a coin). */
export function useProducts() {
  return useQuery({ queryKey: earnKeys.products, queryFn: () => api<FlexibleProduct[]>(`${BASE}/coin-info`) });
}

export function useHoldings(page: number, limit: number, enabled = true) {
  return useQuery({
    queryKey: earnKeys.holdings(page, limit),
    queryFn: () => api<Paged<FlexibleHolding>>(`${BASE}/subscribe`, { query: { page, limit } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useHolding(asset: string) {
  return useQuery({
    queryKey: earnKeys.holding(asset),
    queryFn: async () =>
      (await api<Paged<FlexibleHolding>>(`${BASE}/subscribe`, { query: { page: 1, limit: 1, asset } })).list[0] ?? null,
    // Without a coin the call lists every holding: its first is not this one.
    enabled: asset !== '',
  });
}

export function useStatistics(enabled: boolean) {
  return useQuery({
    queryKey: earnKeys.statistics,
    queryFn: () =>
      api<{ total_lend_usdt: string; total_interest_usdt: string; last_hour_interest_usdt: string; positions: number }>(
        `${BASE}/statistics`,
      ),
    enabled,
  });
}

/** What the user can subscribe of a coin (trading wallet, less loans); zero for a guest. */
export function useAvailable(asset: string, enabled = true) {
  return useQuery({
    queryKey: earnKeys.available(asset),
    queryFn: async () =>
      (await api<OutableItem[]>('/apiw/v2/account/spot/asset/outable', { body: { assets: [asset] } }))[0] ?? null,
    refetchInterval: BALANCE_REFRESH_MS,
    enabled,
  });
}

export function useRateChart(asset: string, window: { from: number; to: number; type: 1 | 2 }, enabled: boolean) {
  return useQuery({
    queryKey: earnKeys.chart(asset, window.from, window.to, window.type),
    queryFn: () => api<ChartPoint[]>(`${BASE}/chart`, { query: { asset, ...window } }),
    enabled,
  });
}

export function useLendDetail(asset: string) {
  return useQuery({
    queryKey: earnKeys.lendDetail(asset),
    queryFn: () => api<LendHour[]>(`${BASE}/lend-detail`, { query: { asset } }),
    enabled: asset !== '',
  });
}

export function useRateSimulation(asset: string, rateYear: string | null) {
  return useQuery({
    queryKey: earnKeys.simulate(asset, rateYear ?? ''),
    queryFn: () =>
      api<RateSimulation>(`${BASE}/interest-rate/simulate`, { query: { asset, rateYear: rateYear ?? '' } }),
    enabled: rateYear !== null,
  });
}

export function useAutoInvest(enabled: boolean) {
  return useQuery({
    queryKey: earnKeys.autoInvest,
    queryFn: () => api<AutoInvestStatus>(`${BASE}/autoivest`),
    enabled,
    refetchInterval: AUTO_EARN_REFRESH_MS,
  });
}

export interface HistoryFilter {
  page: number;
  limit: number;
  type?: number | undefined;
  asset?: string | undefined;
  start_at?: number | undefined;
  end_at?: number | undefined;
  is_daily_log?: 0 | 1;
}

export function useHistory(q: HistoryFilter, enabled = true) {
  return useQuery({
    queryKey: earnKeys.history(q),
    queryFn: () =>
      api<Paged<HistoryRow>>(`${BASE}/history`, {
        query: { ...q, time_zone: -new Date().getTimezoneOffset(), is_time_zone: 1 },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useHistoryCoins(enabled: boolean) {
  return useQuery({ queryKey: earnKeys.historyCoins, queryFn: () => api<string[]>(`${BASE}/history/coins`), enabled });
}

export function useFaq(locale: string) {
  return useQuery({
    queryKey: earnKeys.faq(locale),
    queryFn: () => api<FaqItem[]>('/apiw/v2/earn/ask', { query: { mold: 'simple-earn', locale } }),
  });
}

/** After any Simple Earn change, holdings, markets, balances and history are stale. */
function useInvalidateEarn() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: earnKeys.all }), qc.invalidateQueries({ queryKey: ['account'] })]);
}

export function useSubscribeFlexible() {
  const invalidate = useInvalidateEarn();
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (body: { asset: string; amount: string; rateYear?: string }) =>
      send(body, (idempotencyKey) =>
        api<{ asset: string; amount: string; interest_start_at: number; interest_received_at: number }>(
          `${BASE}/subscribe`,
          { body, fundpass: true, idempotencyKey },
        ),
      ),
    refresh: invalidate,
  });
}

export function useRedeemFlexible() {
  const invalidate = useInvalidateEarn();
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (body: {
      asset: string;
      amount: string;
      curr_amount: string;
      lend_amount: string;
      auto_invest_status?: 0 | 1;
    }) =>
      send(body, (idempotencyKey) =>
        api<FlexibleRedeemResult>(`${BASE}/redeem`, { body, fundpass: true, idempotencyKey }),
      ),
    refresh: invalidate,
  });
}

export function useCancelRedemption() {
  const invalidate = useInvalidateEarn();
  return useSubmitMutation({
    mutationFn: (body: { asset: string; amount: string }) =>
      api<{ asset: string; amount: string }>(`${BASE}/redeem/cancel`, { body }),
    refresh: invalidate,
  });
}

export function useSetMinRate() {
  const invalidate = useInvalidateEarn();
  return useSubmitMutation({
    mutationFn: (body: { asset: string; rateYear: string }) => api(`${BASE}/interest-rate`, { body }),
    refresh: invalidate,
  });
}

export function useSetAutoInvest() {
  const invalidate = useInvalidateEarn();
  return useSubmitMutation({
    mutationFn: (body: AutoInvestBody) => api<AutoInvestStatus>(`${BASE}/autoivest`, { body }),
    refresh: invalidate,
  });
}

/** Interest cache (spec): monthly windows over the last 6 months, fetched until 8 pages of rows. */
export const INTEREST_CACHE_MONTHS = 6;
export const INTEREST_CACHE_PAGES = 8;
export const DAILY_INTEREST_PAGE_SIZE = 8;
/** Spec: history pages of 8 rows (flexible and fixed). */
export const HISTORY_PAGE_SIZE = 8;

/** Daily interest sums, newest first, collected window by window; a failed window is logged and skipped. */
export function useDailyInterest(enabled: boolean, asset: string | undefined) {
  return useQuery({
    queryKey: ['simple-earn', 'daily-interest', asset ?? ''] as const,
    enabled,
    queryFn: async () => {
      const offset = -new Date().getTimezoneOffset();
      const rows: HistoryRow[] = [];
      for (const w of monthlyWindows(dayAt(serverNow(), offset), INTEREST_CACHE_MONTHS)) {
        try {
          const page = await api<Paged<HistoryRow>>(`${BASE}/history`, {
            query: {
              page: 1,
              limit: 100,
              type: 3,
              is_daily_log: 1,
              asset,
              start_at: dayStartMs(w.start, offset) / 1000,
              end_at: dayStartMs(w.endExclusive, offset) / 1000,
              time_zone: offset,
              is_time_zone: 1,
            },
          });
          rows.push(...page.list);
        } catch (err) {
          console.warn('interest cache window failed', w, err);
        }
        if (rows.length >= INTEREST_CACHE_PAGES * DAILY_INTEREST_PAGE_SIZE) break;
      }
      return rows;
    },
  });
}
