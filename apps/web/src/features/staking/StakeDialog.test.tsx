import type { StakingProduct } from '@earn/domain/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { StakeDialog } from './StakeDialog.js';

afterEach(() => vi.unstubAllGlobals());

const product = {
  pid: 7,
  mortgage_coin: 'MATIC',
  reward_coin: 'MATIC',
  icon: '',
  type: 1,
  protocol_name: 'Polygon',
  rate: '0.05',
  base_rate: '0.05',
  most_rate: '0.05',
  fee_rate: '0',
  min_mortgage_amount: '1',
  min_redeem_amount: '1',
  personal_mortgage_limit: '-1',
  crowd_mortgage_limit: '-1',
  crowd_left: '-1',
  staked: '0',
  reward_delay_days: 1,
  interest_days: 1,
  income_days: 0,
  first_reward_time: 0,
  is_defi: 0,
  defi: [],
  debt: [],
  extra_interest_type: 0,
  extra_interest_task: null,
  exchange_type: 'default',
  receipt_coin: '',
  exchange_rate: '1',
  exchange_rate_reverse: '1',
  mortgage_price: '0.5',
  reward_price: '0.5',
  extra: { redeem_quick: 0, redeem_minday: 0, redeem_maxday: 0 },
  vip_config: null,
  extra_interest: null,
  tags: 0,
  sale_open: 1,
} as unknown as StakingProduct;

/** A unified account holding 1,000 MATIC of which 300 are borrowed, the coin's staking of loans as given. */
function serve(supportsStaking: 0 | 1) {
  const answers: Record<string, unknown> = {
    '/apiw/v2/auth/session': { uid: 1, mode: 'multi_currency', region: 'SG', is_vip: false, has_fundpass: true },
    '/apiw/v2/account/balances': [{ asset: 'MATIC', spot: '0', unified: '1000' }],
    '/apiw/v2/earn/staking/coin-user-info': { hold_amount: '0', personal_left: '-1', vip_discount: '0' },
    '/apiw/v2/earn/staking/user-loans': { assets: { MATIC: '300' } },
    '/apiw/v2/earn/borrow-coin-settings': {
      coin: 'MATIC',
      is_support_launchpool: 1,
      is_support_staking: supportsStaking,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return Response.json({ code: 0, data: answers[path] ?? null });
    }),
  );
}

const available = async (text: string) =>
  expect((await screen.findByText(text, { selector: '[data-testid="staking-available"] span' })).textContent).toBe(
    text,
  );

const openDialog = () =>
  renderWithProviders(
    <MemoryRouter>
      <StakeDialog product={product} onClose={() => undefined} />
    </MemoryRouter>,
  );

describe('StakeDialog', () => {
  it('takes borrowed coins off what is available when the coin does not let them be staked', async () => {
    serve(0);
    openDialog();
    await available('700 MATIC');
  });

  it('offers the borrowed coins too where the coin lets them be staked', async () => {
    serve(1);
    openDialog();
    await available('1,000 MATIC');
  });
});
