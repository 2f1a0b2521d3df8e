import { DAY_MS, Decimal, fixedInterest, hourPayout, stakeSeconds } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { rowsOf } from '../src/db/rows.js';
import { checkLedger } from '../src/ledger/check.js';
import { advance, holding, lender, spot } from './flexible-helpers.js';
import { HOUR_MS, startTestServer, T0, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

const MIN = 60_000;

async function createProject(body: Record<string, unknown>) {
  const res = await ts.admin.post('/admin/v1/launch-pool/projects', body);
  if (res.body.code !== 0) throw new Error(`project failed: ${JSON.stringify(res.body)}`);
  return res.body.data.pid as number;
}

const nowMs = () => (ts.server.ctx.clock as ManualClock).now().getTime();
/** The next whole hour of the test clock. */
const nextHour = () => Math.ceil(nowMs() / HOUR_MS) * HOUR_MS;
/** Moves the clock to `at` and settles every hour that ended meanwhile. */
const waitUntil = (at: number) => wait(at - nowMs());

/** Moves the clock by `ms` and settles every hour that ended meanwhile. */
async function wait(ms: number) {
  const clock = ts.server.ctx.clock as ManualClock;
  await clock.advance(ts.server.ctx.db, ms);
  await ts.server.scheduler.runDue();
}

describe('launch pool rewards: a worked day', () => {
  const start = T0 + HOUR_MS;
  let pid: number;
  let users: Awaited<ReturnType<typeof lender>>[] = [];
  const paid = [new Decimal(0), new Decimal(0), new Decimal(0)];
  it('pays each user exactly floor(budget x their stake-seconds / the pool’s, 8) every hour, and releases the stakes at the end', async () => {
    const end = start + 24 * HOUR_MS;
    pid = await createProject({
      coin: 'LPX',
      name: 'Worked day',
      start_timest: start / 1000,
      end_timest: end / 1000,
      pools: [
        { coin: 'USDT', total_reward: '2400', personal_min_amount: '1', decimal_place: 2, buy_total_amount: '100000' },
      ],
    });
    const info = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data;
    expect(info).toMatchObject({ coin: 'LPX', state: 2, start_timest: start / 1000 });
    const rid = info.reward_pools[0].rid as number;
    users = [
      await lender(ts, { USDT: '5000' }),
      await lender(ts, { USDT: '5000' }),
      await lender(ts, { USDT: '5000' }),
    ];
    const stake = (u: number, amount: string) =>
      users[u]?.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid, amount, simpleEarnStatus: 0 });
    const redeem = (u: number, amount: string) =>
      users[u]?.post('/apiw/v2/earn/launch-pool/redeem', { pid, rid, amount });

    // The model: each user's and the pool's stake-seconds per hour, paid by the domain's hourPayout.
    const perHour = new Decimal('100');
    const staked = [new Decimal(0), new Decimal(0), new Decimal(0)];
    let tws = [new Decimal(0), new Decimal(0), new Decimal(0)];
    let since = start;
    let now = T0;
    /** Counts stake-seconds from the last change to `to` (clamped to the project's run). */
    const count = (to: number) => {
      const t = Math.min(Math.max(to, start), end);
      tws = tws.map((w, i) => w.plus(stakeSeconds(staked[i] as Decimal, since, t)));
      since = Math.max(since, t);
    };
    const model = (u: number, delta: string) => {
      count(now);
      staked[u] = (staked[u] as Decimal).plus(delta);
    };
    const modelHours = (until: number) => {
      for (
        let h = Math.max(start, Math.floor(now / HOUR_MS) * HOUR_MS) + HOUR_MS;
        h <= Math.min(until, end);
        h += HOUR_MS
      ) {
        if (h <= start) continue;
        count(h);
        const poolTws = tws.reduce((a, w) => a.plus(w), new Decimal(0));
        tws.forEach((w, i) => {
          paid[i] = (paid[i] as Decimal).plus(hourPayout(perHour, w, poolTws));
        });
        tws = tws.map(() => new Decimal(0));
      }
    };
    const step = async (ms: number) => {
      modelHours(now + ms);
      now += ms;
      await wait(ms);
    };

    expect((await stake(0, '1000'))?.body).toMatchObject({ code: 200, data: { amount: '1000' } }); // before the start
    model(0, '1000');
    await step(2 * HOUR_MS); // T0+2h: one hour of A alone
    await stake(1, '3000');
    model(1, '3000');
    await step(30 * MIN);
    await stake(2, '500');
    model(2, '500');
    await step(2 * HOUR_MS + 45 * MIN);
    await redeem(0, '400');
    model(0, '-400');
    await step(5 * HOUR_MS + 30 * MIN);
    await stake(2, '500');
    model(2, '500');
    await step(9 * HOUR_MS + 15 * MIN);
    await redeem(1, '3000');
    model(1, '-3000');
    await step(8 * HOUR_MS); // now past the end: everything settled and released

    for (const [i, u] of users.entries()) {
      expect(await spot(u, 'LPX'), `user ${i}`).toBe((paid[i] as Decimal).toFixed());
    }
    const total = paid.reduce((a, p) => a.plus(p), new Decimal(0));
    expect(total.lte(2400)).toBe(true);
    expect(new Decimal(2400).minus(total).lt('0.001')).toBe(true);
    // Released: all USDT is back in spot.
    for (const u of users) expect(await spot(u, 'USDT')).toBe('5000');
    const stats = (await users[0]?.get(`/apiw/v2/earn/launch-pool/user-project-statistics?pid=${pid}`))?.body.data[0];
    // Released: nothing is staked, so nothing counts either.
    expect(stats).toMatchObject({
      rid,
      amount: '0',
      valid_amount: '0',
      lastRewardAmount: (paid[0] as Decimal).toFixed(),
    });
    // The completed project shows what was staked at its end, not the 0 left after the release.
    const ended = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data;
    expect(ended).toMatchObject({ state: 3 });
    expect(ended.reward_pools[0]).toMatchObject({ total_staked: '1600', left_buy_total_amount: '98400' });
    // A statement for an hour both A and B were in.
    const hour = (start + 3 * HOUR_MS) / 1000;
    const statement = (await users[1]?.get(`/apiw/v2/earn/launch-pool/statement?rid=${rid}&hour=${hour}`))?.body.data;
    expect(statement).toMatchObject({
      budget: '100',
      pool_time_weighted_stake: '4500',
      user_time_weighted_stake: '3000',
    });
    // Every statement is exactly its formula, and no hour pays more than its budget.
    const rows = rowsOf<{ tws: string; paid: string; pool_tws: string; budget: string; pool_paid: string }>(
      await ts.server.ctx.db.execute(sql`
        SELECT st.tws::text, st.paid::text, h.pool_tws::text, h.budget::text, h.paid::text AS pool_paid
        FROM launch_statements st JOIN launch_hours h ON h.pool_id = st.pool_id AND h.hour = st.hour
        WHERE st.pool_id = ${rid}`),
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(new Decimal(r.paid).toFixed()).toBe(hourPayout(r.budget, r.tws, r.pool_tws).toFixed());
      expect(new Decimal(r.pool_paid).lte(r.budget)).toBe(true);
    }
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
    // The operator sees the project's reward account: funded, paid, and what is still held.
    const accounts = (await ts.admin.get('/admin/v1/launch-pool/reward-accounts')).body.data;
    const mine = accounts.find((a: { pid: number }) => a.pid === pid);
    expect(mine).toMatchObject({
      funded: '2400',
      paid: total.toFixed(),
      held: new Decimal(2400).minus(total).toFixed(),
      empty_pool_hours: 0,
    });
    const history = (await users[2]?.get('/apiw/v2/earn/launch-pool/history?type=release'))?.body.data.list;
    expect(history).toEqual([
      expect.objectContaining({ type: 'release', coin: 'USDT', amount: '1000', destination: 'spot', pid }),
    ]);
  });

  it('refuses stakes and redemptions once the project has ended, changing nothing', async () => {
    const a = users[0] as (typeof users)[number];
    const rid = (await a.get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data.reward_pools[0].rid;
    for (const path of ['create-order', 'redeem']) {
      expect((await a.post(`/apiw/v2/earn/launch-pool/${path}`, { pid, rid, amount: '10' })).body).toMatchObject({
        code: -1,
        key: 'launch.ended',
        message: 'This project has ended; stakes are released at its end',
      });
    }
    expect(await spot(a, 'USDT')).toBe('5000');
  });

  it('shows an ended project’s APR as it stood at its end, a day later too (prices of then, not of now)', async () => {
    const a = users[0] as (typeof users)[number];
    const rates = async () =>
      (
        (await a.get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data.reward_pools as {
          rate_year: string;
        }[]
      ).map((p) => p.rate_year);
    const atEnd = await rates();
    expect(atEnd.some((r) => new Decimal(r).gt(0))).toBe(true);
    await wait(DAY_MS + 7 * HOUR_MS);
    expect(await rates()).toEqual(atEnd);
  });

  it('lists history by type, coin, project and time range, each reward opening its hour statement', async () => {
    const b = users[1] as (typeof users)[number];
    const list = async (query: string) => (await b.get(`/apiw/v2/earn/launch-pool/history?${query}`)).body;
    const rewards = await list(`type=reward&coin=LPX&pid=${pid}&limit=100`);
    expect(rewards.data.total).toBeGreaterThan(3);
    const sum = rewards.data.list.reduce((a: Decimal, r: { amount: string }) => a.plus(r.amount), new Decimal(0));
    expect(sum.toFixed()).toBe((paid[1] as Decimal).toFixed());
    for (const r of rewards.data.list.slice(0, 3)) {
      expect(r).toMatchObject({ type: 'reward', project_coin: 'LPX', pool_coin: 'USDT', hour: r.time_at - 3600 });
      const statement = (await b.get(`/apiw/v2/earn/launch-pool/statement?rid=${r.rid}&hour=${r.hour}`)).body.data;
      expect(statement).toMatchObject({ paid: r.amount, coin: 'USDT', reward_coin: 'LPX' });
    }
    // An hour not settled (yet) is refused with a key the web translates.
    const unsettled = await b.get(`/apiw/v2/earn/launch-pool/statement?rid=${rewards.data.list[0].rid}&hour=0`);
    expect(unsettled.status).toBe(404);
    expect(unsettled.body.key).toBe('launch.statement.none');
    // A time range of the first three hours holds the stake and the rewards booked in it.
    const from = start / 1000;
    const inRange = await list(`start_at=${from}&end_at=${from + 3 * 3600}&limit=100`);
    expect(inRange.data.list.every((r: { time_at: number }) => r.time_at >= from && r.time_at < from + 3 * 3600)).toBe(
      true,
    );
    expect(inRange.data.total).toBeLessThan((await list('limit=100')).data.total);
    // Paging: two pages of 2 are the first four rows.
    const all = (await list('limit=4')).data.list.map((r: { id: number }) => r.id);
    const pages = [...(await list('limit=2&page=1')).data.list, ...(await list('limit=2&page=2')).data.list];
    expect(pages.map((r: { id: number }) => r.id)).toEqual(all);
    expect(await list(`start_at=${from}&end_at=${from}`)).toMatchObject({
      code: -1,
      message: 'start_at must be before end_at',
      key: 'dateRange.order',
    });
    // At most the date range's 6 months (180 days), as the history's picker allows.
    expect((await list(`start_at=${from}&end_at=${from + 180 * 86_400}`)).code).toBe(0);
    expect(await list(`start_at=${from}&end_at=${from + 181 * 86_400}`)).toMatchObject({
      code: -1,
      key: 'analysis.date.picker.limit.tip',
    });
    expect((await list('type=bonus')).code).toBe(-1);
  });
});

describe('launch pool rules', () => {
  let pid: number;
  let pools: { rid: number; coin: string }[];
  beforeAll(async () => {
    const start = T0 + 100 * HOUR_MS;
    pid = await createProject({
      coin: 'LPX',
      name: 'Rules',
      start_timest: start / 1000,
      end_timest: (start + 48 * HOUR_MS) / 1000,
      pools: [
        {
          coin: 'GT',
          total_reward: '100',
          personal_min_amount: '10',
          personal_max_amount: '100',
          buy_total_amount: '1000',
          decimal_place: 2,
          vip_config: { min_tier: 5, quota: '500' },
        },
        { coin: 'USDT', total_reward: '100', personal_min_amount: '1', limit_rule: 1 },
        {
          coin: 'ETH',
          total_reward: '100',
          personal_min_amount: '0.01',
          transaction_config: [
            { transaction_amount: '10000', mortgage_limit: '1' },
            { transaction_amount: '100000', mortgage_limit: '5' },
          ],
        },
        {
          coin: 'BTC',
          total_reward: '100',
          personal_min_amount: '0.001',
          redeem_type: 1,
          simple_earn: { user_period: 0, fixed_period: 30, fixed_rate: '0', ext_rate: '1', rate: '0.02' },
          staking: { rate: '0.03' },
        },
      ],
    });
    pools = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data.reward_pools;
  });
  const ridOf = (coin: string) => pools.find((p) => p.coin === coin)?.rid as number;

  it('checks minimum, personal max, balance and decimals, writing nothing on refusal', async () => {
    const u = await lender(ts, { GT: '1000' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, is_new_user: false });
    const order = (amount: unknown) =>
      u.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid: ridOf('GT'), amount });
    expect((await order('5')).body).toMatchObject({
      code: -1,
      key: 'finances.startupMining.stake.min.tip',
      message: 'The minimum stake is 10 GT',
      params: { amount: '10', coin: 'GT' },
    });
    expect((await order('100.001')).body.message).toBe('amount must have at most 2 decimal places');
    expect((await order('60')).body.code).toBe(200);
    expect((await order('41')).body).toMatchObject({
      key: 'finances.startupMining.stake.max.tip',
      message: 'The most you can stake in this pool is 100 GT; you can add up to 40 GT',
      params: { amount: '100', coin: 'GT', left: '40' },
    });
    expect((await order(40)).body.message).toBe('amount must be a decimal string, for example "12.5"');
    expect(await spot(u, 'GT')).toBe('940');
    // No such project, or a pool of another: 404, as an unknown fixed product or order is.
    const unknown = await u.post('/apiw/v2/earn/launch-pool/create-order', { pid: 999, rid: 1, amount: '10' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'pid 999 is not a launch-pool project', key: 'common.notExist' });
    expect((await u.get('/apiw/v2/earn/launch-pool/project-info?projectId=999')).status).toBe(404);
  });

  it('shows a guest the pool totals a stake or a redemption has just changed', async () => {
    const guest = ts.client();
    const total = async () => {
      const projects = (await guest.get('/apiw/v2/earn/launch-pool/projects')).body.data as {
        pid: number;
        reward_pools: { rid: number; total_staked: string }[];
      }[];
      return projects.find((p) => p.pid === pid)?.reward_pools.find((r) => r.rid === ridOf('GT'))?.total_staked;
    };
    const before = Number(await total());
    const u = await lender(ts, { GT: '100' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, is_new_user: false });
    // Read again at once, within the second the guest's list is shared for.
    expect(
      (await u.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid: ridOf('GT'), amount: '20' })).body.code,
    ).toBe(200);
    expect(Number(await total())).toBe(before + 20);
    expect((await u.post('/apiw/v2/earn/launch-pool/redeem', { pid, rid: ridOf('GT'), amount: '20' })).body.code).toBe(
      200,
    );
    expect(Number(await total())).toBe(before); // Redeemed all: a second redemption (another tab's) is told there is nothing left, not "at most 0".
    expect(
      (await u.post('/apiw/v2/earn/launch-pool/redeem', { pid, rid: ridOf('GT'), amount: '20' })).body,
    ).toMatchObject({ key: 'launch.redeem.nothing', params: { coin: 'GT' } });
  });

  it('gives VIP users their larger quota', async () => {
    const u = await lender(ts, { GT: '1000' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, tier: 5 });
    expect(
      (await u.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid: ridOf('GT'), amount: '450' })).body.code,
    ).toBe(200);
    const info = (await u.get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data;
    expect(info.reward_pools.find((p: { coin: string }) => p.coin === 'GT').personal_max_amount).toBe('500');
  });

  it('keeps new-user pools for new users', async () => {
    const fresh = await lender(ts, { USDT: '100' });
    const old = await lender(ts, { USDT: '100' });
    await ts.admin.post('/admin/v1/users/settings', { email: old.email, is_new_user: false });
    expect(
      (await old.post('/apiw/v2/earn/launch-pool/check-pool-rule', { pid, rid: ridOf('USDT') })).body,
    ).toMatchObject({
      code: -1,
      message: 'This pool is for new users only',
    });
    expect((await fresh.post('/apiw/v2/earn/launch-pool/check-pool-rule', { pid, rid: ridOf('USDT') })).body.code).toBe(
      200,
    );
    expect(
      (await old.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid: ridOf('USDT'), amount: '10' })).body.code,
    ).toBe(-1);
    expect(
      (await fresh.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid: ridOf('USDT'), amount: '10' })).body.code,
    ).toBe(200);
  });

  it('caps the stake by the 60-day volume tier, the first tier’s cap below it', async () => {
    const u = await lender(ts, { ETH: '10' });
    const order = (amount: string) =>
      u.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid: ridOf('ETH'), amount });
    // Below the first tier: the first tier's cap (1 ETH), so the user can stake and is told about the volume.
    expect((await order('1.5')).body.key).toBe('finances.startupMining.stake.max.tip');
    expect((await order('0.5')).body.code).toBe(200);
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, trading_volume_60d: '20000' });
    expect((await order('0.5')).body.code).toBe(200);
    expect((await order('0.1')).body.key).toBe('finances.startupMining.stake.max.tip');
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, trading_volume_60d: '150000' });
    expect((await order('4')).body.code).toBe(200);
    expect((await u.get('/apiw/v2/earn/launch-pool/user-stat')).body.data).toEqual({
      user_60_day_transaction_amount: '150000',
    });
  });

  it('asks for the fund password, once the pool’s own rules are met', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'GT', '50');
    expect(
      (await u.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid: ridOf('GT'), amount: '10' })).body.code,
    ).toBe(10010111);
    // The GT pool takes 2 places: a third is refused before the prompt, and no wrong password is tried.
    for (const path of ['create-order', 'redeem']) {
      const body = { pid, rid: ridOf('GT'), amount: '10.123', fundpass: '000000' };
      const res = await u.post(`/apiw/v2/earn/launch-pool/${path}`, body);
      expect(res.body).toMatchObject({ message: 'amount must have at most 2 decimal places' });
    }
    // So are a stake under the pool's minimum or over the balance, and a redemption of more than is
    // staked (here nothing is).
    for (const amount of ['0.5', '60']) {
      const refusedStake = await u.post('/apiw/v2/earn/launch-pool/create-order', {
        pid,
        rid: ridOf('GT'),
        amount,
        fundpass: '000000',
      });
      expect(refusedStake.body.require_fundpass, amount).toBeUndefined();
      expect(refusedStake.body.code, amount).toBe(-1);
    }
    const unstaked = await u.post('/apiw/v2/earn/launch-pool/redeem', {
      pid,
      rid: ridOf('GT'),
      amount: '10',
      fundpass: '000000',
    });
    expect(unstaked.body.message).toBe('You have nothing staked in this GT pool');
    const wrong = await u.post('/apiw/v2/earn/launch-pool/create-order', {
      pid,
      rid: ridOf('GT'),
      amount: '10',
      fundpass: '000000',
    });
    expect(wrong.body.message).toBe('Fund password is incorrect; tries left: 4');
  });

  it('refuses a redemption-earn choice the pool does not offer, writing nothing', async () => {
    const u = await lender(ts, { GT: '100', BTC: '1' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, is_new_user: false });
    const order = (rid: number, choice: Record<string, unknown>) =>
      u.post('/apiw/v2/earn/launch-pool/create-order', {
        pid,
        rid,
        amount: rid === ridOf('GT') ? '10' : '0.1',
        ...choice,
      });
    expect((await order(ridOf('GT'), { simpleEarnStatus: 1 })).body).toMatchObject({
      code: -1,
      message: 'simpleEarnStatus 1: this pool does not redeem into flexible',
    });
    expect((await order(ridOf('GT'), { simpleEarnStatus: 2 })).body.code).toBe(-1);
    expect((await order(ridOf('BTC'), { simpleEarnStatus: 1, simpleEarnPeriod: 7 })).body.message).toBe(
      "simpleEarnPeriod must be 30, this pool's fixed term",
    );
    expect((await order(ridOf('BTC'), { simpleEarnStatus: 0, simpleEarnPeriod: 30 })).body.code).toBe(-1);
    expect((await order(ridOf('BTC'), { simpleEarnStatus: 3 })).body.code).toBe(-1);
    expect(await spot(u, 'GT')).toBe('100');
    expect(await spot(u, 'BTC')).toBe('1');
  });

  it('releases each stake where its choice leads: fixed into a fixed order (flexible when no product takes it), flexible into flexible, staking into staking, spot to spot', async () => {
    // Room for one 30-day BTC order of 0.5: the second fixed choice falls back to flexible.
    const product = await ts.admin.post('/admin/v1/fixed-earn/products', {
      coin: 'BTC',
      type: 1,
      lock_up_period: 30,
      year_rate: '0.02',
      min_lend_amount: '0.01',
      user_max_lend_volume: '0',
      total_quota: '0.6',
    });
    expect(product.body.code).toBe(0);
    const staking = await ts.admin.post('/admin/v1/staking/products', {
      coin: 'BTC',
      rate: '0.03',
      min_mortgage_amount: '0.01',
      min_redeem_amount: '0.01',
      reward_delay_days: 2,
    });
    const stakingPid = staking.body.data.id as number;
    const choices = {
      fixed: { simpleEarnStatus: 1, simpleEarnPeriod: 30 },
      fixedNoRoom: { simpleEarnStatus: 1, simpleEarnPeriod: 30 },
      flexible: { simpleEarnStatus: 1 },
      staking: { simpleEarnStatus: 2 },
      spot: { simpleEarnStatus: 0 },
    };
    const stakers: Record<string, Awaited<ReturnType<typeof lender>>> = {};
    for (const [name, choice] of Object.entries(choices)) {
      const u = await lender(ts, { BTC: '1' });
      stakers[name] = u;
      const res = await u.post('/apiw/v2/earn/launch-pool/create-order', {
        pid,
        rid: ridOf('BTC'),
        amount: '0.5',
        ...choice,
      });
      expect(res.body.code, name).toBe(200);
      // The stake says where it goes, so a second stake can start from the same choice.
      const [stat] = (await u.get(`/apiw/v2/earn/launch-pool/user-project-statistics?pid=${pid}`)).body.data;
      expect(stat, name).toMatchObject({
        simpleEarnStatus: choice.simpleEarnStatus,
        simpleEarnPeriod: 'simpleEarnPeriod' in choice ? choice.simpleEarnPeriod : 0,
      });
    }
    // Until just past the project's end (within the 7-day session).
    const endsAt = T0 + 148 * HOUR_MS;
    await waitUntil(endsAt + HOUR_MS);
    const fixedStaker = stakers.fixed as Awaited<ReturnType<typeof lender>>;
    expect(await spot(fixedStaker, 'BTC')).toBe('0.5');
    const [order] = (await fixedStaker.get('/apiw/v2/fixed_earn/api/user/lend?order_type=1')).body.data.list;
    // The pool's ext_rate (1) is paid on top of the product's APR (2%).
    expect(order).toMatchObject({ asset: 'BTC', principal: '0.5', lock_up_period: 30, mode: 10, year_rate: '0.03' });
    expect(order.interest).toBe(fixedInterest('0.5', '0.03', 30).toFixed());
    const fixedSub = (await fixedStaker.get('/apiw/v2/fixed_earn/api/user/history?type=1')).body.data.list[0];
    expect(fixedSub).toMatchObject({ amount: '0.5', mode: 10 });
    const fixedRelease = (await fixedStaker.get('/apiw/v2/earn/launch-pool/history?type=release')).body.data.list[0];
    expect(fixedRelease).toMatchObject({ amount: '0.5', destination: 'fixed' });
    for (const name of ['flexible', 'fixedNoRoom']) {
      const u = stakers[name] as Awaited<ReturnType<typeof lender>>;
      expect((await holding(u, 'BTC')).curr_amount, name).toMatch(/^0\.5/);
      expect(await spot(u, 'BTC'), name).toBe('0.5');
      const sub = (await u.get('/apiw/v2/uni-loan/earn/history?type=1&asset=BTC')).body.data.list[0];
      expect(sub).toMatchObject({ amount: '0.5', mode: 10 });
      const release = (await u.get('/apiw/v2/earn/launch-pool/history?type=release')).body.data.list[0];
      expect(release).toMatchObject({ amount: '0.5', destination: 'flexible' });
    }
    // Staking: into the coin's staking product, counted from its first whole day.
    const stakingStaker = stakers.staking as Awaited<ReturnType<typeof lender>>;
    expect(await spot(stakingStaker, 'BTC')).toBe('0.5');
    const [held] = (await stakingStaker.get('/apiw/v2/earn/staking/balances?coin=BTC')).body.data;
    expect(held).toMatchObject({ pid: stakingPid, mortgage_amount: '0.5' });
    const stakingRelease = (await stakingStaker.get('/apiw/v2/earn/launch-pool/history?type=release')).body.data
      .list[0];
    expect(stakingRelease).toMatchObject({ amount: '0.5', destination: 'staking' });
    const spotStaker = stakers.spot as Awaited<ReturnType<typeof lender>>;
    expect(await spot(spotStaker, 'BTC')).toBe('1');
    expect(await holding(spotStaker, 'BTC')).toBeUndefined();
    const release = (await spotStaker.get('/apiw/v2/earn/launch-pool/history?type=release')).body.data.list[0];
    expect(release).toMatchObject({ amount: '0.5', destination: 'spot' });
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
    const [row] = (
      (await ts.server.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM launch_stakes WHERE staked > 0`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row?.n).toBe(0);
    const rules = (await ts.admin.get('/admin/v1/launch-pool/reward-accounts')).body.data.find(
      (a: { pid: number }) => a.pid === pid,
    );
    expect(new Decimal(rules.held).toFixed()).toBe(new Decimal(rules.funded).minus(rules.paid).toFixed());
  });

  it('keeps the budget of hours with nothing staked in the reward account, where the operator sees it', async () => {
    const start = nextHour();
    const empty = await createProject({
      coin: 'FIL',
      name: 'Empty',
      start_timest: start / 1000,
      end_timest: (start + 2 * HOUR_MS) / 1000,
      pools: [{ coin: 'GT', total_reward: '20', personal_min_amount: '1' }],
    });
    await waitUntil(start + 3 * HOUR_MS);
    const account = (await ts.admin.get('/admin/v1/launch-pool/reward-accounts')).body.data.find(
      (a: { pid: number }) => a.pid === empty,
    );
    expect(account).toMatchObject({
      funded: '20',
      paid: '0',
      held: '20',
      empty_pool_hours: 2,
      unpaid_budget_of_empty_hours: '20',
    });
  });

  it('pays a lone staker the whole budget of every hour, where a per-share counter left 999.99999999', async () => {
    const start = nextHour();
    const lone = await createProject({
      coin: 'FIL',
      name: 'Lone',
      start_timest: start / 1000,
      end_timest: (start + 3 * HOUR_MS) / 1000,
      pools: [{ coin: 'GT', total_reward: '3000', personal_min_amount: '1' }],
    });
    const info = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${lone}`)).body.data;
    const user = await lender(ts, { GT: '10' });
    const before = new Decimal(await spot(user, 'FIL'));
    const res = await user.post('/apiw/v2/earn/launch-pool/create-order', {
      pid: lone,
      rid: info.reward_pools[0].rid,
      amount: '3',
      simpleEarnStatus: 0,
    });
    expect(res.body.code).toBe(200);
    await waitUntil(start + 3 * HOUR_MS);
    expect(new Decimal(await spot(user, 'FIL')).minus(before).toFixed()).toBe('3000');
    const history = (await user.get(`/apiw/v2/earn/launch-pool/history?type=reward&pid=${lone}`)).body.data;
    expect(history.list.map((r: { amount: string }) => r.amount)).toEqual(['1000', '1000', '1000']);
  });
});

describe('reward wallets', () => {
  it('pays into the wallet of the account mode at payout time, opening it when the mode changed', async () => {
    const start = nextHour();
    const pid = await createProject({
      coin: 'DOT',
      name: 'Wallets',
      start_timest: start / 1000,
      end_timest: (start + 24 * HOUR_MS) / 1000,
      pools: [{ coin: 'GT', total_reward: '240', personal_min_amount: '1' }],
    });
    const rid = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data
      .reward_pools[0].rid as number;
    const u = await lender(ts, { GT: '10' });
    expect((await u.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid, amount: '10' })).body.code).toBe(200);
    await waitUntil(start + HOUR_MS);
    expect(await spot(u, 'DOT')).toBe('10');
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, mode: 'multi_currency' });
    await wait(HOUR_MS);
    const dot = (await u.get('/apiw/v2/account/balances')).body.data.find((b: { asset: string }) => b.asset === 'DOT');
    expect(dot).toMatchObject({ spot: '10', unified: '10' });
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});

describe('creating projects', () => {
  it('refuses bad operator input with a message naming the field, and writes nothing', async () => {
    const count = async () =>
      (
        (await ts.server.ctx.db.execute(sql`SELECT count(*)::int AS n FROM launch_projects`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    const before = await count();
    const hour = nextHour();
    const good = {
      coin: 'LPX',
      name: 'Bad input',
      start_timest: hour / 1000,
      end_timest: (hour + HOUR_MS) / 1000,
      pools: [{ coin: 'GT', total_reward: '10', personal_min_amount: '1' }],
    };
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...good, pools: [{ ...good.pools[0], decimal_place: 'two' }] },
        'pools.0.decimal_place must be a whole number',
      ],
      [
        { ...good, pools: [{ ...good.pools[0], buy_total_amount: '1e5' }] },
        'pools.0.buy_total_amount is not in the expected form',
      ],
      [{ ...good, pools: [{ ...good.pools[0], total_reward: '-5' }] }, 'pools.total_reward must not be negative'],
      [{ ...good, pools: [] }, 'pools must NOT have fewer than 1 items'],
      [{ ...good, start_timest: hour / 1000 + 60 }, 'start_timest and end_timest must be on whole hours'],
      [{ ...good, coin: 'NOPE' }, 'coin NOPE is not a coin we list'],
    ];
    for (const [body, message] of cases) {
      const res = await ts.admin.post('/admin/v1/launch-pool/projects', body);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(await count()).toBe(before);
  });
});

describe('new project notifications', () => {
  /** A one-pool project of a day from the next hour, named in English and Chinese. */
  const aDayFromNextHour = (name: string, zh: string) => {
    const start = nextHour() + HOUR_MS;
    return {
      coin: 'UNI',
      name,
      translations: { 'zh-CN': { name: zh } },
      start_timest: start / 1000,
      end_timest: (start + 24 * HOUR_MS) / 1000,
      pools: [{ coin: 'GT', total_reward: '10', personal_min_amount: '1' }],
    };
  };

  it('puts a message in the inbox of users subscribed to Launchpool, and only theirs', async () => {
    const on = await lender(ts, {});
    const off = await lender(ts, {});
    await on.post('/apiw/v2/herald/switches', { sets: { startup_mining_switch: 1 } });
    const pid = await createProject(aDayFromNextHour('Announced', '已公告'));
    const inbox = (await on.get('/apiw/v2/inbox')).body.data;
    expect(inbox).toMatchObject({ total: 1, unread: 1 });
    expect(inbox.list[0]).toMatchObject({
      kind: 'launchpool',
      // A key and its values, so each reader reads it in their own language; the English as a fallback.
      key: 'inbox.launchpool.newProject',
      // The operator's Chinese name travels beside the English, for a Chinese reader.
      params: { name: 'Announced', 'name.zh-CN': '已公告' },
      title: 'New Launchpool: Announced',
      // The link names the project: the page opens the tab it is in when followed.
      link: `/launchpool?pid=${pid}`,
      read: false,
    });
    expect((await off.get('/apiw/v2/inbox')).body.data).toMatchObject({ total: 0, unread: 0 });
    // A body that does not say which messages (a typo, another call's field) marks none.
    for (const body of [{}, { foo: 1 }, { id: [1] }, { all: true, ids: [1] }, { all: false }]) {
      const refused = await on.post('/apiw/v2/inbox/read', body);
      expect(refused.status).toBe(400);
    }
    expect((await on.get('/apiw/v2/inbox')).body.data).toMatchObject({ unread: 1 });
    expect((await on.post('/apiw/v2/inbox/read', { all: true })).body.data.unread).toBe(0);
  });

  it('names a project in the reader’s language where the operator wrote it, for guests and users', async () => {
    const pid = await createProject(aDayFromNextHour('Bilingual', '双语项目'));
    const guest = ts.client();
    const user = await lender(ts, {});
    const nameIn = async (c: typeof guest, locale?: string) => {
      const query = locale ? `?locale=${locale}` : '';
      const list = (await c.get(`/apiw/v2/earn/launch-pool/projects${query}`)).body.data as {
        pid: number;
        name: string;
      }[];
      const info = (
        await c.get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}${locale ? `&locale=${locale}` : ''}`)
      ).body.data as { name: string };
      expect(list.find((p) => p.pid === pid)?.name).toBe(info.name);
      return info.name;
    };
    for (const c of [guest, user]) {
      // The guest's list is shared per language: an English read first does not answer the Chinese one.
      expect(await nameIn(c)).toBe('Bilingual');
      expect(await nameIn(c, 'zh-CN')).toBe('双语项目');
      expect(await nameIn(c, 'zh')).toBe('双语项目');
      expect(await nameIn(c, 'en')).toBe('Bilingual');
    }
    // A name too long in Chinese is refused as in English, and nothing is created.
    const before = ((await guest.get('/apiw/v2/earn/launch-pool/projects')).body.data as unknown[]).length;
    const refused = await ts.admin.post(
      '/admin/v1/launch-pool/projects',
      aDayFromNextHour('Too long', '长'.repeat(101)),
    );
    expect(refused.body.message).toBe('translations.zh-CN.name must be at most 100 characters');
    expect(((await guest.get('/apiw/v2/earn/launch-pool/projects')).body.data as unknown[]).length).toBe(before);
  });
});

describe('launch pool catch-up', () => {
  it('settles a gap, release included, hour by hour exactly as if the scheduler had run every hour', async () => {
    const stepped = await startTestServer();
    const jumped = await startTestServer();
    for (const server of [stepped, jumped]) {
      const res = await server.admin.post('/admin/v1/launch-pool/projects', {
        coin: 'LPX',
        name: 'Gap',
        start_timest: (T0 + HOUR_MS) / 1000,
        end_timest: (T0 + 6 * HOUR_MS) / 1000,
        pools: [{ coin: 'GT', total_reward: '1000', personal_min_amount: '1', decimal_place: 2 }],
      });
      const pid = res.body.data.pid as number;
      const rid = (await server.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data
        .reward_pools[0].rid as number;
      const users = [await lender(server, { GT: '900' }), await lender(server, { GT: '900' })];
      await users[0]?.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid, amount: '300' });
      // 20 minutes into the first hour, the second user stakes; the first redeems part.
      const clock = server.server.ctx.clock as ManualClock;
      await clock.advance(server.server.ctx.db, HOUR_MS + 20 * MIN);
      await server.server.scheduler.runDue();
      await users[1]?.post('/apiw/v2/earn/launch-pool/create-order', { pid, rid, amount: '700' });
      await users[0]?.post('/apiw/v2/earn/launch-pool/redeem', { pid, rid, amount: '100' });
    }
    // Back to the hour, then eight hours: stepped one at a time, jumped in one go after "downtime".
    for (const server of [stepped, jumped]) {
      await (server.server.ctx.clock as ManualClock).advance(server.server.ctx.db, 40 * MIN);
      await server.server.scheduler.runDue();
    }
    await advance(stepped, 8);
    await (jumped.server.ctx.clock as ManualClock).advance(jumped.server.ctx.db, 8 * HOUR_MS);
    const runs = await jumped.server.scheduler.runDue();
    expect(runs.filter((r) => r.job === 'launchpool.hour')).toHaveLength(8);
    const outcome = async (server: TestServer) => ({
      balances: rowsOf<{ wallet: string; coin: string; balance: string }>(
        await server.server.ctx.db.execute(
          sql`SELECT wallet, coin, balance::text FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE u.email LIKE 'user%' ORDER BY u.id, wallet, coin`,
        ),
      ).map((r) => `${r.wallet}:${r.coin}:${new Decimal(r.balance).toFixed()}`),
      statements: rowsOf<{ hour: Date | string; user_id: number; paid: string }>(
        await server.server.ctx.db.execute(
          sql`SELECT hour, user_id, paid::text FROM launch_statements ORDER BY hour, user_id`,
        ),
      ).map((r) => `${new Date(r.hour).toISOString()}:${r.user_id}:${new Decimal(r.paid).toFixed()}`),
    });
    const a = await outcome(stepped);
    expect(a.statements.length).toBe(10);
    expect(a.balances).toContain('spot:GT:900');
    expect(await outcome(jumped)).toEqual(a);
    expect(await checkLedger(jumped.server.ctx.db)).toEqual([]);
    await stepped.close();
    await jumped.close();
  });
});

describe('earn more', () => {
  it('offers the coin’s flexible product at the APR Simple Earn shows for it, and nothing for a coin without one', async () => {
    const guest = ts.client();
    const more = await guest.get('/apiw/v2/earn/launch-pool/earn-more?coin=gt');
    const info = await guest.get('/apiw/v2/uni-loan/earn/coin-info?coin=GT');
    expect(more.body.data.list).toEqual([
      {
        type: 'simple_earn_flexible',
        coin: 'GT',
        rate_year: info.body.data[0].next_time_rate_year,
        link: '/simple-earn',
      },
    ]);
    expect((await guest.get('/apiw/v2/earn/launch-pool/earn-more?coin=NOPE')).body.data.list).toEqual([]);
  });
});
