import { Decimal } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { lender } from './flexible-helpers.js';
import { requirePostgres, startTestServer, type TestServer } from './helpers.js';

const onPostgres = requirePostgres(
  'parallel stakes against the caps and parallel fast redemptions against the daily quota',
);
const STAKING = '/apiw/v2/earn/staking';

describe.runIf(onPostgres)('staking under concurrency (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
  });
  afterAll(() => ts?.close());

  const product = async (fields: Record<string, unknown>) =>
    (
      await ts.admin.post('/admin/v1/staking/products', {
        coin: 'ETH',
        rate: '0.04',
        min_mortgage_amount: '0.1',
        min_redeem_amount: '0.1',
        reward_delay_days: 2,
        ...fields,
      })
    ).body.data.id as number;

  it('never lets 50 parallel stakes pass the crowd or the personal cap', async () => {
    const pid = await product({ crowd_mortgage_limit: '10', personal_mortgage_limit: '3' });
    const users = await Promise.all(Array.from({ length: 5 }, () => lender(ts, { ETH: '10' })));
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        users[i % 5]?.post(`${STAKING}/coin-swap-verify`, { side: 0, amount: '1', coin: 'ETH', pid }),
      ),
    );
    expect(replies.filter((r) => r?.status === 500)).toEqual([]);
    expect(replies.filter((r) => r?.body.code === 0)).toHaveLength(10);
    const detail = (await ts.admin.get(`${STAKING}/product?coin=ETH&pid=${pid}`)).body.data;
    expect(detail).toMatchObject({ staked: '10', crowd_left: '0' });
    for (const u of users) {
      const held = (await u.get(`${STAKING}/coin-user-info?coin=ETH&pid=${pid}`)).body.data.hold_amount;
      expect(new Decimal(held).lte(3)).toBe(true);
    }
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('never lets 50 parallel fast redemptions take more than the daily quota', async () => {
    const pid = await product({ redeem_quick: 1, redeem_quick_fee: '0.01', redeem_quick_daily: '7' });
    const users = await Promise.all(Array.from({ length: 5 }, () => lender(ts, { ETH: '10' })));
    for (const u of users) await u.post(`${STAKING}/coin-swap-verify`, { side: 0, amount: '10', coin: 'ETH', pid });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        users[i % 5]?.post(`${STAKING}/coin-redeem`, { side: 1, amount: '1', coin: 'ETH', pid, quick: 1 }),
      ),
    );
    expect(replies.filter((r) => r?.status === 500)).toEqual([]);
    expect(replies.filter((r) => r?.body.code === 0)).toHaveLength(7);
    const detail = (await ts.admin.get(`${STAKING}/product?coin=ETH&pid=${pid}`)).body.data;
    expect(detail).toMatchObject({ staked: '43' });
    expect(detail.extra.redeem_quick_left).toBe('0');
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});
