import type { DualOrder } from '@earn/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client.js';

export function useDualOrders(page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: ['dual', 'orders', page, limit],
    queryFn: () => api<{ list: DualOrder[]; total: number }>('/apiw/v2/earn/dual/orders', { query: { page, limit } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One order by the spec's call of its kind (dual order-detail, or dual-sniper order). */
export function useDualOrder(order: DualOrder | null) {
  return useQuery({
    queryKey: ['dual', 'order', order?.kind, order?.order_id],
    queryFn: () =>
      api<DualOrder>(order?.kind === 'sniper' ? '/apiw/v2/earn/dual-sniper/order' : '/apiw/v2/earn/dual/order-detail', {
        query: { order_id: order?.order_id ?? 0 },
      }),
    enabled: order !== null,
  });
}
