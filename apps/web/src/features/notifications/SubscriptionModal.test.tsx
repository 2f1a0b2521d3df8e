import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { SubscriptionModal } from './SubscriptionModal.js';

afterEach(() => vi.unstubAllGlobals());

describe('the notification subscriptions', () => {
  it('sends one change for a double click on a switch', async () => {
    const sets: unknown[] = [];
    let launchpool = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (path === '/apiw/v2/herald/switches') {
          sets.push(JSON.parse(String(init?.body)));
          launchpool = 0;
          // Answered a moment later, as over a network.
          await new Promise((resolve) => setTimeout(resolve, 50));
          return new Response(JSON.stringify({ code: 0, data: null }));
        }
        const data =
          path === '/apiw/v2/herald/category/switch'
            ? [{ items: [{ msg_switch: 'startup_mining_switch', switch_status: launchpool }] }]
            : path === '/api/web/v1/task-square/global-subscribe-status'
              ? { global_subscribe_status: 1 }
              : { hodler_notify: 1 };
        return new Response(JSON.stringify({ code: 0, data }));
      }),
    );
    renderWithProviders(<SubscriptionModal opened onClose={() => {}} />);
    const toggle = await screen.findByRole('switch', { name: 'Launchpool' });
    await waitFor(() => expect(toggle).toBeChecked());
    // Two clicks in one go, before the switch can be drawn as busy.
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sets).toEqual([{ sets: { startup_mining_switch: 0 } }]);
  });

  it('says when the statuses cannot be read, with a retry, rather than spinning', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(<SubscriptionModal opened onClose={() => {}} />);
    expect(await screen.findByText('Network error, please retry later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
