import { and, count, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRetries } from '../src/db/retry.js';
import { jobRuns } from '../src/db/schema.js';
import { checkLedger } from '../src/ledger/check.js';
import { advance, lender, setDemand } from './flexible-helpers.js';
import { HOUR_MS, requirePostgres, startTestServer, T0, type TestServer } from './helpers.js';

const onPostgres = requirePostgres('user calls racing the hourly settlement');

describe.runIf(onPostgres)('the hour under load (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    // Two positions per transaction of the flexible hour: user calls race its parts as well.
    ts = await startTestServer({ postgres: true, flexibleSettleBatch: 2 });
  });
  afterAll(() => ts?.close());

  it('answers every user call racing the hourly jobs without a server error, and settles every hour', async () => {
    const created = await ts.admin.post('/admin/v1/launch-pool/projects', {
      coin: 'LPX',
      name: 'Hour race',
      start_timest: (T0 + HOUR_MS) / 1000,
      end_timest: (T0 + 4 * HOUR_MS) / 1000,
      pools: [
        { coin: 'USDT', total_reward: '300', personal_min_amount: '1', buy_total_amount: '100000', decimal_place: 2 },
      ],
    });
    expect(created.body.code).toBe(0);
    const pid = created.body.data.pid as number;
    const rid = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data
      .reward_pools[0].rid as number;
    await setDemand(ts, 'USDT', '5000', '0.2');
    const users = await Promise.all(Array.from({ length: 12 }, () => lender(ts, { USDT: '10000' })));
    for (const u of users) {
      await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1000' });
      await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'USDT', status: '1' });
      await u.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid, amount: '500' });
    }

    // Each hour: the clock moves (and the flexible and launch-pool hours settle) while every user
    // subscribes, redeems, stakes, unstakes and transfers, all at once.
    const deadlocksBefore = transactionRetries().deadlocks;
    const statuses: number[] = [];
    for (let hour = 0; hour < 4; hour++) {
      const calls = users.flatMap((u) => [
        u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '50' }),
        u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '20' }),
        u.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid, amount: '10' }),
        u.post('/apiw/v2/earn/launch-pool/redeem', { pid, rid, amount: '5' }),
        u.post('/apiw/v2/account/transfer', { asset: 'USDT', amount: '1', from: 'spot', to: 'unified' }),
      ]);
      const [moved, ...replies] = await Promise.all([ts.admin.post('/admin/v1/clock/advance', { hours: 1 }), ...calls]);
      expect(moved.status).toBe(200);
      statuses.push(...replies.map((r) => r.status));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(transactionRetries().deadlocks - deadlocksBefore).toBe(0);
    await advance(ts, 1);
    // No hour was skipped or left unsettled: each hourly job ran once for each of the 5 hours.
    const runs = await ts.server.ctx.db
      .select({ job: jobRuns.job, hours: count() })
      .from(jobRuns)
      .where(gte(jobRuns.periodStart, new Date(T0)))
      .groupBy(jobRuns.job);
    expect(Object.fromEntries(runs.map((r) => [r.job, r.hours]))).toMatchObject({
      'simple-earn.flexible-hour': 5,
      'launchpool.hour': 5,
    });
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('pays out the redemptions of each hour while their owners cancel and redeem again, and never fails the hour', async () => {
    await setDemand(ts, 'USDT', '1000000', '0.2');
    const users = await Promise.all(Array.from({ length: 6 }, () => lender(ts, { USDT: '10000' })));
    for (const u of users) await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1000' });
    // In the book and lent: a redemption now waits for the hour's end (frozen).
    await advance(ts, 2);
    const settled = async () =>
      (
        await ts.server.ctx.db
          .select({ hours: count() })
          .from(jobRuns)
          .where(and(eq(jobRuns.job, 'simple-earn.flexible-hour'), gte(jobRuns.periodStart, new Date(T0))))
      )[0]?.hours ?? 0;
    for (let hour = 0; hour < 3; hour++) {
      for (const u of users) {
        const frozen = await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '100' });
        expect(frozen.body.code).toBe(0);
      }
      const before = await settled();
      const deadlocksBefore = transactionRetries().deadlocks;
      const churn = users.map(async (u) => {
        const replies = [];
        for (let i = 0; i < 20; i++) {
          replies.push(await u.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'USDT' }));
          replies.push(await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '100' }));
        }
        return replies;
      });
      const [moved, ...replies] = await Promise.all([ts.admin.post('/admin/v1/clock/advance', { hours: 1 }), ...churn]);
      expect(moved.body.code).toBe(0);
      expect(await settled()).toBe(before + 1);
      expect(replies.flat().filter((r) => r.status >= 500)).toEqual([]);
      expect(transactionRetries().deadlocks - deadlocksBefore).toBe(0);
    }
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('takes its locks in the order users take theirs: no deadlock while the hour pays interest and bonuses and sweeps auto-earn', async () => {
    await setDemand(ts, 'USDT', '1000000', '0.2');
    // A ladder bonus in USDT: each batch pays interest into the flexible accounts and the bonus into
    // the trading wallets that the users' own subscriptions and redemptions move at the same time.
    const ladder = await ts.admin.post('/admin/v1/simple-earn/market', {
      coin: 'USDT',
      ladder_apr: [{ left: '0', right: '1000000', apr: '0.05' }],
    });
    expect(ladder.body.code).toBe(0);
    const users = await Promise.all(Array.from({ length: 10 }, () => lender(ts, { USDT: '100000' })));
    for (const [i, u] of users.entries()) {
      await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '5000' });
      // Half sweep their idle USDT each hour; what they redeem is kept out of the sweep.
      if (i % 2 === 0) await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'USDT', status: '1' });
    }
    await advance(ts, 2);
    const before = transactionRetries().deadlocks;
    const statuses: unknown[] = [];
    for (let hour = 0; hour < 3; hour++) {
      const churn = users.map(async (u) => {
        for (let i = 0; i < 15; i++) {
          const replies = [
            await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10' }),
            await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '5' }),
            await u.post('/apiw/v2/account/transfer', { asset: 'USDT', amount: '1', from: 'spot', to: 'unified' }),
          ];
          statuses.push(...replies.map((r) => (r.status === 200 ? 200 : r.body.message)));
        }
      });
      const [moved] = await Promise.all([ts.admin.post('/admin/v1/clock/advance', { hours: 1 }), ...churn]);
      expect(moved.body.code).toBe(0);
    }
    // Auto-earn users' idle USDT is swept each hour: some of their own calls then find too little.
    expect(statuses.filter((s) => s !== 200 && s !== 'Not enough USDT available')).toEqual([]);
    expect(transactionRetries().deadlocks - before).toBe(0);
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});
