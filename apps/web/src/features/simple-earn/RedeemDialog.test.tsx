import type { FlexibleHolding } from '@earn/domain/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { RedeemDialog } from './RedeemDialog.js';

afterEach(() => vi.unstubAllGlobals());

const holding = {
  asset: 'USDT',
  curr_amount: '500',
  lend_amount: '500',
  frozen_amount: '0',
  margin_frozen_amount: '0',
  interest: '0.01',
  lend_ratio: '1',
  frozen_status: 0,
  auto_invest_status: 0,
} as FlexibleHolding;

/** The server's answer to a redemption of everything, all of it lent this hour. */
function redeemAnswers(instant: string, frozen: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        code: 0,
        data: {
          asset: 'USDT',
          amount: '500',
          instant_amount: instant,
          frozen_amount: frozen,
          arrival_at: Date.UTC(2026, 10, 29, 22) / 1000,
        },
      }),
    ),
  );
}

describe('RedeemDialog', () => {
  it('stays open on Cancel while the redemption is on its way, and says what came of it', async () => {
    let answer: ((r: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      // The redemption waits for its answer; every other call is answered at once.
      vi.fn((url: URL | string) =>
        String(url).endsWith('/earn/redeem')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(Response.json({ code: 0, data: null })),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(<RedeemDialog holding={holding} onClose={onClose} />);
    fireEvent.change(await screen.findByTestId('redeem-amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('redeem-confirm'));
    await vi.waitFor(() => expect(answer).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    answer?.(
      Response.json({
        code: 0,
        data: { asset: 'USDT', amount: '500', instant_amount: '500', frozen_amount: '0', arrival_at: 0 },
      }),
    );
    expect(await screen.findByText('Redeemed 500 USDT')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says only when the lent part arrives when nothing arrived at once, not that 0 arrived', async () => {
    redeemAnswers('0', '500');
    renderWithProviders(<RedeemDialog holding={holding} onClose={() => undefined} />);
    fireEvent.change(await screen.findByTestId('redeem-amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('redeem-confirm'));
    const toast = await screen.findByText(/500 USDT lent this hour arrives at/);
    expect(toast.textContent).toMatch(/^500 USDT lent this hour arrives at .+, with the interest it earns until then$/);
    expect(screen.queryByText(/^0 USDT arrived/)).toBeNull();
  });

  it('says what arrived at once and when the rest does', async () => {
    redeemAnswers('200', '300');
    renderWithProviders(<RedeemDialog holding={holding} onClose={() => undefined} />);
    fireEvent.change(await screen.findByTestId('redeem-amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('redeem-confirm'));
    expect((await screen.findByText(/^200 USDT arrived; 300 USDT lent this hour arrives at/)).textContent).toMatch(
      /with the interest it earns until then$/,
    );
  });

  it('takes an amount above the redeemable as the redeemable, and says so (spec: clamped to the max)', async () => {
    renderWithProviders(<RedeemDialog holding={holding} onClose={() => undefined} />);
    const field = (await screen.findByTestId('redeem-amount')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '5000' } });
    expect(field.value).toBe('500');
    expect(screen.getByText('At most 500 can be entered here')).toBeInTheDocument();
  });
});
