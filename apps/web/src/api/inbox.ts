import type { Inbox } from '@earn/domain/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.js';

const inboxKey = ['inbox'] as const;
/** Messages a page of the inbox holds (the server's default). */
export const INBOX_PAGE_SIZE = 20;

/**
 * The inbox, newest first, a page at a time: its first page says the unread count (the header's
 * badge), further pages are read as the reader asks for more.
 */
export function useInbox(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: inboxKey,
    queryFn: ({ pageParam }) => api<Inbox>('/apiw/v2/inbox', { query: { page: pageParam, limit: INBOX_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * INBOX_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api('/apiw/v2/inbox/read', { body: ids ? { ids } : { all: true } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxKey }),
  });
}
