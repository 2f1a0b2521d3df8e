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
});
