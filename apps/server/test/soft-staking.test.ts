import { DAY_MS, Decimal, softStakingBase, softStakingReward } from '@earn/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { longRunning, spot } from './flexible-helpers.js';
import { startTestServer, type TestServer } from './helpers.js';

const SOFT = '/apiw/v2/earn/soft-staking';
const { lender, advance } = longRunning();

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
  const res = await ts.admin.put('/admin/v1/soft-staking/coins/SOL', { apr: '0.0365', min_holding: '10', cap: '250' });
  if (res.body.code !== 0) throw new Error(JSON.stringify(res.body));
});
afterAll(() => ts.close());
afterEach(async () => {
  expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
});
const now = async () => (await ts.admin.get('/admin/v1/clock')).body.data.now_ms as number;
async function toHour(dayOffset: number, hour: number) {
  const t = await now();
  const target = Math.floor(t / DAY_MS) * DAY_MS + dayOffset * DAY_MS + hour * 3_600_000;
  await advance(ts, Math.round((target - t) / 3_600_000));
}

describe('soft staking', () => {
  it('pays each whole day after activation on the hourly average up to the cap, with transfers during the day', async () => {
    const u = await lender(ts, { SOL: '100' });
    await toHour(0, 5);
    expect((await u.post(`${SOFT}/switch`, { status: true })).body.data).toEqual({ status: true });
    const status = (await u.get(`${SOFT}/status`)).body.data;
    const dayStart = Math.floor((await now()) / DAY_MS) * DAY_MS;
    expect(status).toMatchObject({
      status: true,
      sampling_from: (dayStart + DAY_MS) / 1000,
      first_reward_at: (dayStart + 2 * DAY_MS) / 1000,
    });
    // The day of activation is not sampled; the next one is: 100 for 12 hours, then 300 (capped at 250).
    await toHour(1, 12);
    await ts.deposit(u.email, 'SOL', '200');
    expect((await u.get(`${SOFT}/status`)).body.data.coins[0].eligible_today).toBe('100');
    await toHour(1, 0);
    const base = softStakingBase([...Array(12).fill('100'), ...Array(12).fill('300')], '10', '250');
    const reward = softStakingReward(base, '0.0365');
    expect(base.toFixed()).toBe('175');
    expect(await spot(u, 'SOL')).toBe(new Decimal(300).plus(reward).toFixed());
    // A catch-up over three more days pays each once, on 250 (the cap).
    await toHour(3, 0);
    const full = softStakingReward('250', '0.0365');
    expect(await spot(u, 'SOL')).toBe(new Decimal(300).plus(reward).plus(full.times(3)).toFixed());
    const rewards = (await u.get(`${SOFT}/rewards?limit=10`)).body.data;
    expect(rewards.total).toBe(4);
    expect(rewards.list.at(-1)).toMatchObject({ coin: 'SOL', base: '175', amount: reward.toFixed() });
    // The shared date range: [from, to), `to` being the end day + 1; the first reward's day alone.
    const first = rewards.list.at(-1).time as number;
    const oneDay = (await u.get(`${SOFT}/rewards?limit=10&from=${first}&to=${first + 86_400}`)).body.data;
    expect(oneDay.list.every((r: { time: number }) => r.time === first)).toBe(true);
    expect(oneDay.total).toBeGreaterThan(0);
    expect(oneDay.total).toBeLessThan(rewards.total);
    // A period that holds no time is refused, as every list refuses it.
    expect((await u.get(`${SOFT}/rewards?from=${first + 86_400}&to=${first}`)).body).toMatchObject({
      code: -1,
      message: 'from must be before to',
      key: 'dateRange.order',
    });
    // At most the date range's 6 months (180 days), as the page's picker allows.
    expect((await u.get(`${SOFT}/rewards?from=${first}&to=${first + 180 * 86_400}`)).body.code).toBe(0);
    expect((await u.get(`${SOFT}/rewards?from=0&to=253402300799`)).body).toMatchObject({
      code: -1,
      message: 'from and to can be at most 180 days apart',
      key: 'analysis.date.picker.limit.tip',
    });
    // Off: the day it is turned off is not paid.
    await toHour(0, 6);
    await u.post(`${SOFT}/switch`, { status: false });
    const before = await spot(u, 'SOL');
    await toHour(1, 0);
    expect(await spot(u, 'SOL')).toBe(before);
  });

  it('pays nothing below the minimum and refuses bad input', async () => {
    const u = await lender(ts, { SOL: '5' });
    await u.post(`${SOFT}/switch`, { status: true });
    await toHour(2, 0);
    expect(await spot(u, 'SOL')).toBe('5');
    expect((await u.post(`${SOFT}/switch`, { status: 'yes' })).status).toBe(400);
    expect(
      (await ts.admin.put('/admin/v1/soft-staking/coins/SOL', { apr: '0.1', min_holding: '10', cap: '5' })).status,
    ).toBe(400);
    expect((await ts.client().post(`${SOFT}/switch`, { status: true })).status).toBe(401);
  });
});
