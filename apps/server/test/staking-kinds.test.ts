import {
  burnFor,
  coinsFor,
  DAY_MS,
  Decimal,
  dailyBonus,
  dailyReward,
  exchangeRateAfter,
  mintAmount,
  tokensFor,
} from '@earn/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { longRunning, spot } from './flexible-helpers.js';
import { startTestServer, type TestServer } from './helpers.js';

const STAKING = '/apiw/v2/earn/staking';
type Client = Awaited<ReturnType<typeof lender>>;

const { lender, advance } = longRunning();

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());
afterEach(async () => {
  expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
});

async function product(fields: Record<string, unknown>) {
  const res = await ts.admin.post('/admin/v1/staking/products', {
    rate: '0.0365',
    fee_rate: '0.1',
    min_mortgage_amount: '0.01',
    min_redeem_amount: '0.01',
    reward_delay_days: 1,
    ...fields,
  });
  if (res.body.code !== 0) throw new Error(`product failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

const stakeIn = (u: Client, pid: number, coin: string, amount: string) =>
  u.post(`${STAKING}/coin-swap-verify`, { side: 0, amount, coin, pid });
const redeemFrom = (u: Client, pid: number, coin: string, amount: string, quick = 0) =>
  u.post(`${STAKING}/coin-redeem`, { side: 1, amount, coin, pid, quick });
const now = async () => (await ts.admin.get('/admin/v1/clock')).body.data.now_ms as number;
async function toDayStart(days: number) {
  const t = await now();
  const target = Math.floor(t / DAY_MS) * DAY_MS + days * DAY_MS;
  await advance(ts, Math.round((target - t) / 3_600_000));
}
const balanceOf = async (u: Client, pid: number, coin: string) =>
  (await u.get(`${STAKING}/balances?coin=${coin}`)).body.data.find((b: { pid: number }) => b.pid === pid);
const productOf = async (u: Client, pid: number, coin: string) =>
  (await u.get(`${STAKING}/product?coin=${coin}&pid=${pid}`)).body.data;

describe('a receipt-token product (exchange_type asset)', () => {
  it('mints tokens at the rate after the first day, grows the rate daily and redeems more coins than staked', async () => {
    const pid = await product({ coin: 'ETH', exchange_type: 'asset', receipt_coin: 'GTETH', redeem_maxday: 2 });
    const u = await lender(ts, { ETH: '100' });
    const stakedAt = await now();
    expect((await stakeIn(u, pid, 'ETH', '10')).body.data).toMatchObject({ amount: '10', receipt_coin: 'GTETH' });
    expect(await balanceOf(u, pid, 'ETH')).toMatchObject({ pending_amount: '10', mortgage_amount: '0' });
    // The day of the stake grows the rate for no one's tokens yet; its close mints at the new rate.
    await toDayStart(1);
    const days = [{ rate: '0.0365', feeRate: '0.1' }];
    const tokens = tokensFor('10', exchangeRateAfter('1', days));
    expect(await spot(u, 'GTETH')).toBe(tokens);
    expect(await balanceOf(u, pid, 'ETH')).toMatchObject({ pending_amount: '0', mortgage_amount: tokens });
    // A worked week: the rate follows the model, and the tokens are worth more each day.
    await toDayStart(6);
    const rate = exchangeRateAfter(
      '1',
      Array.from({ length: 7 }, () => days[0] as (typeof days)[0]),
    );
    const view = await productOf(u, pid, 'ETH');
    expect(view).toMatchObject({ exchange_type: 'asset', receipt_coin: 'GTETH', exchange_rate: rate });
    expect((await balanceOf(u, pid, 'ETH')).value).toBe(coinsFor(tokens, rate));
    expect(new Decimal(coinsFor(tokens, rate)).gt(10)).toBe(true);
    const records = (await u.get(`${STAKING}/coin-user-profit-records?coin=ETH&pid=${pid}`)).body.data;
    expect(records.total).toBe(6);
    const lines = (await u.get(`${STAKING}/coin-lines?coin=ETH&pid=${pid}&limit=30`)).body.data;
    expect(lines.at(-1).exchange_rate_reverse).toBe(view.exchange_rate_reverse);
    expect(Math.floor(stakedAt / DAY_MS)).toBe(Math.floor((await now()) / DAY_MS) - 7);

    // Redeeming tokens burns them and queues their coins at today's rate.
    const half = new Decimal(tokens).div(2).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    const res = (await redeemFrom(u, pid, 'ETH', half)).body.data;
    expect(res).toMatchObject({ amount: half, received: coinsFor(half, rate) });
    expect(await spot(u, 'GTETH')).toBe(new Decimal(tokens).minus(half).toFixed());
    expect((await balanceOf(u, pid, 'ETH')).redeeming_amount).toBe(coinsFor(half, rate));
    // More than held, or below the minimum, is refused in the token.
    const over = (await redeemFrom(u, pid, 'ETH', '100')).body;
    expect(over.message).toContain('GTETH');
    await toDayStart(3);
    expect(await spot(u, 'ETH')).toBe(new Decimal(90).plus(coinsFor(half, rate)).toFixed());
  });

  it('refuses an asset product that would pay a bonus or another coin, or reuse a receipt token', async () => {
    const bad = [
      { coin: 'SOL', exchange_type: 'asset' },
      { coin: 'SOL', exchange_type: 'asset', receipt_coin: 'SOL' },
      { coin: 'SOL', exchange_type: 'asset', receipt_coin: 'GTETH' },
      { coin: 'SOL', exchange_type: 'asset', receipt_coin: 'USDC', reward_coin: 'USDT' },
      // A traded coin users already hold would count their own coins as stake.
      { coin: 'DOGE', exchange_type: 'asset', receipt_coin: 'USDT' },
      {
        coin: 'SOL',
        exchange_type: 'asset',
        receipt_coin: 'USDC',
        vip_config: { min_tier: 1, max_tier: 3, vip_sale: '5' },
      },
    ];
    for (const fields of bad) {
      const res = await ts.admin.post('/admin/v1/staking/products', {
        rate: '0.05',
        min_mortgage_amount: '1',
        min_redeem_amount: '1',
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
  });
});

describe('a debt product (type 2)', () => {
  it('mints USDC against the collateral, burns it in proportion to release it, and refuses without it', async () => {
    const pid = await product({
      coin: 'BTC',
      type: 2,
      mint_coin: 'USDC',
      mint_ratio: '0.5',
      min_mortgage_amount: '0.001',
      min_redeem_amount: '0.001',
    });
    const u = await lender(ts, { BTC: '2' });
    const view = await productOf(u, pid, 'BTC');
    const staked = (await stakeIn(u, pid, 'BTC', '1')).body.data;
    const minted = mintAmount('1', view.mortgage_price, view.debt[0].mint_price, '0.5').toFixed();
    expect(staked).toMatchObject({ amount: '1', minted, mint_coin: 'USDC' });
    expect(await spot(u, 'USDC')).toBe(minted);
    expect((await u.get(`${STAKING}/coin-user-info?coin=BTC&pid=${pid}`)).body.data.debt_amount).toBe(minted);
    expect(await balanceOf(u, pid, 'BTC')).toMatchObject({ mortgage_amount: '1', debt_amount: minted });

    const burnt = burnFor(minted, '1', '0.4').toFixed();
    expect((await redeemFrom(u, pid, 'BTC', '0.4')).body.data).toMatchObject({ burnt });
    const owed = new Decimal(minted).minus(burnt).toFixed();
    expect(await spot(u, 'USDC')).toBe(owed);
    // Spend the minted coins elsewhere: the rest of the collateral cannot leave until they come back.
    const spent = new Decimal(owed).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed();
    expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDC', amount: spent })).body.code).toBe(0);
    const refused = (await redeemFrom(u, pid, 'BTC', '0.6')).body;
    expect(refused).toMatchObject({ key: 'staking.debt.repay' });
    expect(refused.message).toContain(`repays ${owed} USDC`);
    expect(await balanceOf(u, pid, 'BTC')).toMatchObject({ mortgage_amount: '0.6', debt_amount: owed });
  });

  it('needs a mint coin and a ratio below 1', async () => {
    for (const fields of [
      { type: 2 },
      { type: 2, mint_coin: 'USDC', mint_ratio: '1' },
      { type: 2, mint_coin: 'NOPE', mint_ratio: '0.5' },
    ]) {
      const res = await ts.admin.post('/admin/v1/staking/products', {
        coin: 'BTC',
        rate: '0.01',
        min_mortgage_amount: '0.001',
        min_redeem_amount: '0.001',
        ...fields,
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
  });
});

describe('a web3-task bonus (extra_interest_type 1)', () => {
  it("takes a task's link only as a path of this site or an https address, never another site's path", async () => {
    const withLink = (jump_web: string) =>
      ts.admin.post('/admin/v1/staking/products', {
        coin: 'AVAX',
        rate: '0.01',
        min_mortgage_amount: '1',
        min_redeem_amount: '1',
        extra_interest_type: 1,
        extra_interest_task: { interest_key: 'quest', jump_web },
      });
    // A browser reads '//host' and '/\\host' as another site's address.
    for (const jump_web of [
      '//evil.example/phish',
      '/\\evil.example/x',
      'https:///evil',
      'http://a.example',
      '/web3 task',
      // No host, or a control or invisible character in it.
      'https://',
      '/\u0001/evil.example',
      '/\u200bevil',
    ]) {
      expect((await withLink(jump_web)).status, jump_web).toBe(400);
    }
    for (const jump_web of ['/', '/web3/tasks?x=1', 'https://www.gate.com/web3', 'https://例子.example/任务']) {
      expect((await withLink(jump_web)).body.code, jump_web).toBe(0);
    }
  });

  it('pays the bonus only to holders whose task the operator marked done', async () => {
    const start = Math.floor((await now()) / 1000) - 86_400;
    const tiers = [{ money_min: '0', money_max: '-1', money_rate: '0.05' }];
    const pid = await product({
      coin: 'AVAX',
      min_mortgage_amount: '1',
      min_redeem_amount: '1',
      extra_interest_type: 1,
      extra_interest_task: { interest_key: 'quest', jump_web: 'https://www.gate.com/web3' },
      extra_interest: {
        status: 1,
        max_interest: '1000',
        reward_coin: 'AVAX',
        start_time: start,
        end_time: start + 90 * 86_400,
        interest: tiers,
      },
    });
    const done = await lender(ts, { AVAX: '100' });
    const notDone = await lender(ts, { AVAX: '100' });
    const doneId = (await done.get('/apiw/v2/auth/me')).body.data.uid;
    expect((await ts.admin.post(`/admin/v1/staking/products/${pid}/tasks-done`, { user_id: doneId })).body.code).toBe(
      0,
    );
    expect((await done.get(`${STAKING}/coin-user-info?coin=AVAX&pid=${pid}`)).body.data.task_done).toBe(1);
    expect((await notDone.get(`${STAKING}/coin-user-info?coin=AVAX&pid=${pid}`)).body.data.task_done).toBe(0);
    // Staked during a day: the next whole day is the first paid.
    await advance(ts, 1);
    await stakeIn(done, pid, 'AVAX', '50');
    await stakeIn(notDone, pid, 'AVAX', '50');
    await toDayStart(2);
    const reward = dailyReward({ holding: '50', rate: '0.0365', feeRate: '0.1' });
    const bonus = dailyBonus('50', tiers);
    expect(await spot(done, 'AVAX')).toBe(new Decimal(50).plus(reward).plus(bonus).toFixed());
    expect(await spot(notDone, 'AVAX')).toBe(new Decimal(50).plus(reward).toFixed());
    // Marking a product without a task, or a user who does not exist, is refused.
    const regular = await product({ coin: 'AVAX', min_mortgage_amount: '1', min_redeem_amount: '1' });
    expect((await ts.admin.post(`/admin/v1/staking/products/${regular}/tasks-done`, { user_id: doneId })).status).toBe(
      400,
    );
    expect((await ts.admin.post(`/admin/v1/staking/products/${pid}/tasks-done`, { user_id: 999_999 })).status).toBe(
      404,
    );
  });
});

describe('a coin with several sources (DeFi)', () => {
  it('lists every source of the coin in defi, with its rate, limits and reward', async () => {
    const a = await product({ coin: 'ATOM', protocol_name: 'Validator A', rate: '0.1' });
    const b = await product({
      coin: 'ATOM',
      protocol_name: 'Validator B',
      rate: '0.12',
      personal_mortgage_limit: '500',
    });
    const u = await lender(ts, {});
    const view = await productOf(u, a, 'ATOM');
    expect(view.is_defi).toBe(1);
    expect(view.defi).toEqual([
      expect.objectContaining({ pid: a, protocol_name: 'Validator A', rate: '0.1', personal_mortgage_limit: '-1' }),
      expect.objectContaining({
        pid: b,
        protocol_name: 'Validator B',
        rate: '0.12',
        personal_mortgage_limit: '500',
        reward: [expect.objectContaining({ reward_coin: 'ATOM', reward_delay_days: 1, fee_rate: '0.1' })],
      }),
    ]);
    // The FAQ explains the sources (cate 3), and the hub's filters pick products by what they offer.
    const faq = (await u.get(`${STAKING}/coin-ask?coin=ATOM&pid=${a}`)).body.data;
    expect(faq.find((f: { cate: number }) => f.cate === 3).answer).toContain('Validator B (12.00% APR)');
    const listed = async (filter: string) =>
      (await u.get(`${STAKING}/products?filter=${filter}&limit=100`)).body.data.list.map((p: { pid: number }) => p.pid);
    expect(await listed('receipt')).toEqual([expect.any(Number)]);
    expect((await listed('all')).length).toBeGreaterThan((await listed('debt')).length);
    expect((await u.get(`${STAKING}/products?filter=nope`)).status).toBe(400);
    // The operator sets the APR the coming days pay.
    expect((await ts.admin.post(`/admin/v1/staking/products/${a}/rate`, { rate: '0.09' })).body.code).toBe(0);
    expect((await productOf(u, a, 'ATOM')).rate).toBe('0.09');
  });
});

describe('operator texts', () => {
  it('shows a product’s agreement and tips in the reader’s language where the operator wrote them', async () => {
    const pid = await product({
      coin: 'ATOM',
      protocol_name: 'Bilingual',
      rate: '0.1',
      agreement: 'Staked ATOM is locked by the chain.',
      tips: 'Unbonding takes 21 days.',
      translations: { 'zh-CN': { tips: '解绑需要 21 天。' } },
    });
    const guest = ts.client();
    const read = async (locale: string) => {
      const one = (await guest.get(`${STAKING}/product?coin=ATOM&pid=${pid}&locale=${locale}`)).body.data;
      const listed = (await guest.get(`${STAKING}/products?coin=ATOM&limit=100&locale=${locale}`)).body.data.list.find(
        (p: { pid: number }) => p.pid === pid,
      );
      expect(listed).toMatchObject({ agreement: one.agreement, tips: one.tips });
      return { agreement: one.agreement, tips: one.tips };
    };
    // What the operator did not write in Chinese stays English.
    expect(await read('zh-CN')).toEqual({ agreement: 'Staked ATOM is locked by the chain.', tips: '解绑需要 21 天。' });
    expect(await read('en')).toEqual({
      agreement: 'Staked ATOM is locked by the chain.',
      tips: 'Unbonding takes 21 days.',
    });
    const changed = { 'zh-CN': { agreement: '质押的 ATOM 由链锁定。', tips: '解绑需要 21 天。' } };
    expect((await ts.admin.put(`/admin/v1/staking/products/${pid}`, { translations: changed })).body.code).toBe(0);
    expect(await read('zh')).toEqual(changed['zh-CN']);
    const tooLong = await ts.admin.put(`/admin/v1/staking/products/${pid}`, {
      translations: { 'zh-CN': { tips: '长'.repeat(2001) } },
    });
    expect(tooLong.body.message).toBe('translations.zh-CN.tips must be at most 2000 characters');
    expect(await read('zh')).toEqual(changed['zh-CN']);
  });
});
