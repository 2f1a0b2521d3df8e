import { Decimal } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { lender } from './flexible-helpers.js';
import { HOUR_MS, requirePostgres, startTestServer, T0, type TestServer } from './helpers.js';

const onPostgres = requirePostgres('50 parallel launch-pool stakes against a pool cap');

describe.runIf(onPostgres)('launch pool under concurrency (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
  });
  afterAll(() => ts?.close());

  it('never lets 50 parallel stakes exceed the pool cap', async () => {
    const created = await ts.admin.post('/admin/v1/launch-pool/projects', {
      coin: 'LPX',
      name: 'Cap',
      start_timest: (T0 + HOUR_MS) / 1000,
      end_timest: (T0 + 25 * HOUR_MS) / 1000,
      pools: [
        { coin: 'GT', total_reward: '100', personal_min_amount: '1', buy_total_amount: '1000', decimal_place: 2 },
      ],
    });
    const pid = created.body.data.pid as number;
    const rid = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data
      .reward_pools[0].rid;
    const users = await Promise.all(Array.from({ length: 10 }, () => lender(ts, { GT: '1000' })));
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        users[i % 10]?.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid, amount: '30' }),
      ),
    );
    const accepted = replies.filter((r) => r?.body.code === 200).length;
    expect(accepted).toBe(33);
    const info = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data
      .reward_pools[0];
    expect(new Decimal(info.total_staked).toFixed()).toBe('990');
    expect(info.left_buy_total_amount).toBe('10');
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});
