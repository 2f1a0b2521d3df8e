import { dec, stakeAvailable } from '@earn/domain';
import type {
  EarnMoreItem,
  HourStatement,
  LaunchHistoryQuery,
  LaunchHistoryRow,
  Me,
  ProjectInfo,
  RewardPoolView,
  UserPoolStat,
} from '@earn/domain/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BALANCE_REFRESH_MS, useBorrowSetting } from './account.js';
import { api } from './client.js';
import { useRetryKey } from './retry-key.js';
import { useAvailable } from './simple-earn.js';
import { useSubmitMutation } from './submit-mutation.js';

const BASE = '/apiw/v2/earn/launch-pool';

export type Project = ProjectInfo;
export type RewardPool = RewardPoolView;
export type { UserPoolStat };

export const launchKeys = {
  all: ['launchpool'] as const,
  projects: (locale: string) => ['launchpool', 'projects', locale] as const,
  project: (pid: number, locale: string) => ['launchpool', 'project', pid, locale] as const,
  stats: (pid: number) => ['launchpool', 'stats', pid] as const,
  userStat: ['launchpool', 'user-stat'] as const,
  earnMore: (coin: string, locale: string) => ['launchpool', 'earn-more', coin, locale] as const,
  history: (q: LaunchHistoryQuery) => ['launchpool', 'history', q] as const,
  statement: (rid: number, hour: number) => ['launchpool', 'statement', rid, hour] as const,
};

/** The projects, their names in the reader's language where the operator wrote them. */
export function useProjects() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: launchKeys.projects(i18n.language),
    queryFn: () => api<Project[]>(`${BASE}/projects`, { query: { locale: i18n.language } }),
    staleTime: 5_000,
  });
}

/** One project with its pools (spec: project info is deduped for 5 s). */
export function useProjectInfo(pid: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: launchKeys.project(pid, i18n.language),
    queryFn: () => api<Project>(`${BASE}/project-info`, { query: { projectId: pid, locale: i18n.language } }),
    staleTime: 5_000,
    enabled: pid > 0,
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

/** Where else the staked coin earns (spec: with the reader's locale; never called for a US user). */
export function useEarnMore(coin: string, enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: launchKeys.earnMore(coin, i18n.language),
    queryFn: () =>
      api<{ list: EarnMoreItem[]; candydrop_url: string | null }>(`${BASE}/earn-more`, {
        query: { coin, type: 'candydrop', locale: i18n.language },
      }),
    enabled,
  });
}

export function useLaunchHistory(q: LaunchHistoryQuery, enabled: boolean) {
  return useQuery({
    queryKey: launchKeys.history(q),
    queryFn: () => api<{ list: LaunchHistoryRow[]; total: number }>(`${BASE}/history`, { query: { ...q } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A settled hour of a pool, as the user's statement. */
export function useHourStatement(target: { rid: number; hour: number } | null) {
  return useQuery({
    queryKey: launchKeys.statement(target?.rid ?? 0, target?.hour ?? 0),
    queryFn: () => api<HourStatement>(`${BASE}/statement`, { query: { rid: target?.rid, hour: target?.hour } }),
    enabled: target !== null,
    staleTime: Number.POSITIVE_INFINITY,
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
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (body: {
      pid: number;
      rid: number;
      amount: string;
      simpleEarnStatus: 0 | 1 | 2;
      simpleEarnPeriod?: number;
    }) =>
      send(body, (idempotencyKey) =>
        api<{ pid: number; rid: number; amount: string }>(`${BASE}/create-order`, {
          body,
          fundpass: true,
          idempotencyKey,
        }),
      ),
    refresh: invalidate,
  });
}

export function useRedeemStake() {
  const invalidate = useInvalidate();
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (body: { pid: number; rid: number; amount: string }) =>
      send(body, (idempotencyKey) =>
        api<{ amount: string }>(`${BASE}/redeem`, { body, fundpass: true, idempotencyKey }),
      ),
    refresh: invalidate,
  });
}

export function useLoanProperty(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'loans'] as const,
    queryFn: () => api<Record<string, string>>('/launch-pool/get-user-loan-property'),
    enabled,
  });
}

/** The VIP available-balance call: what a VIP user can put into a product, net of loans. */
function useLentAvailable(asset: string, enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'lent-available', asset] as const,
    queryFn: () => api<{ available: string }>('/apiw/v2/fixed_earn/api/user/lent/available', { query: { asset } }),
    refetchInterval: BALANCE_REFRESH_MS,
    enabled,
  });
}

/**
 * What the user can stake of a coin: VIP users read the VIP available-balance call (already net of
 * loans); others their trading wallet, less loans when the coin does not support launchpool.
 */
export function useStakeAvailable(coin: string, me: Me | undefined) {
  const vip = me?.is_vip ?? false;
  const outable = useAvailable(coin, !vip);
  const lent = useLentAvailable(coin, vip);
  // The VIP call is already net of loans; the others need the loans and the coin's setting.
  const loans = useLoanProperty(Boolean(me) && !vip);
  const borrow = useBorrowSetting(coin, !vip);
  const available = vip
    ? dec(lent.data?.available ?? '0')
    : stakeAvailable(
        outable.data?.available ?? '0',
        loans.data?.[coin] ?? '0',
        borrow.data?.is_support_launchpool !== 0,
      );
  return { available, ready: vip ? lent.isSuccess : outable.isSuccess };
}
