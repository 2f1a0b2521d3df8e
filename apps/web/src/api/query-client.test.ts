import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.js';
import { keys } from './keys.js';
import { createQueryClient } from './query-client.js';

describe('the app’s query client', () => {
  it('reads what the page shows again after a refused change, not after a network failure or a cancelled prompt', async () => {
    const client = createQueryClient();
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['balances'],
      queryFn: async () => {
        reads += 1;
        return reads;
      },
    });
    const stop = observer.subscribe(() => undefined);
    await waitFor(() => expect(reads).toBe(1));
    const refuse = (error: ApiError) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            throw error;
          },
        })
        .execute(undefined)
        .catch(() => undefined);
    await refuse(new ApiError(-1, 'Not enough USDC available', 400, 'lend_earn.insufficient.balance'));
    await waitFor(() => expect(reads).toBe(2));
    await refuse(new ApiError(-1, 'Network error', 0));
    await refuse(new ApiError(-1, 'Cancelled', 400, 'fundpass.cancelled'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(2);
    stop();
  });

  it('reads the session again when a call is refused for want of one, and forgets what the user who left had', async () => {
    const client = createQueryClient();
    let sessionReads = 0;
    let signedIn = true;
    const session = new QueryObserver(client, {
      queryKey: keys.me,
      queryFn: async () => {
        sessionReads += 1;
        return signedIn ? { uid: 7 } : null;
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = session.subscribe(() => undefined);
    await waitFor(() => expect(sessionReads).toBe(1));
    client.setQueryData(['holdings'], { total: '2181.24' });
    const read = (error: ApiError) =>
      client
        .fetchQuery({
          queryKey: ['inbox', error.status],
          queryFn: async () => {
            throw error;
          },
        })
        .catch(() => undefined);
    await read(new ApiError(-1, 'Not found', 404));
    await read(new ApiError(-1, 'Operator only', 403, 'common.operatorOnly'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionReads).toBe(1);
    // Still signed in (refused for another reason): the session is read, nothing else is touched.
    await read(new ApiError(-1, 'Please log in', 401, 'common.needLogin'));
    await waitFor(() => expect(sessionReads).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.getQueryData(['holdings'])).toEqual({ total: '2181.24' });
    // The session ended unheard: a refused change reads it again, and the user's holdings are forgotten.
    signedIn = false;
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: async () => {
          throw new ApiError(-1, 'Please log in', 401, 'common.needLogin');
        },
      })
      .execute(undefined)
      .catch(() => undefined);
    await waitFor(() => expect(sessionReads).toBe(3));
    await waitFor(() => expect(client.getQueryData(['holdings'])).toBeUndefined());
    expect(client.getQueryData(keys.me)).toBeNull();
    stop();
  });

  it('refuses a change asked for while offline at once, and never sends it later', async () => {
    const client = createQueryClient();
    let sent = 0;
    onlineManager.setOnline(false);
    try {
      const redeem = client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            sent += 1;
            throw new ApiError(-1, 'Network error', 0);
          },
        })
        .execute(undefined);
      await expect(redeem).rejects.toMatchObject({ isNetwork: true });
      expect(sent).toBe(1);
    } finally {
      onlineManager.setOnline(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(1);
  });

  it('reads again, once the server answers, what gave up while it could not be reached, data kept meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let up = false;
    const health = vi.fn(async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return new Response('{"status":"ok"}');
    });
    vi.stubGlobal('fetch', health);
    const client = createQueryClient();
    const read = (key: string, first: string) => {
      let reads = 0;
      const observer = new QueryObserver(client, {
        queryKey: [key],
        queryFn: async () => {
          reads += 1;
          if (reads > 1 && !up) throw new ApiError(-1, 'Network error', 0);
          return reads === 1 ? first : `${first} again`;
        },
        retry: false,
      });
      observer.subscribe(() => undefined);
      return observer;
    };
    const balances = read('balances', '100 USDT');
    const holdings = read('holdings', '5 BTC');
    await waitFor(() => expect(balances.getCurrentResult().data).toBe('100 USDT'));
    await waitFor(() => expect(holdings.getCurrentResult().data).toBe('5 BTC'));
    await Promise.all([balances.refetch(), holdings.refetch()]);
    expect(balances.getCurrentResult().status).toBe('error');
    expect(balances.getCurrentResult().data).toBe('100 USDT');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(health).toHaveBeenCalled();
    expect(balances.getCurrentResult().status).toBe('error');
    up = true;
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(balances.getCurrentResult().data).toBe('100 USDT again'));
    expect(holdings.getCurrentResult().data).toBe('5 BTC again');
    // One watcher for both failures, and none once the server is back.
    const asked = health.mock.calls.length;
    expect(asked).toBeLessThanOrEqual(4);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(health.mock.calls.length).toBe(asked);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
