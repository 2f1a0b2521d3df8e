import { chartWindow, HOUR_MS } from '@earn/domain';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import AprChart from './AprChart.js';

// The chart itself (ECharts on a canvas) is not what is tested: the window it is read for is.
vi.mock('../../components/RateLineChart.js', () => ({ default: () => null }));

afterEach(() => vi.unstubAllGlobals());

describe('the APR chart', () => {
  it('moves its window on with the server clock when an hour settles, with no reload', async () => {
    let serverMs = Date.UTC(2026, 11, 2, 21, 30);
    const windowsRead: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/chart')) windowsRead.push(Number(url.searchParams.get('to')));
        return new Response(JSON.stringify({ code: 0, data: [] }), {
          headers: { 'x-server-time': String(serverMs), 'x-server-clock': 'manual' },
        });
      }),
    );
    const { client } = renderWithProviders(<AprChart asset="USDT" />);
    await waitFor(() => expect(windowsRead).toContain(chartWindow('24h', serverMs).to));
    // The operator moves the clock 3 hours on; the settled hours read every query again.
    serverMs += 3 * HOUR_MS;
    await client.invalidateQueries();
    await waitFor(() => expect(windowsRead).toContain(chartWindow('24h', serverMs).to));
  });
});
