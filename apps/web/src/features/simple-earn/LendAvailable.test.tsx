import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { LendAvailable } from './LendAvailable.js';

afterEach(() => vi.unstubAllGlobals());

function signedIn(mode: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ code: 0, data: { uid: 1, email: 'a@example.com', mode, tier: 0 } })),
    ),
  );
}

describe('what a subscription can take', () => {
  it('tells a unified account why it is less than its assets show: borrowed coins are never lent', async () => {
    signedIn('multi_currency');
    renderWithProviders(<LendAvailable amount="23000" coin="USDT" />);
    expect(screen.getByTestId('lend-available').textContent).toBe('Available: 23,000 USDT');
    await userEvent.click(await screen.findByRole('button', { name: 'More information' }));
    await screen.findByText(
      'What your unified account can lend: its USDT balance less the USDT you have borrowed, which is never lent.',
    );
  });

  it('says nothing more to a classic account, which lends its whole balance', async () => {
    signedIn('classic');
    renderWithProviders(<LendAvailable amount="25000" coin="USDT" />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'More information' })).toBeNull();
  });
});
