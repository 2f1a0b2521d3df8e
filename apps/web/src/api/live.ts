import { HOUR_MS } from '@earn/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isServerClockManual, serverNow } from './client.js';

/** After a boundary, give the hourly jobs a moment before asking again (the fallback when no event arrives). */
const AFTER_BOUNDARY_MS = 5_000;

/**
 * Keeps open pages true when an hour settles: the server pushes `settled` (server-sent events) and
 * every query refetches, so balances, rewards, statements and holdings update within seconds. As a
 * fallback (the stream is down, or another instance settled the hour) everything refetches a few
 * seconds after each hour boundary of the server's clock.
 */
export function useLiveSettlement() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries();
    const events = typeof EventSource === 'undefined' ? null : new EventSource('/apiw/v2/earn/events');
    events?.addEventListener('settled', refresh);
    let timer: ReturnType<typeof setTimeout>;
    const scheduleBoundary = () => {
      const now = serverNow();
      // A manual clock has no boundaries of its own: its advances arrive as events.
      const wait = isServerClockManual() ? HOUR_MS : Math.floor(now / HOUR_MS + 1) * HOUR_MS - now + AFTER_BOUNDARY_MS;
      timer = setTimeout(() => {
        if (!isServerClockManual()) refresh();
        scheduleBoundary();
      }, wait);
    };
    scheduleBoundary();
    return () => {
      events?.close();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
