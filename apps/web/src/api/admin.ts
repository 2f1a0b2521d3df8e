import type { ClockState } from '@earn/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.js';

const clockKey = ['admin', 'clock'] as const;

export function useClock(enabled: boolean) {
  return useQuery({ queryKey: clockKey, queryFn: () => api<ClockState>('/admin/v1/clock'), enabled });
}

/** Moves the manual clock; every job that falls due runs first, so everything shown afterwards is stale. */
export function useAdvanceClock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (hours: number) =>
      api<ClockState & { runs: { job: string }[] }>('/admin/v1/clock/advance', { body: { hours } }),
    onSuccess: () => qc.invalidateQueries(),
  });
}
