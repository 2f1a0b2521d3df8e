import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { oneAtATime } from './live.js';

describe('refreshing open pages when hours settle', () => {
  it('reads each query once at a time through a burst of settled hours, and last after the last hour', async () => {
    const client = new QueryClient();
    let hour = 0;
    let reading = 0;
    let mostAtOnce = 0;
    const reads: number[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['holdings'],
      queryFn: async () => {
        reading += 1;
        mostAtOnce = Math.max(mostAtOnce, reading);
        const seen = hour;
        await new Promise((resolve) => setTimeout(resolve, 20));
        reading -= 1;
        reads.push(seen);
        return seen;
      },
    });
    const stop = observer.subscribe(() => undefined);
    await waitFor(() => expect(reads).toEqual([0]));
    const settled = oneAtATime(() => client.invalidateQueries());
    // An advance of 50 hours: an event for each, faster than a read.
    for (hour = 1; hour <= 50; hour++) {
      settled();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    hour = 50;
    await waitFor(() => expect(observer.getCurrentResult().data).toBe(50));
    expect(mostAtOnce).toBe(1);
    // A handful of reads, not one per hour.
    expect(reads.length).toBeLessThan(10);
    stop();
  });

  it('refreshes again after a failed refresh', async () => {
    let runs = 0;
    const settled = oneAtATime(async () => {
      runs += 1;
      if (runs === 1) throw new Error('offline');
    });
    settled();
    await waitFor(() => expect(runs).toBe(1));
    settled();
    await waitFor(() => expect(runs).toBe(2));
  });
});
