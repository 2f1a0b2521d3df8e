import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { TransferModal } from './TransferModal.js';

afterEach(() => vi.unstubAllGlobals());

/** A unified account holding 24,924 USDT there, 2,000 of it borrowed, and 16 USDT in spot. */
function stubUnifiedAccount() {
  const answers: Record<string, unknown> = {
    '/apiw/v2/auth/session': { uid: 7, email: 'unified@example.com', mode: 'multi_currency', region: 'SG' },
    '/apiw/v2/market/coins': [{ symbol: 'USDT', decimals: 6 }],
    '/apiw/v2/account/balances': [{ asset: 'USDT', spot: '16', unified: '24924' }],
    '/apiw/v2/account/spot/asset/outable': [
      { asset: 'USDT', outable: '22924', lend_earn_available: '22924', mode: 'multi_currency', available: '24924' },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = answers[new URL(url, 'http://localhost').pathname];
      return new Response(JSON.stringify({ code: 0, data }));
    }),
  );
}

describe('the transfer form', () => {
  it('starts from the wallet the money is in, and offers only what is not borrowed', async () => {
    stubUnifiedAccount();
    renderWithProviders(<TransferModal opened onClose={() => {}} coin="USDT" />);
    await waitFor(() => expect(screen.getByTestId('transfer-from')).toHaveTextContent('Unified account'));
    await waitFor(() => expect(screen.getByTestId('transfer-available')).toHaveTextContent('Available: 22,924 USDT'));
    expect(screen.getByTestId('transfer-borrowed')).toHaveTextContent(
      '2,000 USDT of this account is borrowed and cannot be moved out',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByTestId('transfer-amount')).toHaveValue('22924');
    // More than that, within what is held: the loan is what stops it, and it is said.
    await userEvent.clear(screen.getByTestId('transfer-amount'));
    await userEvent.type(screen.getByTestId('transfer-amount'), '23000');
    expect(screen.getByText('Only 22,924 USDT can be moved out: 2,000 USDT is borrowed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    // From spot, all of it: nothing there is borrowed.
    await userEvent.click(screen.getByRole('button', { name: 'Swap accounts' }));
    expect(screen.getByTestId('transfer-available')).toHaveTextContent('Available: 16 USDT');
    expect(screen.queryByTestId('transfer-borrowed')).toBeNull();
  });
});
