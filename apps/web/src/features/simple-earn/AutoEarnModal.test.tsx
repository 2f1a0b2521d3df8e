import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { AutoEarnModal } from './AutoEarnModal.js';

afterEach(() => vi.unstubAllGlobals());

function HomePage() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        set up
      </button>
      <AutoEarnModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

describe('the auto-earn settings', () => {
  it('read nothing while closed (the dialog stands mounted on every visitor’s home page), and the list once open', async () => {
    const read: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        read.push(new URL(String(input), 'http://localhost').pathname);
        return new Response(JSON.stringify({ code: 0, data: { list: [], total: 0, global_status: 0, status: {} } }));
      }),
    );
    renderWithProviders(<HomePage />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'set up' }));
    await waitFor(() => expect(read).toContain('/apiw/v2/uni-loan/earn/market/list'));
  });

  it('shows a page of coins and loads the next below it, until every coin is listed', async () => {
    const coins = Array.from({ length: 10 }, (_, i) => ({
      asset: `C${i}`,
      icon: '',
      next_time_rate_year: '0.05',
      ladder_apr: [],
      auto_invest_status: 0,
      is_open_award_pool: 0,
      ext_award_rate_year: '0',
      ext_award_limit: '0',
    }));
    const limits: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        const url = new URL(String(input), 'http://localhost');
        if (!url.pathname.endsWith('/market/list'))
          return new Response(JSON.stringify({ code: 0, data: { global_status: 0, status: {} } }));
        const limit = Number(url.searchParams.get('limit'));
        limits.push(String(limit));
        return new Response(JSON.stringify({ code: 0, data: { list: coins.slice(0, limit), total: coins.length } }));
      }),
    );
    renderWithProviders(<HomePage />);
    await userEvent.click(screen.getByRole('button', { name: 'set up' }));
    await screen.findByText('C6');
    expect(screen.queryByText('C7')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('C9');
    expect(limits).toEqual(['7', '14']);
    // Every coin is listed: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
