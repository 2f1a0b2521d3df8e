import type {
  Balance,
  Compliance,
  Credentials,
  CurrencyCallSetting,
  FundPassBody,
  Me,
  SpotTradingHome,
  TransferBody,
} from '@earn/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from './client.js';
import { ApiError } from './errors.js';
import { keys } from './keys.js';

/** Balance polling (spec: 60 s). */
const BALANCE_REFRESH_MS = 60_000;

/** The signed-in user, or null for a guest. */
export function useMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: async (): Promise<Me | null> => {
      try {
        return await api<Me>('/apiw/v2/auth/me');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 30_000,
  });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) => api<Me>('/apiw/v2/auth/login', { body: { ...body } }),
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(keys.me, me);
    },
  });
}

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Credentials) => api<Me>('/apiw/v2/auth/register', { body: { ...body } }),
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(keys.me, me);
    },
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/apiw/v2/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(keys.me, null);
    },
  });
}

export function useSetFundPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FundPassBody) => api('/apiw/v2/account/fundpass', { body: { ...body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.me }),
  });
}

export function useBalances(enabled: boolean) {
  return useQuery({
    queryKey: keys.balances,
    queryFn: () => api<Balance[]>('/apiw/v2/account/balances'),
    enabled,
    refetchInterval: BALANCE_REFRESH_MS,
  });
}

export function useTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TransferBody, 'fundpass'>) =>
      api<{ asset: string; amount: string; tx_id: string }>('/apiw/v2/account/transfer', {
        body: { ...body },
        fundpass: true,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useCompliance() {
  return useQuery({
    queryKey: keys.compliance,
    queryFn: () => api<Compliance>('/api/web/v1/compliance/check'),
    refetchOnWindowFocus: false,
  });
}

export function useSpotTradingHome(market: string) {
  return useQuery({
    queryKey: keys.tradingHome(market),
    queryFn: () => api<SpotTradingHome>('/apiw/v2/account/spot/trading/home', { query: { market } }),
  });
}

export function useCurrencyCallSetting(symbol: string) {
  return useQuery({
    queryKey: keys.currencyCall(symbol),
    queryFn: () => api<CurrencyCallSetting>('/api/web/v1/settings/get-currency-call-setting', { query: { symbol } }),
  });
}
