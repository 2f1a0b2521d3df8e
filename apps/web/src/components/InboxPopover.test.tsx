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

describe('the inbox', () => {
  it('reads the inbox again when opened, showing a message that came since', async () => {
    let list = [message(1, 'New launch pool: Northwind')];
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        reads += 1;
        return new Response(JSON.stringify({ code: 0, data: { list, total: list.length, unread: list.length } }));
      }),
    );
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
    await waitFor(() => expect(reads).toBe(1));
    list = [message(2, 'New launch pool: Avalanche drop'), ...list];
    await userEvent.click(screen.getByRole('button', { name: 'inbox' }));
    expect(await screen.findByText('New launch pool: Avalanche drop')).toBeInTheDocument();
  });
});
