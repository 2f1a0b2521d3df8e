import type { FixedHolding } from '@earn/domain/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-utils.js';
import { EarlyRedeemDialog } from './EarlyRedeemDialog.js';
import { FixedDetailApr } from './FixedDetailApr.js';

afterEach(() => vi.unstubAllGlobals());

// An 800 USDT order whose ladder bonus is paid in GT: 0.06534862 GT, in none of its USDT figures.
const order = (bonusAsset: string, amount: string, percent: string, slices = [['300', '1100']]) =>
  ({
    order_id: '6',
    asset: 'USDT',
    year_rate: '0.04',
    total_year_rate_percent: percent,
    status: 1,
    principal: '800',
    coupon_info: null,
    bonus_info: {
      ladder_apr: [{ left: '0', right: '500', apr: '0.08', bonus_asset: bonusAsset }],
      bonus_asset: bonusAsset,
      amount,
      ladder_slices: slices,
    },
    product_info: { pre_redeem: 1, reinvest: 0, redeem_account: 0, pre_redeem_rate_year: '', min_lend_amount: '10' },
    early_redeem: { interest: '0', amount: '800', forfeited: '1.22739726' },
  }) as unknown as FixedHolding;

describe("a fixed order's ladder bonus", () => {
  it('shows the product APR, the ladder, the part of it the order takes, and the APR with a same-coin bonus', async () => {
    renderWithProviders(<FixedDetailApr order={order('USDT', '1.3', '5.50')} />);
    expect(screen.getByTestId('detail-apr').textContent).toBe('4.00%');
    await userEvent.click(screen.getByRole('button', { name: 'More information' }));
    // Only the part inside the tiers, which end at 500.
    expect(await screen.findByText('This order takes 300–500 USDT of the tiers')).toBeTruthy();
    expect(screen.getByText('Ladder +8.00% on the part from 0 to 500 USDT.')).toBeTruthy();
    expect(screen.getByText('Est. bonus: 1.3 USDT')).toBeTruthy();
    expect(screen.getByText('APR with bonus: 5.50%')).toBeTruthy();
  });

  it('says when the order sits above the tiers', async () => {
    renderWithProviders(<FixedDetailApr order={order('USDT', '0', '4.00', [['600', '1400']])} />);
    await userEvent.click(screen.getByRole('button', { name: 'More information' }));
    expect(await screen.findByText('This order sits above the tiers, which end at 500 USDT')).toBeTruthy();
    expect(screen.getByText('Est. bonus: 0 USDT')).toBeTruthy();
  });

  it('says a bonus in another coin is not in the APR, and that redeeming early gives it up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, data: null }))),
    );
    const gt = order('GT', '0.06534862', '4.00');
    renderWithProviders(<FixedDetailApr order={gt} />);
    await userEvent.click(screen.getByRole('button', { name: 'More information' }));
    expect(await screen.findByText('The bonus is paid in GT at maturity, so it is not in the APR')).toBeTruthy();
    expect(screen.queryByText(/APR with bonus/)).toBeNull();
    renderWithProviders(<EarlyRedeemDialog order={gt} onClose={() => {}} />);
    expect((await screen.findByTestId('early-forfeit')).textContent).toBe(
      'You give up the 1.22739726 USDT the order would have paid at maturity. You also give up its bonus of 0.06534862 GT.',
    );
  });

  it('says that redeeming early does not give back the voucher the order used', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, data: null }))),
    );
    const withVoucher = {
      ...order('USDT', '0', '4.00'),
      bonus_info: null,
      // rate_ratio in percent (spec: amount x rate_ratio/100 /365 x rate_day); the title in the operator's words.
      coupon_info: { id: 3, title: 'Welcome boost', rate_ratio: '3', rate_day: 7, interest: '0.46027397' },
    } as unknown as FixedHolding;
    renderWithProviders(<EarlyRedeemDialog order={withVoucher} onClose={() => {}} />);
    expect((await screen.findByTestId('early-forfeit')).textContent).toBe(
      'You give up the 1.22739726 USDT the order would have paid at maturity. The voucher of +3.00% APR for 7 days is used up and not returned.',
    );
  });
});
