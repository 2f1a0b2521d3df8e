import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.js';
import { useRetryKey } from './retry-key.js';
import { useSubscribeFlexible } from './simple-earn.js';

afterEach(() => vi.unstubAllGlobals());

/** Sends `request` through the hook; returns the key it was sent with, whatever the call answered. */
async function keyOf(send: ReturnType<typeof useRetryKey>, request: unknown, outcome: 'done' | ApiError) {
  let used = '';
  await send(request, async (key) => {
    used = key;
    if (outcome !== 'done') throw outcome;
  }).catch(() => {});
  return used;
}

describe('the Idempotency-Key of a money call', () => {
  const network = new ApiError(-1, 'Network error', 0, 'Networkerr');
  const serverDown = new ApiError(-1, 'Something went wrong', 503);
  const refused = new ApiError(-1, 'Not enough USDT', 400);

  it('is the same for the same request after an answer that never came, and new after any answer', async () => {
    const { result } = renderHook(() => useRetryKey());
    const send = result.current;
    const body = { asset: 'USDT', amount: '100' };
    const first = await keyOf(send, body, network);
    // The same request again: it may have been done, so the server is asked under the same key.
    expect(await keyOf(send, { asset: 'USDT', amount: '100' }, serverDown)).toBe(first);
    expect(await keyOf(send, body, 'done')).toBe(first);
    // Answered: the next is another operation.
    const next = await keyOf(send, body, refused);
    expect(next).not.toBe(first);
    expect(await keyOf(send, body, network)).not.toBe(next);
  });

  it('is new for another request, and for the same one once ten minutes have gone by', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { result } = renderHook(() => useRetryKey());
    const send = result.current;
    const first = await keyOf(send, { amount: '100' }, network);
    expect(await keyOf(send, { amount: '101' }, network)).not.toBe(first);
    const again = await keyOf(send, { amount: '101' }, network);
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect(await keyOf(send, { amount: '101' }, network)).not.toBe(again);
    vi.useRealTimers();
  });

  it('goes with a subscription retried from its dialog after the answer was lost', async () => {
    const keys: (string | null)[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (!String(url).endsWith('/subscribe')) return new Response('{"code":0,"data":null}');
        keys.push(new Headers(init.headers).get('idempotency-key'));
        calls += 1;
        // The first is done by the server, and its answer is lost on the way back.
        if (calls === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ code: 0, data: { asset: 'USDT', amount: '100' } }));
      }),
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSubscribeFlexible(), { wrapper });
    act(() => result.current.mutate({ asset: 'USDT', amount: '100' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    act(() => result.current.mutate({ asset: 'USDT', amount: '100' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
