import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { advance, lender, spot } from './flexible-helpers.js';
import { requirePostgres, startTestServer, type TestServer } from './helpers.js';

const onPostgres = requirePostgres(
  'parallel fixed subscriptions against a quota, and early redemption racing maturity',
);
const FIXED = '/apiw/v2/fixed_earn/api';

describe.runIf(onPostgres)('fixed-term under concurrency (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
  });
  afterAll(() => ts?.close());

  const product = async (fields: Record<string, unknown>) =>
    (
      await ts.admin.post('/admin/v1/fixed-earn/products', {
        coin: 'USDT',
        type: 1,
        lock_up_period: 1,
        year_rate: '0.05',
        min_lend_amount: '10',
        user_max_lend_volume: '0',
        total_quota: '1000',
        ...fields,
      })
    ).body.data.id as number;
  const lend = (u: Awaited<ReturnType<typeof lender>>, id: number, amount: string) =>
    u.post(`${FIXED}/user/lend`, {
      product_id: id,
      amount,
      year_rate: '0.05',
      redeem_account_type: 0,
      reinvest_status: 0,
    });

  it('never sells more than the quota, or more than one user may hold, under 50 parallel subscriptions', async () => {
    const id = await product({ total_quota: '1000', user_max_lend_volume: '150' });
    const users = await Promise.all(Array.from({ length: 10 }, () => lender(ts, { USDT: '1000' })));
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => lend(users[i % 10] as (typeof users)[number], id, '50')),
    );
    const passed = replies.filter((r) => r.body.code === 0);
    expect(passed).toHaveLength(20); // 1000 / 50: the quota, reached exactly
    const detail = (await ts.admin.get(`${FIXED}/product/detail?id=${id}`)).body.data;
    expect(detail).toMatchObject({ remaining_quota: '0', sale_status: 2 });
    for (const u of users) {
      const held = 1000 - Number(await spot(u, 'USDT'));
      expect(held).toBeLessThanOrEqual(150);
    }
    for (const r of replies.filter((x) => x.body.code !== 0)) {
      expect(['fixed.soldOut', 'fixed.individual.quota', 'fixed.remaining.quota']).toContain(r.body.key);
    }
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('pays an order once when early redemptions race each other and the maturity hour', async () => {
    const id = await product({ total_quota: '100000' });
    const u = await lender(ts, { USDT: '100' });
    const res = await lend(u, id, '100');
    const orderId = res.body.data.order_id;
    const redeems = await Promise.all(
      Array.from({ length: 10 }, () => u.post(`${FIXED}/user/pre-redeem`, { order_id: orderId })),
    );
    expect(redeems.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(await spot(u, 'USDT')).toBe('100');

    const again = await lend(u, id, '100');
    const finishMs = again.body.data.finish_time * 1000;
    const nowMs = (await ts.admin.get('/admin/v1/clock')).body.data.now_ms as number;
    const hours = Math.ceil((finishMs - nowMs) / 3_600_000);
    await advance(ts, hours - 2);
    // The last redemption window closes as the hour settles: whichever wins, the order pays once.
    const [early] = await Promise.all([
      u.post(`${FIXED}/user/pre-redeem`, { order_id: again.body.data.order_id }),
      advance(ts, 3),
    ]);
    const paid = Number(await spot(u, 'USDT'));
    expect(paid === 100 || paid > 100).toBe(true);
    expect(paid).toBeLessThan(100.1);
    if (early.body.code === 0) expect(paid).toBe(100);
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});
