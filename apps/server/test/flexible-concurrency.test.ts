import { Decimal } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { advance, holding, lender, setDemand, spot } from './flexible-helpers.js';
import { requirePostgres, startTestServer, type TestServer } from './helpers.js';

const onPostgres = requirePostgres('parallel flexible subscribe and redeem');

describe.runIf(onPostgres)('flexible under concurrency (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
  });
  afterAll(() => ts?.close());

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
