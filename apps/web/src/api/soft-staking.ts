import type { SoftStakingReward, SoftStakingStatus } from '@earn/domain/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BALANCE_REFRESH_MS } from './account.js';
import { api } from './client.js';
import { useSubmitMutation } from './submit-mutation.js';

// A type-only import of the contract keeps its schema library out of the web bundle.
const SOFT_STAKING_BASE = '/apiw/v2/earn/soft-staking';

export const softStakingKeys = {
  all: ['soft-staking'] as const,
  status: ['soft-staking', 'status'] as const,
  rewards: (from: number, to: number, page: number) => ['soft-staking', 'rewards', from, to, page] as const,
};

/** The opt-in and the coins with today's eligible balance (refreshed like balances: samples come hourly). */
export function useSoftStakingStatus() {
  return useQuery({
    queryKey: softStakingKeys.status,
    queryFn: () => api<SoftStakingStatus>(`${SOFT_STAKING_BASE}/status`),
    refetchInterval: BALANCE_REFRESH_MS,
  });
}

/** Reward history; from and to are Unix seconds (0: no bound). */
export function useSoftStakingRewards(from: number, to: number, page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: softStakingKeys.rewards(from, to, page),
    queryFn: () =>
      api<{ list: SoftStakingReward[]; total: number }>(`${SOFT_STAKING_BASE}/rewards`, {
        query: { page, limit, ...(from ? { from } : {}), ...(to ? { to } : {}) },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSoftStakingSwitch() {
  const qc = useQueryClient();
  // A double click on Activate switches once, as every call submitted from a dialog.
  return useSubmitMutation({
    mutationFn: (status: boolean) => api<{ status: boolean }>(`${SOFT_STAKING_BASE}/switch`, { body: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: softStakingKeys.all }),
  });
}
