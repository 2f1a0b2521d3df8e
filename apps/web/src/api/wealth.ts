import type { WealthLines, WealthOrder, WealthOrderDetail, WealthProduct } from '@earn/domain/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BALANCE_REFRESH_MS } from './account.js';
import { api } from './client.js';
import { useRetryKey } from './retry-key.js';
import { useSubmitMutation } from './submit-mutation.js';

// A type-only import of the contract keeps its schema library out of the web bundle.
const WEALTH_BASE = '/apiw/v2/earn/private-wealth';

export const wealthKeys = {
  all: ['wealth'] as const,
  products: (locale: string) => ['wealth', 'products', locale] as const,
  detail: (pid: number, locale: string) => ['wealth', 'detail', pid, locale] as const,
  lines: (pid: number, type: string, range: number) => ['wealth', 'lines', pid, type, range] as const,
};

/**
 * The wealth products with the reader's holdings (refreshed like balances: valuations change them),
 * their texts in the reader's language.
 */
export function useWealthProducts(locale: string) {
  return useQuery({
    queryKey: wealthKeys.products(locale),
    queryFn: () => api<WealthProduct[]>(`${WEALTH_BASE}/products`, { query: { locale } }),
    refetchInterval: BALANCE_REFRESH_MS,
  });
}

/** A product as the spec's calls name it: order_id (one holding per product) and project_type. */
type ProductRef = Pick<WealthProduct, 'pid' | 'project_type'>;

export function useWealthDetail(product: ProductRef, enabled: boolean, locale: string) {
  return useQuery({
    queryKey: wealthKeys.detail(product.pid, locale),
    queryFn: () =>
      api<WealthOrderDetail>(`${WEALTH_BASE}/order-detail`, {
        query: { order_id: product.pid, project_type: product.project_type, locale },
      }),
    enabled,
  });
}

export function useWealthLines(product: ProductRef, type: 'balance' | 'rate', range: number, enabled: boolean) {
  return useQuery({
    queryKey: wealthKeys.lines(product.pid, type, range),
    queryFn: () =>
      api<WealthLines>(`${WEALTH_BASE}/lines`, {
        query: { order_id: product.pid, type, range, project_type: product.project_type },
      }),
    enabled,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: wealthKeys.all }), qc.invalidateQueries({ queryKey: ['account'] })]);
}

/** Purchase (amount) or redeem (units), with the fund password; both wait for the next valuation. */
export function useWealthAction() {
  const invalidate = useInvalidate();
  const send = useRetryKey();
  return useSubmitMutation({
    mutationFn: (
      body:
        | { side: 'purchase'; pid: number; amount: string; project_type: number }
        | { side: 'redeem'; pid: number; unit: string },
    ) => {
      const { side, ...payload } = body;
      return send(body, (idempotencyKey) =>
        api<WealthOrder>(`${WEALTH_BASE}/${side}`, { body: payload, fundpass: true, idempotencyKey }),
      );
    },
    refresh: invalidate,
  });
}
