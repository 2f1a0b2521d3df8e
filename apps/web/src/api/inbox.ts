import type { Inbox } from '@earn/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.js';

const inboxKey = ['inbox'] as const;

export function useInbox(enabled: boolean) {
  return useQuery({
    queryKey: inboxKey,
    queryFn: () => api<Inbox>('/apiw/v2/inbox'),
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
