import type {
  StakingActionResult,
  StakingBalance,
  StakingFaq,
  StakingLine,
  StakingProduct,
  StakingProfitRecord,
  StakingRedemption,
  StakingUserInfo,
} from '@earn/domain/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BALANCE_REFRESH_MS } from './account.js';
import { api } from './client.js';
import { useRetryKey } from './retry-key.js';
import { useSubmitMutation } from './submit-mutation.js';

// A type-only import of the contract keeps its schema library out of the web bundle.
const STAKING_BASE = '/apiw/v2/earn/staking';

type Paged<T> = { list: T[]; total: number };

export const stakingKeys = {
  all: ['staking'] as const,
  products: (coin: string, filter: string, page: number, limit: number, locale: string) =>
    ['staking', 'products', coin, filter, page, limit, locale] as const,
  product: (coin: string, pid: number | undefined, locale: string) =>
    ['staking', 'product', coin, pid, locale] as const,
  userInfo: (coin: string, pid: number) => ['staking', 'user-info', coin, pid] as const,
  loans: (coin: string) => ['staking', 'loans', coin] as const,
  balances: ['staking', 'balances'] as const,
  profit: (coin: string, page: number, limit: number) => ['staking', 'profit', coin, page, limit] as const,
  redemptions: (coin: string, page: number, limit: number) => ['staking', 'redemptions', coin, page, limit] as const,
  lines: (coin: string, pid: number, days: number) => ['staking', 'lines', coin, pid, days] as const,
  faq: (coin: string, pid: number, locale: string) => ['staking', 'faq', coin, pid, locale] as const,
};

/** The products, their operator texts (agreement, tips) in the reader's language where written. */
export function useStakingProducts(coin: string, page: number, limit: number, filter = 'all') {
  const locale = useTranslation().i18n.language;
  return useQuery({
    queryKey: stakingKeys.products(coin, filter, page, limit, locale),
    queryFn: () =>
      api<Paged<StakingProduct>>(`${STAKING_BASE}/products`, { query: { coin, filter, page, limit, locale } }),
    placeholderData: keepPreviousData,
  });
}

export function useStakingProduct(coin: string, pid?: number) {
  const locale = useTranslation().i18n.language;
  return useQuery({
    queryKey: stakingKeys.product(coin, pid, locale),
    queryFn: () =>
      api<StakingProduct>(`${STAKING_BASE}/product`, {
        query: pid === undefined ? { coin, locale } : { coin, pid, locale },
      }),
    enabled: coin !== '',
  });
}

export function useStakingUserInfo(coin: string, pid: number, enabled: boolean) {
  return useQuery({
    queryKey: stakingKeys.userInfo(coin, pid),
    queryFn: () => api<StakingUserInfo>(`${STAKING_BASE}/coin-user-info`, { query: { coin, pid } }),
    enabled,
  });
}

/** The user's loan in a coin (spec: user-loans). */
export function useStakingLoans(coin: string, enabled: boolean) {
  return useQuery({
    queryKey: stakingKeys.loans(coin),
    queryFn: () => api<{ assets: Record<string, string> }>(`${STAKING_BASE}/user-loans`, { query: { coin } }),
    enabled,
  });
}

/** The user's staking holdings (balances poll like every balance). */
export function useStakingBalances(enabled: boolean) {
  return useQuery({
    queryKey: stakingKeys.balances,
    queryFn: () => api<StakingBalance[]>(`${STAKING_BASE}/balances`, { query: { hide_zero_hold: 1 } }),
    enabled,
    refetchInterval: BALANCE_REFRESH_MS,
  });
}

/** The daily rewards, all coins' or one coin's ('' for all). */
export function useStakingProfit(coin: string, page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: stakingKeys.profit(coin, page, limit),
    queryFn: () =>
      api<Paged<StakingProfitRecord>>(`${STAKING_BASE}/coin-user-profit-records`, {
        query: coin ? { coin, page, limit } : { page, limit },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The redemption history, all coins' or one coin's ('' for all). */
export function useStakingRedemptions(coin: string, page: number, limit: number) {
  return useQuery({
    queryKey: stakingKeys.redemptions(coin, page, limit),
    queryFn: () =>
      api<Paged<StakingRedemption>>(`${STAKING_BASE}/redemptions`, {
        query: coin ? { coin, page, limit } : { page, limit },
      }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: stakingKeys.all }), qc.invalidateQueries({ queryKey: ['account'] })]);
}

/** Stake (side 0) or redeem (side 1, quick for fast) through the spec's calls, with the fund password. */
export function useStakingAction() {
  const invalidate = useInvalidate();
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (body: { side: 0 | 1; amount: string; coin: string; pid: number; quick?: 0 | 1; src?: 0 | 1 }) =>
      send(body, (idempotencyKey) =>
        api<StakingActionResult>(`${STAKING_BASE}/${body.side === 0 ? 'coin-swap-verify' : 'coin-redeem'}`, {
          body: { ...body },
          fundpass: true,
          idempotencyKey,
        }),
      ),
    refresh: invalidate,
  });
}

/** The APR each settled day paid over the last `days` days (spec: 7, 30, 90, 365). */
export function useStakingLines(coin: string, pid: number, days: number) {
  return useQuery({
    queryKey: stakingKeys.lines(coin, pid, days),
    queryFn: () => api<StakingLine[]>(`${STAKING_BASE}/coin-lines`, { query: { coin, pid, limit: days } }),
  });
}

export function useStakingFaq(coin: string, pid: number, locale: string) {
  return useQuery({
    queryKey: stakingKeys.faq(coin, pid, locale),
    queryFn: () => api<StakingFaq[]>(`${STAKING_BASE}/coin-ask`, { query: { coin, pid, locale } }),
    staleTime: 60_000,
  });
}
