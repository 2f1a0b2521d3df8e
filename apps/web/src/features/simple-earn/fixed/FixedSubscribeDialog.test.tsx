import type { FixedProduct } from '@earn/domain/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test-utils.js';
import { FixedSubscribeDialog } from './FixedSubscribeDialog.js';

afterEach(() => vi.unstubAllGlobals());

const product = (id: number, lock_up_period: number, title: string) =>
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
    ladder_apr: [],
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

describe('the fixed subscribe dialog', () => {
  it("tells two products of the same term apart by the operator's title, and leaves a term of its own as it is", async () => {
    const list = [product(1, 30, 'Holiday special'), product(2, 30, 'Standard'), product(3, 7, 'Weekly')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        const data = path.endsWith('/product/0/list') ? { list } : null;
        return new Response(JSON.stringify({ code: 0, data }));
      }),
    );
    renderWithProviders(<FixedSubscribeDialog target={{ asset: 'USDT' }} onClose={() => {}} />);
    const terms = await screen.findByTestId('fixed-terms');
    await within(terms).findByText('Holiday special');
    expect(within(terms).getByText('Standard')).toBeTruthy();
    expect(within(terms).queryByText('Weekly')).toBeNull();
  });
});
