import type { PoolEarnConfig, TransactionTier } from '@earn/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from './client.js';

const BASE = '/apiw/v2/earn/launch-pool';

export interface RewardPool extends PoolEarnConfig {
  rid: number;
  coin: string;
  personal_max_amount: string;
  personal_min_amount: string;
  decimal_place: number;
  left_buy_total_amount: string;
  buy_total_amount: string;
  rate_year: string;
  rate_year_type: number;
  reward_pool_type: number;
  vip_config: { min_tier: number; quota: string } | null;
  transaction_config: (TransactionTier & { transaction_amount: string; mortgage_limit: string })[];
  limit_rule: number;
  total_reward: string;
  reward_per_hour: string;
  total_staked: string;
  peak_staked: string;
  avg_staked_last_hour: string;
}

export interface Project {
  pid: number;
  coin: string;
  name: string;
  icon: string;
  start_timest: number;
  end_timest: number;
  state: 0 | 1 | 2 | 3;
  reward_pools: RewardPool[];
}

export interface UserPoolStat {
  rid: number;
  amount: string;
  valid_amount: string;
  lastHourRewardAmount: string;
  lastRewardAmount: string;
}

export const launchKeys = {
  all: ['launchpool'] as const,
  projects: ['launchpool', 'projects'] as const,
  stats: (pid: number) => ['launchpool', 'stats', pid] as const,
  userStat: ['launchpool', 'user-stat'] as const,
  earnMore: (coin: string) => ['launchpool', 'earn-more', coin] as const,
  history: (page: number, type: string) => ['launchpool', 'history', page, type] as const,
};

export function useProjects() {
  return useQuery({
    queryKey: launchKeys.projects,
    queryFn: () => api<Project[]>(`${BASE}/projects`),
    staleTime: 5_000,
  });
}

export function useUserProjectStats(pid: number, enabled: boolean) {
  return useQuery({
    queryKey: launchKeys.stats(pid),
    queryFn: () => api<UserPoolStat[]>(`${BASE}/user-project-statistics`, { query: { pid } }),
    enabled,
  });
}

export function useUserStat(enabled: boolean) {
  return useQuery({
    queryKey: launchKeys.userStat,
    queryFn: () => api<{ user_60_day_transaction_amount: string }>(`${BASE}/user-stat`),
    enabled,
  });
}

export function useEarnMore(coin: string, enabled: boolean) {
  return useQuery({
    queryKey: launchKeys.earnMore(coin),
    queryFn: () =>
      api<{ list: { type: string; coin: string; rate_year: string; link: string }[] }>(`${BASE}/earn-more`, {
        query: { coin, type: 'candydrop' },
      }),
    enabled,
  });
}

export function useLaunchHistory(page: number, type: string, enabled: boolean) {
  return useQuery({
    queryKey: launchKeys.history(page, type),
    queryFn: () =>
      api<{
        list: { id: number; pid: number; rid: number; type: string; coin: string; amount: string; time_at: number }[];
        total: number;
      }>(`${BASE}/history`, { query: { page, limit: 10, ...(type ? { type } : {}) } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: launchKeys.all }), qc.invalidateQueries({ queryKey: ['account'] })]);
}

export function useCheckPoolRule() {
  return useMutation({ mutationFn: (body: { pid: number; rid: number }) => api(`${BASE}/check-pool-rule`, { body }) });
}

export function useCreateOrder() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: {
      pid: number;
      rid: number;
      amount: string;
      simpleEarnStatus: 0 | 1 | 2;
      simpleEarnPeriod?: number;
    }) =>
      api<{ pid: number; rid: number; amount: string }>(`${BASE}/create-order`, {
        body,
        fundpass: true,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: invalidate,
  });
}

export function useRedeemStake() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { pid: number; rid: number; amount: string }) =>
      api<{ amount: string }>(`${BASE}/redeem`, { body, fundpass: true, idempotencyKey: newIdempotencyKey() }),
    onSuccess: invalidate,
  });
}

export function useLoanProperty(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'loans'] as const,
    queryFn: () => api<Record<string, string>>('/launch-pool/get-user-loan-property'),
    enabled,
  });
}

export function useBorrowSetting(coin: string) {
  return useQuery({
    queryKey: ['account', 'borrow-setting', coin] as const,
    queryFn: () =>
      api<{ coin: string; is_support_launchpool: number; is_support_staking: number }>(
        '/apiw/v2/earn/borrow-coin-settings',
        { query: { coin } },
      ),
  });
}
