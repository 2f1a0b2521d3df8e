import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { InboxPopover } from './InboxPopover.js';

afterEach(() => vi.unstubAllGlobals());

const message = (id: number, title: string) => ({
  id,
  kind: 'launchpool',
  title,
  body: 'Stake to earn its coin every hour.',
  link: '/launchpool',
  created_at: 1_795_000_000,
  read: false,
});

/** The inbox under a plain button named 'inbox'. */
function renderInbox() {
  renderWithProviders(
    <MemoryRouter>
      <InboxPopover
        target={(onClick) => (
          <button type="button" onClick={onClick}>
            inbox
          </button>
        )}
      />
    </MemoryRouter>,
  );
}

describe('the inbox', () => {
  it('reads the inbox again when opened, showing a message that came since', async () => {
    let list = [message(1, 'New launch pool: Northwind')];
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!String(url).includes('/apiw/v2/inbox')) return new Response(JSON.stringify({ code: 0, data: null }));
        reads += 1;
        return new Response(JSON.stringify({ code: 0, data: { list, total: list.length, unread: list.length } }));
      }),
    );
    renderInbox();
    await waitFor(() => expect(reads).toBe(1));
    list = [message(2, 'New launch pool: Avalanche drop'), ...list];
    await userEvent.click(screen.getByRole('button', { name: 'inbox' }));
    expect(await screen.findByText('New launch pool: Avalanche drop')).toBeInTheDocument();
  });

  it('reads older messages a page at a time, and takes the keyboard into the list when opened', async () => {
    const all = Array.from({ length: 22 }, (_, i) => message(22 - i, `Project ${22 - i}`));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const query = new URL(url, 'http://localhost').searchParams;
        const [page, limit] = [Number(query.get('page')), Number(query.get('limit'))];
        const list = all.slice((page - 1) * limit, page * limit);
        return new Response(JSON.stringify({ code: 0, data: { list, total: all.length, unread: all.length } }));
      }),
    );
    renderInbox();
    screen.getByRole('button', { name: 'inbox' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Project 22')).toBeInTheDocument();
    // The focus is in the list, on its newest message (not on "Mark all read", one Enter from done).
    await waitFor(() => expect(screen.getByRole('button', { name: /Project 22/ })).toHaveFocus());
    expect(screen.queryByText('Project 2')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Project 1')).toBeInTheDocument();
    expect(screen.getByText('Project 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
