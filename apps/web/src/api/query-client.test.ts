import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
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
});
