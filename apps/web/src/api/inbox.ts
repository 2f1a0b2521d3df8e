import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.js';

export interface InboxMessage {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: number;
  read: boolean;
}

const inboxKey = ['inbox'] as const;

export function useInbox(enabled: boolean) {
  return useQuery({
    queryKey: inboxKey,
    queryFn: () => api<{ list: InboxMessage[]; total: number; unread: number }>('/apiw/v2/inbox'),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api('/apiw/v2/inbox/read', { body: ids ? { ids } : {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboxKey }),
  });
}
