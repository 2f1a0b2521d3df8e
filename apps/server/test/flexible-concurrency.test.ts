import { Decimal, dec } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformAccount, platformAccount, userAccount } from '../src/ledger/accounts.js';
import { checkLedger } from '../src/ledger/check.js';
import { post } from '../src/ledger/post.js';
import { advance, holding, lender, setDemand, spot } from './flexible-helpers.js';
import { gate, requirePostgres, startTestServer, type TestServer } from './helpers.js';

const onPostgres = requirePostgres('parallel flexible subscribe and redeem');

describe.runIf(onPostgres)('flexible under concurrency (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
  });
  afterAll(() => ts?.close());

  it('subscribes from what the wallet holds once the position is free, even if coins arrived while it waited', async () => {
    const u = await lender(ts, { DOT: '5' });
    expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'DOT', amount: '1' })).body.code).toBe(0);
    const uid = (await u.get('/apiw/v2/auth/me')).body.data.uid as number;
    // Another transaction holds the position and credits the wallet 10 DOT; it commits while the
    // subscription (more than the 4 the wallet had before) waits for the position.
    const credited = gate();
    const released = gate();
    const other = ts.server.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM flexible_positions WHERE user_id = ${uid} AND coin = 'DOT' FOR UPDATE`);
      await post(tx, {
        kind: 'test.credit',
        at: new Date(),
        postings: [
          { account: userAccount(uid, 'spot', 'DOT'), amount: dec('10') },
          { account: platformAccount(PlatformAccount.deposits, 'DOT'), amount: dec('-10') },
        ],
      });
      credited.open();
      await released.passed;
    });
    await credited.passed;
    const subscribed = u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'DOT', amount: '12' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    released.open();
    await other;
    expect((await subscribed).body).toMatchObject({ code: 0 });
    expect(await spot(u, 'DOT')).toBe('2');
    expect((await holding(u, 'DOT')).curr_amount).toBe('13');
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('never overspends with parallel subscriptions and redemptions', async () => {
    const u = await lender(ts, { ETH: '100' });
    const subs = await Promise.all(
      Array.from({ length: 20 }, () => u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '10' })),
    );
    expect(subs.filter((r) => r.body.code === 0)).toHaveLength(10);
    expect(subs.filter((r) => r.body.message === 'Not enough ETH available')).toHaveLength(10);
    expect(await spot(u, 'ETH')).toBe('0');
    expect((await holding(u, 'ETH')).curr_amount).toBe('100');

    await setDemand(ts, 'ETH', '40', '0.05');
    await advance(ts, 2);
    const held = new Decimal((await holding(u, 'ETH')).curr_amount);
    const redeems = await Promise.all(
      Array.from({ length: 20 }, () => u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'ETH', amount: '10' })),
    );
    const done = redeems.filter((r) => r.body.code === 0);
    expect(done).toHaveLength(10);
    const instant = done.reduce((acc, r) => acc.plus(r.body.data.instant_amount), new Decimal(0));
    const frozen = done.reduce((acc, r) => acc.plus(r.body.data.frozen_amount), new Decimal(0));
    expect(instant.plus(frozen).toFixed()).toBe('100');
    // Only lent money is frozen: of the 40 lent this hour, what the 100 redeemed reached beyond the unlent part.
    expect(frozen.toFixed()).toBe(new Decimal(100).minus(held.minus(40)).toFixed());
    expect(await spot(u, 'ETH')).toBe(instant.toFixed());
    await advance(ts, 1);
    expect(await spot(u, 'ETH')).toBe('100');
    // What is left is the first hour's interest plus the last hour's, earned by the frozen part while it was lent.
    const after = await holding(u, 'ETH');
    expect(new Decimal(after.interest).gt(0)).toBe(true);
    expect(after.curr_amount).toBe(held.minus(100).plus(after.interest).toFixed());
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});
