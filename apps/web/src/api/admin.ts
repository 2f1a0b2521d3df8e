import type { ClockState } from '@earn/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.js';

const clockKey = ['admin', 'clock'] as const;

export function useClock(enabled: boolean) {
  return useQuery({ queryKey: clockKey, queryFn: () => api<ClockState>('/admin/v1/clock'), enabled });
}

/** Long enough for the longest step (30 days) on a busy server. */
const ADVANCE_TIMEOUT_MS = 15 * 60_000;

/** Moves the manual clock; every job that falls due runs first, so everything shown afterwards is stale. */
export function useAdvanceClock() {
  const qc = useQueryClient();
  return useMutation({
    // Every hour moved is settled before the answer: a month takes a minute or more, far past the
    // 20 s a call is otherwise given, and the clock moves on whether or not the page waits.
    mutationFn: (hours: number) =>
      api<ClockState & { runs: { job: string }[] }>('/admin/v1/clock/advance', {
        body: { hours },
        timeoutMs: ADVANCE_TIMEOUT_MS,
      }),
    onSuccess: () => qc.invalidateQueries(),
  });
}
