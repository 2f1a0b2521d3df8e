import type { FixedProduct } from '@earn/domain/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-utils.js';
import { AuthGateProvider } from '../../auth/auth-gate.js';
import { FixedProductsSection } from './FixedProductsSection.js';
import { FixedSubscribeDialog } from './FixedSubscribeDialog.js';

afterEach(() => vi.unstubAllGlobals());

const product = (id: number, lock_up_period: number, title: string, ladder_apr: unknown[] = []) =>
  ({
    id,
    asset: 'USDT',
    type: 1,
    sale_status: 1,
    lock_up_period,
    year_rate: '0.05',
    min_lend_amount: '10',
    user_max_lend_volume: '0',
    total_quota: '100000',
    remaining_quota: '100000',
    min_vip: 0,
    max_vip: 0,
    ladder_apr,
    reinvest: 1,
    redeem_account: 1,
    pre_redeem: 1,
    pre_redeem_rate_year: '',
    bonus_asset: 'USDT',
    bonus_icon: '',
    bonus_asset_price: '1',
    product_asset_price: '1',
    title,
    subtitle: '',
    start_time: 0,
    end_time: 0,
    new_users_only: 0,
    min_kyc_level: 0,
    excluded_regions: [],
  }) as unknown as FixedProduct;

const ladder = [{ left: '0', right: '1000', apr: '0.04', bonus_asset: 'USDT' }];
const list = [product(1, 30, 'Holiday special', ladder), product(2, 30, 'Standard'), product(3, 7, 'Weekly')];
function serveProducts() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const data = path.endsWith('/product/0/list') ? { list } : null;
      return new Response(JSON.stringify({ code: 0, data }));
    }),
  );
}

describe('same-term fixed products', () => {
  it("are told apart on the Simple Earn page's chips by the operator's title, and the one with a ladder is marked", async () => {
    serveProducts();
    renderWithProviders(
      <MemoryRouter>
        <AuthGateProvider>
          <FixedProductsSection />
        </AuthGateProvider>
      </MemoryRouter>,
    );
    const chips = await screen.findAllByTestId('fixed-chip-USDT-30-1');
    expect(chips.map((c) => c.textContent)).toEqual(['30D 5.00%BonusHoliday special', '30D 5.00%Standard']);
    expect(screen.getByTestId('fixed-chip-USDT-7-1').textContent).toBe('7D 5.00%');
  });

  it("are told apart in the subscribe dialog by the operator's title, and the one with a ladder is marked as on the page", async () => {
    serveProducts();
    renderWithProviders(<FixedSubscribeDialog target={{ asset: 'USDT' }} onClose={() => {}} />);
    const terms = await screen.findByTestId('fixed-terms');
    await within(terms).findByText('Holiday special');
    expect(within(terms).getByText('Standard')).toBeTruthy();
    expect(within(terms).queryByText('Weekly')).toBeNull();
    expect(within(terms).getByTestId('term-bonus-1').textContent).toBe('Bonus');
    expect(within(terms).queryByTestId('term-bonus-2')).toBeNull();
  });
});
