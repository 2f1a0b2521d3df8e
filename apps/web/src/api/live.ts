import { HOUR_MS } from '@earn/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isServerClockManual, serverNow } from './client.js';

/** After a boundary, give the hourly jobs a moment before asking again (the fallback when no event arrives). */
const AFTER_BOUNDARY_MS = 5_000;

const EVENTS_URL = '/apiw/v2/earn/events';

/**
 * The server's `settled` events, heard over one stream for the whole browser: a browser opens at
 * most six connections to a server over HTTP/1.1, so a stream in every tab would leave a seventh tab
 * waiting for good. The tab holding the `earn.events` lock listens and tells the other tabs; when it
 * closes, the lock passes to another, which opens the stream in turn. Without locks or channels (an
 * old browser), each tab listens for itself. Returns the stop.
 */
function hearSettled(onSettled: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('earn.settled');
  if (!locks || !channel) {
    const events = new EventSource(EVENTS_URL);
    events.addEventListener('settled', onSettled);
    return () => events.close();
  }
  channel.addEventListener('message', onSettled);
  const stop = new AbortController();
  locks
    .request(
      'earn.events',
      { signal: stop.signal },
      () =>
        new Promise<void>((release) => {
          const events = new EventSource(EVENTS_URL);
          events.addEventListener('settled', () => {
            onSettled();
            channel.postMessage('settled');
          });
          stop.signal.addEventListener('abort', () => {
            events.close();
            release();
          });
        }),
    )
    // Stopped while another tab held the lock: nothing was opened.
    .catch(() => undefined);
  return () => {
    stop.abort();
    channel.close();
  };
}

/**
 * Runs `refresh` for every call, but never two at once: a call while one runs asks for one more run
 * after it, however many calls came meanwhile. An operator's advance of many hours settles an hour
 * after another, each with its event; refreshing at each one would leave dozens of reads of every
 * query queued behind the browser's six connections (a superseded read is not aborted), and the
 * page showing some hour in between for many seconds. The run after the last event reads what
 * the last hour left.
 */
export function oneAtATime(refresh: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    refresh()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return run;
}

/**
 * Keeps open pages true when an hour settles: the server pushes `settled` (server-sent events) and
 * every query refetches (one stream for all the browser's tabs), so balances, rewards, statements and holdings update within seconds. As a
 * fallback (the stream is down, or another instance settled the hour) everything refetches a few
 * seconds after each hour boundary of the server's clock.
 */
export function useLiveSettlement() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = oneAtATime(() => queryClient.invalidateQueries());
    const stopHearing = hearSettled(refresh);
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
      stopHearing();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
