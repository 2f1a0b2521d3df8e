import type {
  FixedHistoryRow,
  FixedHolding,
  FixedLendResult,
  FixedProduct,
  RateUpCoupon,
  RemainingQuota,
} from '@earn/domain/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client.js';
import { useRetryKey } from './retry-key.js';
import { useSubmitMutation } from './submit-mutation.js';

const BASE = '/apiw/v2/fixed_earn/api';
/** VIP products are read through the VIP variant of the path (spec: /vip after the base). */
const VIP_BASE = '/apiw/v2/vip/fixed_earn/api';

// Under the Simple Earn root: every Simple Earn change (and the live refresh) invalidates these too.
export const fixedKeys = {
  all: ['simple-earn', 'fixed'] as const,
  products: (type: number, locale: string) => ['simple-earn', 'fixed', 'products', type, locale] as const,
  holdings: (page: number, limit: number) => ['simple-earn', 'fixed', 'holdings', page, limit] as const,
  order: (orderId: string) => ['simple-earn', 'fixed', 'order', orderId] as const,
  quota: (productId: number) => ['simple-earn', 'fixed', 'quota', productId] as const,
  coupons: (productId: number) => ['simple-earn', 'fixed', 'coupons', productId] as const,
  check: (productId: number) => ['simple-earn', 'fixed', 'check', productId] as const,
  history: (q: object) => ['simple-earn', 'fixed', 'history', q] as const,
};

type Paged<T> = { list: T[]; total: number };

/** Fixed products of a type (0: all), the VIP ones through the VIP path, titled in the reader's language. */
export const fixedProductsQuery = (type: 0 | 1 | 2 | 3, locale: string) => ({
  queryKey: fixedKeys.products(type, locale),
  queryFn: async () =>
    (await api<{ list: FixedProduct[] }>(`${type === 2 ? VIP_BASE : BASE}/product/${type}/list`, { query: { locale } }))
      .list,
});

export function useFixedProducts(type: 0 | 1 | 2 | 3 = 0) {
  const { i18n } = useTranslation();
  return useQuery(fixedProductsQuery(type, i18n.language));
}

export function useFixedHoldings(page: number, limit: number, enabled = true) {
  return useQuery({
    queryKey: fixedKeys.holdings(page, limit),
    queryFn: () => api<Paged<FixedHolding>>(`${BASE}/user/lend`, { query: { order_type: 1, page, limit } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One order, in any state (the detail page). */
export function useFixedOrder(orderId: string) {
  return useQuery({
    queryKey: fixedKeys.order(orderId),
    queryFn: async () =>
      (await api<Paged<FixedHolding>>(`${BASE}/user/lend`, { query: { order_type: 1, order_id: orderId } })).list[0] ??
      null,
    enabled: /^[1-9][0-9]{0,9}$/.test(orderId),
  });
}

export function useRemainingQuota(productId: number, enabled: boolean) {
  return useQuery({
    queryKey: fixedKeys.quota(productId),
    queryFn: () =>
      api<RemainingQuota>(`${BASE}/user/remaining-quota`, {
        query: { product_id: productId },
      }),
    enabled,
  });
}

export function useCoupons(productId: number, enabled: boolean) {
  return useQuery({
    queryKey: fixedKeys.coupons(productId),
    queryFn: async () =>
      (await api<{ list: RateUpCoupon[] }>('/apiw/v2/uni-loan/earn/coupon-recommend', { query: { pid: productId } }))
        .list,
    enabled,
  });
}

/** The pre-subscribe eligibility check of special and VIP products. */
export function useSubscribeCheck(productId: number, enabled: boolean) {
  return useQuery({
    queryKey: fixedKeys.check(productId),
    queryFn: () =>
      api<{ is_able_subscribe: boolean; reason: string }>('/apiw/v2/uni-loan/earn/subscribe/check', {
        query: { pid: productId },
      }),
    enabled,
  });
}

export interface FixedHistoryFilter {
  page: number;
  limit: number;
  type?: number;
  asset?: string;
  start_at?: number;
  end_at?: number;
}

export function useFixedHistory(q: FixedHistoryFilter, enabled = true) {
  return useQuery({
    queryKey: fixedKeys.history(q),
    queryFn: () => api<Paged<FixedHistoryRow>>(`${BASE}/user/history`, { query: { ...q } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: ['simple-earn'] }), qc.invalidateQueries({ queryKey: ['account'] })]);
}

export interface FixedLendInput {
  product_id: number;
  amount: string;
  year_rate: string;
  redeem_account_type: 0 | 1;
  reinvest_status: 0 | 1;
  financial_rate_id?: number;
  reinvest_amount?: string;
  /** The ladder bonus the dialog showed: the server refuses the order if it has changed since. */
  bonus_amount?: string;
}

export function useLendFixed(vip: boolean) {
  const invalidate = useInvalidate();
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (body: FixedLendInput) =>
      send({ vip, body }, (idempotencyKey) =>
        api<FixedLendResult>(`${vip ? VIP_BASE : BASE}/user/lend`, {
          body: { ...body },
          fundpass: true,
          idempotencyKey,
        }),
      ),
    refresh: invalidate,
  });
}

export function usePreRedeem() {
  const invalidate = useInvalidate();
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (orderId: string) =>
      send(orderId, (idempotencyKey) =>
        api<{ amount: string; interest: string; principal: string; account: string; arrival_time: number }>(
          `${BASE}/user/pre-redeem`,
          { body: { order_id: orderId }, fundpass: true, idempotencyKey },
        ),
      ),
    refresh: invalidate,
  });
}

export function useSetReinvest() {
  const invalidate = useInvalidate();
  return useSubmitMutation({
    mutationFn: (v: { orderId: string; reinvest_status: 0 | 1; reinvest_amount?: string }) =>
      api(`${BASE}/user/reinvest-status/${v.orderId}`, {
        method: 'PUT',
        body: {
          reinvest_status: v.reinvest_status,
          ...(v.reinvest_amount ? { reinvest_amount: v.reinvest_amount } : {}),
        },
      }),
    refresh: invalidate,
  });
}

export function useSetRedeemAccount() {
  const invalidate = useInvalidate();
  return useSubmitMutation({
    mutationFn: (v: { orderId: string; redeem_account_type: 0 | 1 }) =>
      api(`${BASE}/user/redeem-account-type/${v.orderId}`, {
        method: 'PUT',
        body: { redeem_account_type: v.redeem_account_type },
      }),
    refresh: invalidate,
  });
}
