import { DAY_MS, Decimal, dailyBonus, dailyReward, redeemFee } from '@earn/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stakingProducts } from '../src/db/schema.js';
import { checkLedger } from '../src/ledger/check.js';
import { longRunning, spot } from './flexible-helpers.js';
import { startTestServer, T0, type TestServer } from './helpers.js';
import { stakingProduct } from './product-helpers.js';

const STAKING = '/apiw/v2/earn/staking';
type Client = Awaited<ReturnType<typeof lender>>;

const { lender, advance } = longRunning();

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ stakingSettleBatch: 1 });
});
afterAll(() => ts.close());
afterEach(async () => {
  expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
});

const product = (fields: Record<string, unknown> = {}) => stakingProduct(ts, fields);

const BONUS_TIERS = [{ money_min: '0', money_max: '-1', money_rate: '0.0365' }];
/** An extra-bonus event running from now for 30 days, within the budget `max_interest`. */
async function bonusEvent(max_interest: string) {
  const start = Math.floor((await now()) / 1000);
  return {
    status: 1,
    max_interest,
    reward_coin: 'ETH',
    start_time: start,
    end_time: start + 30 * 86_400,
    interest: BONUS_TIERS,
  };
}
const act = (u: Client, path: string, body: Record<string, unknown>) => u.post(`${STAKING}/${path}`, body);
const stakeIn = (u: Client, pid: number, amount: string, coin = 'ETH') =>
  act(u, 'coin-swap-verify', { side: 0, amount, coin, pid });
const redeemFrom = (u: Client, pid: number, amount: string, quick = 0, coin = 'ETH') =>
  act(u, 'coin-redeem', { side: 1, amount, coin, pid, quick });
const now = async () => (await ts.admin.get('/admin/v1/clock')).body.data.now_ms as number;
/** Whole days to the next 00:00 UTC plus `days`, run hour by hour by the operator clock. */
async function toDayStart(days: number) {
  const t = await now();
  const target = Math.floor(t / DAY_MS) * DAY_MS + days * DAY_MS;
  await advance(ts, Math.round((target - t) / 3_600_000));
}
async function balance(u: Client, pid: number) {
  return (await u.get(`${STAKING}/balances?coin=ETH`)).body.data.find((b: { pid: number }) => b.pid === pid);
}

describe('staking a regular product', () => {
  it('pays each whole day held at 00:00 UTC, exactly the domain reward, and nothing for the day of the stake', async () => {
    const pid = await product();
    const u = await lender(ts, { ETH: '100' });
    const stakedAt = await now();
    expect(stakedAt % DAY_MS).toBe(0);
    const res = await stakeIn(u, pid, '10');
    expect(res.body.data).toMatchObject({ amount: '10', redeem_stamp: (stakedAt + 2 * DAY_MS) / 1000 });
    expect(await spot(u, 'ETH')).toBe('90');
    // A product the operator left unnamed is named by its coin.
    expect((await u.get(`${STAKING}/product?coin=ETH&pid=${pid}`)).body.data.protocol_name).toBe('Ethereum');
    const body = { coin: 'ETH', rate: '0.0365', min_mortgage_amount: '0.01', min_redeem_amount: '0.01' };
    for (const blank of ['', '   ', '\u200b', '\u2800']) {
      const refused = await ts.admin.post('/admin/v1/staking/products', { ...body, protocol_name: blank });
      expect(refused.body).toMatchObject({ code: -1, key: expect.stringMatching(/^validation\./) });
    }
    // The same with a name is created.
    const named = await ts.admin.post('/admin/v1/staking/products', { ...body, protocol_name: 'Lido' });
    expect(named.body).toMatchObject({ code: 0 });
    const info = (await u.get(`${STAKING}/coin-user-info?coin=ETH&pid=${pid}`)).body.data;
    expect(info).toMatchObject({ hold_amount: '10', is_crowd: 1, personal_left: '-1' });

    const daily = dailyReward({ holding: '10', rate: '0.0365', feeRate: '0.1' });
    expect(daily.toFixed()).toBe('0.0009');
    await toDayStart(1);
    expect(await spot(u, 'ETH')).toBe('90');
    await toDayStart(1);
    expect(await spot(u, 'ETH')).toBe(new Decimal(90).plus(daily).toFixed());
    // A worked week: five more days, each paid once.
    await toDayStart(5);
    expect(await spot(u, 'ETH')).toBe(new Decimal(90).plus(daily.times(6)).toFixed());
    const records = (await u.get(`${STAKING}/coin-user-profit-records?coin=ETH&pid=${pid}`)).body.data;
    expect(records.total).toBe(6);
    expect(records.list[0]).toMatchObject({ amount: '0.0009', base: '10', reward_coin: 'ETH' });
    expect((await balance(u, pid)).total_reward).toBe(daily.times(6).toFixed());
    const lines = (await u.get(`${STAKING}/coin-lines?coin=ETH&pid=${pid}&limit=30`)).body.data;
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.at(-1)).toMatchObject({ rate: '0.0365', reward_coin: 'ETH' });
    // The FAQ speaks the reader's language.
    const faqZh = (await u.get(`${STAKING}/coin-ask?coin=ETH&pid=${pid}&locale=zh-CN`)).body.data;
    expect(faqZh[0].ask).toBe('什么是 ETH 质押？');
    expect((await u.get(`${STAKING}/coin-ask?coin=ETH&pid=${pid}`)).body.data[0].ask).toBe('What is ETH staking?');
    // Every source of return of the coin, each with its own trend.
    const sources = (await u.get(`${STAKING}/coin-defi-lines?coin=ETH&limit=30`)).body.data;
    expect(sources.find((x: { pid: number }) => x.pid === pid).lines).toEqual(lines);
  });

  it('queues a standard redemption for its redeem days, earning nothing, and releases it at 00:00 UTC', async () => {
    const pid = await product({ redeem_fee: '0.001' });
    const u = await lender(ts, { ETH: '10' });
    await stakeIn(u, pid, '10');
    await toDayStart(2);
    await advance(ts, 5);
    const before = await spot(u, 'ETH');
    const requested = await now();
    const res = await redeemFrom(u, pid, '4');
    const arrival = Math.floor((requested + 3 * DAY_MS) / DAY_MS) * DAY_MS;
    expect(res.body.data).toMatchObject({ amount: '4', fee: '0.004', received: '3.996', redeem_stamp: arrival / 1000 });
    expect(await balance(u, pid)).toMatchObject({
      mortgage_amount: '6',
      redeeming_amount: '4',
      redeem_stamp: arrival / 1000,
    });
    // The day of the redemption pays on 6 (the lowest held), and the queue earns nothing after.
    await toDayStart(1);
    const six = dailyReward({ holding: '6', rate: '0.0365', feeRate: '0.1' });
    expect(await spot(u, 'ETH')).toBe(new Decimal(before).plus(six).toFixed());
    await toDayStart(1);
    expect((await balance(u, pid)).redeeming_amount).toBe('4');
    // Within its 3 days: the last 00:00 UTC before three days have passed.
    await toDayStart(1);
    expect(await now()).toBe(arrival);
    expect(await spot(u, 'ETH')).toBe(new Decimal(before).plus(six.times(3)).plus('3.996').toFixed());
    expect(await balance(u, pid)).toMatchObject({ redeeming_amount: '0', redeem_stamp: 0 });
  });

  it('takes a redemption out of a stake not yet counted before the counted one, so a day never pays on less than was held through it', async () => {
    const pid = await product({ redeem_quick: 1, redeem_quick_fee: '0', redeem_quick_daily: '1000' });
    const u = await lender(ts, { ETH: '20' });
    await stakeIn(u, pid, '4');
    await toDayStart(2);
    const before = await spot(u, 'ETH');
    // During the day: 2 more staked (not counted until tomorrow), then 2 redeemed, at once and later.
    await advance(ts, 3);
    await stakeIn(u, pid, '2');
    expect((await redeemFrom(u, pid, '1', 1)).body.code).toBe(0);
    await advance(ts, 2);
    expect((await redeemFrom(u, pid, '1', 1)).body.code).toBe(0);
    await toDayStart(1);
    // 4 were held and counted through the whole day: the day pays on 4.
    const four = dailyReward({ holding: '4', rate: '0.0365', feeRate: '0.1' });
    const paid = new Decimal(await spot(u, 'ETH')).minus(before);
    expect(paid.toFixed()).toBe(four.toFixed());
    // Redeeming more than the new stake then takes the rest from the counted coins.
    await stakeIn(u, pid, '1');
    expect((await redeemFrom(u, pid, '2', 1)).body.code).toBe(0);
    const after = await spot(u, 'ETH');
    await toDayStart(1);
    expect(new Decimal(await spot(u, 'ETH')).minus(after).toFixed()).toBe(
      dailyReward({ holding: '3', rate: '0.0365', feeRate: '0.1' }).toFixed(),
    );
  });

  it('redeems fast at once for its fee, within the platform-wide daily quota', async () => {
    const pid = await product({
      redeem_quick: 1,
      redeem_quick_fee: '0.005',
      redeem_quick_daily: '5',
      redeem_quick_long: 30,
    });
    const a = await lender(ts, { ETH: '10' });
    const b = await lender(ts, { ETH: '10' });
    await stakeIn(a, pid, '10');
    await stakeIn(b, pid, '10');
    const fast = await redeemFrom(a, pid, '1.23456789', 1);
    const { fee, received } = redeemFee('1.23456789', '0.005');
    // Paid at once: it says it has arrived now, as its redemption record does.
    expect(fast.body.data).toMatchObject({
      fee: fee.toFixed(),
      received: received.toFixed(),
      quick: 1,
      redeem_stamp: (await now()) / 1000,
    });
    expect(await spot(a, 'ETH')).toBe(received.toFixed());
    const over = await redeemFrom(b, pid, '4', 1);
    expect(over.body).toMatchObject({ key: 'staking.fast.quota', params: { amount: '3.76543211' } });
    expect((await redeemFrom(b, pid, '3.76543211', 1)).body.code).toBe(0);
    // The quota is gone for today: fast redemption is refused, standard still works.
    expect((await redeemFrom(b, pid, '1', 1)).body.key).toBe('staking.fast.usedUp');
    const detail = (await a.get(`${STAKING}/product?coin=ETH&pid=${pid}`)).body.data;
    expect(detail.extra).toMatchObject({ redeem_quick: 1, redeem_quick_left: '0', redeem_period: 'max_only' });
    await toDayStart(1);
    expect((await a.get(`${STAKING}/product?coin=ETH&pid=${pid}`)).body.data.extra.redeem_quick_left).toBe('5');
  });

  it('waives the VIP share of the fee and pays the extra bonus tiers within the event budget', async () => {
    const pid = await product({
      vip_config: { min_tier: 5, max_tier: 16, vip_sale: '50' },
      extra_interest: await bonusEvent('0.002'),
    });
    const vip = await lender(ts, { ETH: '10' });
    await ts.admin.post('/admin/v1/users/settings', { email: vip.email, tier: 5 });
    const plain = await lender(ts, { ETH: '10' });
    await stakeIn(vip, pid, '10');
    await stakeIn(plain, pid, '10');
    await toDayStart(2);
    const vipReward = dailyReward({ holding: '10', rate: '0.0365', feeRate: '0.1', vipDiscountPercent: '50' });
    const bonus = dailyBonus('10', BONUS_TIERS);
    expect(bonus.toFixed()).toBe('0.001');
    expect(await spot(vip, 'ETH')).toBe(vipReward.plus(bonus).toFixed());
    expect(await spot(plain, 'ETH')).toBe(new Decimal('0.0009').plus(bonus).toFixed());
    // The budget (0.002) is spent: the next day pays no bonus.
    await toDayStart(1);
    expect(await spot(plain, 'ETH')).toBe(new Decimal('0.0018').plus(bonus).toFixed());
  });

  it('splits a short bonus budget pro rata over the whole day, though each holder is paid in a part of their own', async () => {
    const pid = await product({ extra_interest: await bonusEvent('0.002') });
    const small = await lender(ts, { ETH: '10' });
    const large = await lender(ts, { ETH: '30' });
    await stakeIn(small, pid, '10');
    await stakeIn(large, pid, '30');
    await toDayStart(2);
    // Demands 0.001 and 0.003 against a budget of 0.002: half of each, and the budget exactly spent.
    expect(dailyBonus('30', BONUS_TIERS).toFixed()).toBe('0.003');
    expect(await spot(small, 'ETH')).toBe(new Decimal('0.0009').plus('0.0005').toFixed());
    expect(await spot(large, 'ETH')).toBe(new Decimal('0.0027').plus('0.0015').toFixed());
    // The trend shows the bonus as paid that day: half the tier's 3.65%.
    const lines = (await small.get(`${STAKING}/coin-lines?coin=ETH&pid=${pid}&limit=7`)).body.data;
    expect(lines.at(-1)).toMatchObject({ rate: '0.0365', extra_rate: '0.01825' });
    // The budget is spent: the event is finished, and no highest APR or estimate counts on it.
    const view = (await small.get(`${STAKING}/product?coin=ETH&pid=${pid}`)).body.data;
    expect(view).toMatchObject({ rate: '0.0365', most_rate: '0.0365', extra_interest: { status: 2 } });
    await toDayStart(1);
    const next = (await small.get(`${STAKING}/coin-lines?coin=ETH&pid=${pid}&limit=7`)).body.data;
    expect(next.at(-1)).toMatchObject({ rate: '0.0365', extra_rate: '0' });
  });

  it('ends a bonus whose budget ran short, though shares rounded down leave a remainder', async () => {
    const pid = await product({ extra_interest: await bonusEvent('0.002') });
    const holders = [await lender(ts, { ETH: '10' }), await lender(ts, { ETH: '10' }), await lender(ts, { ETH: '10' })];
    for (const h of holders) await stakeIn(h, pid, '10');
    await toDayStart(2);
    // Three demands of 0.001 against 0.002: 0.00066666 each, 0.00000002 left that no day could pay.
    expect(await spot(holders[0] as Client, 'ETH')).toBe(new Decimal('0.0009').plus('0.00066666').toFixed());
    const view = (await (holders[0] as Client).get(`${STAKING}/product?coin=ETH&pid=${pid}`)).body.data;
    expect(view).toMatchObject({ most_rate: '0.0365', extra_interest: { status: 2 } });
  });

  it('counts a bonus that has not started when a stake made now earns it on its first counted day', async () => {
    const start = Math.floor((await now()) / 1000) + 3600;
    const window = { start_time: start, end_time: start + 30 * 86_400 };
    // Starting in an hour: a stake made now counts from tomorrow, inside it.
    const soon = await product({ extra_interest: { ...(await bonusEvent('1')), ...window } });
    // Starting in three days: a stake made now is counted before it starts.
    const later = await product({
      extra_interest: { ...(await bonusEvent('1')), start_time: start + 3 * 86_400, end_time: start + 30 * 86_400 },
    });
    const u = await lender(ts, { ETH: '10' });
    const read = async (pid: number) => (await u.get(`${STAKING}/product?coin=ETH&pid=${pid}`)).body.data;
    expect(await read(soon)).toMatchObject({ most_rate: '0.073', extra_interest: { status: 1 } });
    expect(await read(later)).toMatchObject({ most_rate: '0.0365', extra_interest: { status: 0 } });
    await stakeIn(u, soon, '10');
    await toDayStart(2);
    expect(await spot(u, 'ETH')).toBe(new Decimal('0.0009').plus(dailyBonus('10', BONUS_TIERS)).toFixed());
  });
});

describe('refusals', () => {
  it('refuses bad amounts, the caps and wrong products, and writes nothing', async () => {
    const pid = await product({ personal_mortgage_limit: '5', crowd_mortgage_limit: '8' });
    const u = await lender(ts, { ETH: '20', USDT: '10' });
    const other = await lender(ts, { ETH: '20' });
    const cases: [Record<string, unknown>, string | number][] = [
      [{ amount: '-1' }, 'errors.invalidAmount'],
      [{ amount: '1e3' }, 'errors.invalidAmount'],
      [{ amount: '0.123456789' }, 'errors.invalidAmount'],
      [{ amount: '0.001' }, 'staking.stake.min'],
      [{ amount: '30' }, 'staking.stake.insufficient'],
      [{ amount: '6' }, 'staking.stake.personalCap'],
      [{ amount: '1', coin: 'USDT' }, 404],
      [{ amount: '1', pid: 2_147_483_647 }, 404],
    ];
    for (const [body, expected] of cases) {
      const reply = await act(u, 'coin-swap-verify', { side: 0, coin: 'ETH', pid, ...body });
      if (typeof expected === 'number') expect(reply.status, JSON.stringify(body)).toBe(expected);
      else expect(reply.body.key, JSON.stringify(body)).toBe(expected);
    }
    expect((await act(u, 'coin-swap-verify', { side: 1, amount: '1', coin: 'ETH', pid })).status).toBe(400);
    expect(await spot(u, 'ETH')).toBe('20');
    expect((await stakeIn(u, pid, '5')).body.code).toBe(0);
    expect((await stakeIn(other, pid, '4')).body).toMatchObject({
      key: 'staking.stake.crowdCap',
      params: { amount: '3' },
    });
    expect((await redeemFrom(u, pid, '5.1')).body.key).toBe('staking.redeem.insufficient');
    expect((await redeemFrom(u, pid, '0.001')).body.key).toBe('staking.redeem.min');
    expect((await redeemFrom(u, pid, '1', 1)).body.key).toBe('staking.fast.unavailable');
    // A bonus in another coin than the rewards would not add up: the operator is told so.
    const now = Math.floor(T0 / 1000);
    const mismatched = await ts.admin.post('/admin/v1/staking/products', {
      coin: 'ETH',
      rate: '0.03',
      min_mortgage_amount: '0.01',
      min_redeem_amount: '0.01',
      extra_interest: {
        status: 1,
        max_interest: '1',
        reward_coin: 'USDT',
        start_time: now,
        end_time: now + 86_400,
        interest: [{ money_min: '0', money_max: '-1', money_rate: '0.01' }],
      },
    });
    expect(mismatched.status).toBe(400);
    // The shared action call does either by side.
    expect((await act(u, 'action', { side: 1, amount: '1', coin: 'ETH', pid })).body.code).toBe(0);
    expect(await spot(u, 'ETH')).toBe('15');
  });
});

describe('borrowed coins', () => {
  it('are staked where the coin allows it, and taken off the balance first where it does not', async () => {
    const u = await lender(ts, {});
    await ts.admin.post('/admin/v1/users/settings', {
      email: u.email,
      mode: 'multi_currency',
      loans: { ETH: '30', MATIC: '300' },
    });
    await ts.deposit(u.email, 'ETH', '100', 'unified');
    await ts.deposit(u.email, 'MATIC', '1000', 'unified');
    const eth = await product();
    const matic = await product({ coin: 'MATIC' });
    // ETH's borrowed coins may be staked (is_support_staking 1): all 100 can go.
    expect((await stakeIn(u, eth, '100')).body.code).toBe(0);
    // MATIC's may not: 700 of the 1,000 are the user's own.
    expect((await stakeIn(u, matic, '800', 'MATIC')).body).toMatchObject({
      key: 'staking.stake.insufficient',
      params: { amount: '700', coin: 'MATIC' },
    });
    expect((await stakeIn(u, matic, '700', 'MATIC')).body.code).toBe(0);
    expect((await u.get(`${STAKING}/user-loans?coin=MATIC`)).body.data).toEqual({ assets: { MATIC: '300' } });
  });
});

describe('operator settings', () => {
  const body = { coin: 'ETH', rate: '0.03', min_mortgage_amount: '10', min_redeem_amount: '0.1' };
  const create = (fields: Record<string, unknown>) =>
    ts.admin.post('/admin/v1/staking/products', { ...body, ...fields });
  const tiers = async (interest: unknown[], fields: Record<string, unknown> = {}) =>
    create({ extra_interest: { ...(await bonusEvent('1')), interest, ...fields } });
  const tier = (money_min: string, money_max: string) => ({ money_min, money_max, money_rate: '0.01' });

  it('refuses a product no one could stake, or a bonus whose tiers would pay a part twice, and creates nothing', async () => {
    const count = () => ts.server.ctx.db.$count(stakingProducts);
    const before = await count();
    const refusals: [Promise<{ body: { message: string } }>, string][] = [
      [
        create({ personal_mortgage_limit: '5' }),
        'personal_mortgage_limit must be -1 (no limit) or at least min_mortgage_amount',
      ],
      [
        create({ crowd_mortgage_limit: '0' }),
        'crowd_mortgage_limit must be -1 (no limit) or at least min_mortgage_amount',
      ],
      [tiers([]), 'extra_interest.interest needs at least one tier'],
      [
        tiers([tier('0', '100'), tier('50', '200')]),
        'extra_interest.interest.1: money_min must be at least 100, where the tier below ends',
      ],
      [
        tiers([tier('0', '-1'), tier('100', '200')]),
        'extra_interest.interest.0: only the last tier may have no upper bound (-1)',
      ],
      [
        tiers(BONUS_TIERS, { max_interest: '0', reward_coin: 'SOL' }),
        "extra_interest.reward_coin must be the product's reward coin, ETH",
      ],
      [create({ protocol_name: ' Lido' }), 'protocol_name needs a letter or digit, with no blanks before or after it'],
    ];
    for (const [reply, message] of refusals) expect((await reply).body).toMatchObject({ code: -1, message });
    expect(await count()).toBe(before);
    // A gap between tiers is allowed: a holding's part inside it earns no bonus.
    expect((await tiers([tier('0', '100'), tier('200', '-1')])).body.code).toBe(0);
    // A product's update is held to the same rules, over what it has now.
    const pid = await product({ min_mortgage_amount: '10' });
    expect(
      (await ts.admin.put(`/admin/v1/staking/products/${pid}`, { personal_mortgage_limit: '1' })).body.message,
    ).toBe('personal_mortgage_limit must be -1 (no limit) or at least min_mortgage_amount');
  });

  it('names the field that is wrong inside a bonus event or VIP discount', async () => {
    const event = await bonusEvent('1');
    const bad = await create({ extra_interest: { ...event, interest: [{ money_min: '0', money_max: '-1' }] } });
    expect(bad.body.message).toBe('extra_interest.interest.0.money_rate is required');
    const vip = await create({ vip_config: { min_tier: 1, max_tier: 'x', vip_sale: '10' } });
    expect(vip.body.message).toBe('vip_config.max_tier must be a whole number');
  });
});

describe('a remainder below the minimum', () => {
  it('is redeemed whole, never stuck, while a part of it stays refused', async () => {
    const pid = await product({ redeem_quick: 1, redeem_quick_fee: '0', redeem_quick_daily: '-1' });
    const u = await lender(ts, { ETH: '1' });
    await stakeIn(u, pid, '1');
    expect((await redeemFrom(u, pid, '0.995', 1)).body.code).toBe(0);
    expect((await redeemFrom(u, pid, '0.004', 1)).body).toMatchObject({ key: 'staking.redeem.min' });
    expect((await redeemFrom(u, pid, '0.005', 1)).body.code).toBe(0);
    expect(await spot(u, 'ETH')).toBe('1');
  });
});

describe('catch-up', () => {
  it('pays after downtime exactly what stepping day by day pays', async () => {
    const stepped = await startTestServer();
    const jumped = await startTestServer({ stakingSettleBatch: 1 });
    try {
      const make = async (server: TestServer) => {
        const res = await server.admin.post('/admin/v1/staking/products', {
          coin: 'ETH',
          rate: '0.05',
          fee_rate: '0.2',
          min_mortgage_amount: '0.01',
          min_redeem_amount: '0.01',
          reward_delay_days: 2,
          redeem_maxday: 2,
        });
        const u = await lender(server, { ETH: '5' });
        await u.post(`${STAKING}/coin-swap-verify`, { side: 0, amount: '3', coin: 'ETH', pid: res.body.data.id });
        return { u, pid: res.body.data.id as number };
      };
      const a = await make(jumped);
      const b = await make(stepped);
      await advance(jumped, 24 * 6 + 5);
      for (let i = 0; i < 6; i++) await advance(stepped, 24);
      await advance(stepped, 5);
      expect(await spot(a.u, 'ETH')).toBe(await spot(b.u, 'ETH'));
      expect(new Decimal(await spot(a.u, 'ETH')).gt(2)).toBe(true);
      expect(await checkLedger(stepped.server.ctx.db)).toEqual([]);
      expect(await checkLedger(jumped.server.ctx.db)).toEqual([]);
    } finally {
      await stepped.close();
      await jumped.close();
    }
  });
});
