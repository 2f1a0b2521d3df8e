import { DUAL_ORDER_STATUSES } from '@earn/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lender } from './flexible-helpers.js';
import { startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe('dual-investment orders', () => {
  it('answers the user’s orders in every status by the spec’s calls, and no one else’s', async () => {
    const u = await lender(ts, {});
    const other = await lender(ts, {});
    const uid = (await u.get('/apiw/v2/auth/me')).body.data.uid;
    const ids: number[] = [];
    for (const [i, status] of DUAL_ORDER_STATUSES.entries()) {
      const res = await ts.admin.post('/admin/v1/dual/orders', {
        user_id: uid,
        kind: i % 2 ? 'sniper' : 'dual',
        direction: 'put',
        coin: 'BTC',
        invest_coin: 'USDT',
        amount: '1000',
        strike_price: '90000',
        apy: '0.35',
        settle_time: 1_800_000_000,
        status,
        ...(status === 'SETTLEMENT_SUCCESS' ? { settlement_coin: 'BTC', settlement_amount: '0.0111' } : {}),
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      ids.push(res.body.data.id);
    }
    const list = (await u.get('/apiw/v2/earn/dual/orders?limit=20')).body.data;
    expect(list.total).toBe(10);
    expect(new Set(list.list.map((o: { status: string }) => o.status))).toEqual(new Set(DUAL_ORDER_STATUSES));
    const [first, second] = ids as [number, number];
    expect((await u.get(`/apiw/v2/earn/dual/order-detail?order_id=${first}`)).body.data).toMatchObject({
      kind: 'dual',
      status: 'INIT',
      amount: '1000',
      settle_time: 1_800_000_000,
    });
    expect((await u.get(`/apiw/v2/earn/dual-sniper/order?order_id=${second}`)).body.data.status).toBe('PROCESSING');
    // A dual order is not a sniper order, and another user's order does not exist for them.
    expect((await u.get(`/apiw/v2/earn/dual-sniper/order?order_id=${first}`)).status).toBe(404);
    expect((await other.get(`/apiw/v2/earn/dual/order-detail?order_id=${first}`)).status).toBe(404);
    expect((await u.get('/apiw/v2/earn/dual/order-detail?order_id=abc')).status).toBe(400);
    expect((await ts.client().get(`/apiw/v2/earn/dual/order-detail?order_id=${first}`)).status).toBe(401);
    expect((await ts.admin.post('/admin/v1/dual/orders', { user_id: uid, status: 'DONE' })).status).toBe(400);
  });
});
