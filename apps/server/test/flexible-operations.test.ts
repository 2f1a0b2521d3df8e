import { clearHour, Decimal, type Offer } from '@earn/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { rowsOf } from '../src/db/rows.js';
import { checkLedger } from '../src/ledger/check.js';
import { priceAt } from '../src/modules/market/price-walk.js';
import { clearBook } from '../src/modules/simple-earn/clearing-sql.js';
import { advance, holding, lender, setDemand, spot } from './flexible-helpers.js';
import { HOUR_MS, startTestServer, T0, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe('redeeming', () => {
  it('pays the unlent part at once, freezes the lent part until the hour settles, and lets it be cancelled', async () => {
    const u = await lender(ts, { SOL: '100' });
    await setDemand(ts, 'SOL', '30', '0.05');
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'SOL', amount: '100' });
    await advance(ts, 2); // lent 30 of 100 in the current hour
    let h = await holding(u, 'SOL');
    expect(h.lend_amount).toBe('30');
    const curr = new Decimal(h.curr_amount);

    const redeem = await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'SOL', amount: '80' });
    const free = curr.minus(30);
    expect(redeem.body.data).toMatchObject({
      asset: 'SOL',
      amount: '80',
      instant_amount: free.toFixed(),
      frozen_amount: new Decimal(80).minus(free).toFixed(),
      account: 'spot',
    });
    expect(await spot(u, 'SOL')).toBe(free.toFixed());
    h = await holding(u, 'SOL');
    expect(h).toMatchObject({
      frozen_amount: new Decimal(80).minus(free).toFixed(),
      frozen_status: 1,
      curr_amount: curr.minus(free).toFixed(), // the instant part has left the position
    });

    const cancelled = await u.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'SOL' });
    expect(cancelled.body.data.amount).toBe(new Decimal(80).minus(free).toFixed());
    // History records the cancellation, so subscriptions less redemptions plus cancellations is the holding.
    const rows = (await u.get('/apiw/v2/uni-loan/earn/history?asset=SOL')).body.data.list as {
      type: number;
      amount: string;
    }[];
    expect(rows.find((r) => r.type === 6)?.amount).toBe(new Decimal(80).minus(free).toFixed());
    // The history's type filter offers cancellations (history/types), and lists them.
    expect((await u.get('/apiw/v2/uni-loan/earn/history/types')).body.data).toContainEqual({
      value: 6,
      name: 'Redeem cancelled',
    });
    // The history's period is at most the date range's 6 months (180 days), as the picker allows.
    const end = Math.floor(T0 / 1000) + 86_400;
    const span = async (days: number) =>
      (await u.get(`/apiw/v2/uni-loan/earn/history?start_at=${end - days * 86_400}&end_at=${end}`)).body;
    expect((await span(180)).code).toBe(0);
    expect(await span(181)).toMatchObject({ code: -1, key: 'analysis.date.picker.limit.tip' });
    // The APR chart's period, the same way round.
    const chart = (from: number, to: number) =>
      u.get(`/apiw/v2/uni-loan/earn/chart?asset=SOL&type=1&from=${from}&to=${to}`);
    expect((await chart(end - 86_400, end)).body.code).toBe(0);
    expect((await chart(end, end - 86_400)).body).toMatchObject({
      message: 'from must be before to',
      key: 'dateRange.order',
    });
    const onlyCancelled = await u.get('/apiw/v2/uni-loan/earn/history?asset=SOL&type=6');
    expect(onlyCancelled.body.data.list.map((r: { type: number; amount: string }) => [r.type, r.amount])).toEqual([
      [6, new Decimal(80).minus(free).toFixed()],
    ]);
    const sign: Record<number, number> = { 1: 1, 2: -1, 3: 1, 6: 1 };
    const net = rows.reduce((a, r) => a.plus(new Decimal(r.amount).times(sign[r.type] ?? 0)), new Decimal(0));
    expect(net.toFixed()).toBe(new Decimal((await holding(u, 'SOL')).curr_amount).toFixed());
    expect((await holding(u, 'SOL')).frozen_status).toBe(0);
    expect((await u.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'SOL' })).body.message).toBe(
      'There is no pending redemption to cancel',
    );
    // A bad amount is refused as such, whether or not anything is pending.
    for (const amount of ['abc', '-0', '1e-7']) {
      const bad = await u.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'SOL', amount });
      expect(bad.status, amount).toBe(400);
      expect(bad.body.message, amount).not.toBe('There is no pending redemption to cancel');
    }

    // Freeze again and let the hour settle: it arrives in spot with the hour's interest left in the position.
    await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'SOL', amount: '20' });
    await advance(ts, 1);
    expect(await spot(u, 'SOL')).toBe(free.plus(20).toFixed());
    expect((await holding(u, 'SOL')).frozen_amount).toBe('0');
    const types = (await u.get('/apiw/v2/uni-loan/earn/history?asset=SOL&type=2')).body.data.list.map(
      (r: { amount: string; mode: number }) => [r.amount, r.mode],
    );
    expect(types).toEqual([
      ['20', 32],
      ['80', 32],
    ]);
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('pays a position redeemed whole its last hour’s interest with the redemption, leaving nothing to redeem again', async () => {
    const u = await lender(ts, { ADA: '100' });
    const other = await lender(ts, { ADA: '100' });
    await setDemand(ts, 'ADA', '1000', '0.05');
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ADA', amount: '100' });
    await other.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ADA', amount: '100' });
    await advance(ts, 3); // lent in full, and paid an hour's interest
    const everything = (await holding(u, 'ADA')).curr_amount as string;
    expect(new Decimal(everything).gt(100)).toBe(true);
    const redeemed = await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'ADA', amount: everything });
    expect(redeemed.body.data).toMatchObject({ instant_amount: '0', frozen_amount: everything });
    // A partial redemption keeps the rest, and the hour's interest, in the position.
    await other.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'ADA', amount: '50' });
    await advance(ts, 1);

    const interest = (await u.get('/apiw/v2/uni-loan/earn/history?asset=ADA&type=3')).body.data.list as {
      amount: string;
    }[];
    const earned = interest.reduce((a, r) => a.plus(r.amount), new Decimal(0));
    const lastHour = interest[0]?.amount as string;
    expect(new Decimal(lastHour).gt(0)).toBe(true);
    // All of it arrived: what was redeemed and what its frozen part earned meanwhile.
    expect(await spot(u, 'ADA')).toBe(new Decimal(everything).plus(lastHour).toFixed());
    // Nothing is held or being redeemed: it is no holding any more (what it earned, the history keeps).
    expect(await holding(u, 'ADA')).toBeUndefined();
    // The history says so: subscribed less redeemed plus interest is what is held, 0.
    const redemptions = (await u.get('/apiw/v2/uni-loan/earn/history?asset=ADA&type=2')).body.data.list as {
      amount: string;
      mode: number;
    }[];
    expect(redemptions.map((r) => [r.amount, r.mode])).toEqual([
      [lastHour, 32],
      [everything, 32],
    ]);
    expect(new Decimal(100).minus(everything).minus(lastHour).plus(earned).toFixed()).toBe('0');
    expect(new Decimal((await holding(other, 'ADA')).curr_amount).gt(50)).toBe(true);
    expect(await spot(other, 'ADA')).toBe('50');
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('never lends borrowed coins: a unified account with loans subscribes at most lend_earn_available', async () => {
    const u = await lender(ts, {});
    await ts.admin.post('/admin/v1/users/settings', {
      email: u.email,
      mode: 'multi_currency',
      loans: { USDC: '1500' },
    });
    await ts.deposit(u.email, 'USDC', '24500', 'unified');
    const outable = await u.post('/apiw/v2/account/spot/asset/outable', { assets: ['USDC'] });
    expect(outable.body.data[0].lend_earn_available).toBe('23000');
    expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDC', amount: '24500' })).body).toMatchObject({
      code: -1,
      key: 'finances.inadequateBalance',
      data: null,
    });
    expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDC', amount: '23000.000001' })).body.key).toBe(
      'finances.inadequateBalance',
    );
    expect(await holding(u, 'USDC')).toBeUndefined();
    expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDC', amount: '23000' })).body.code).toBe(0);
    // The auto-earn sweep takes only what is free too.
    await ts.deposit(u.email, 'USDC', '10', 'unified');
    await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'USDC', status: '1' });
    await advance(ts, 1);
    const balances = (await u.get('/apiw/v2/account/balances')).body.data;
    expect(balances.find((b: { asset: string }) => b.asset === 'USDC').unified).toBe('1500');
  });

  it('refuses a coin never held, or more than the wallet holds, and opens no position', async () => {
    const u = await lender(ts, { ADA: '5' });
    for (const [asset, amount] of [
      ['LINK', '1'],
      ['ADA', '5.000001'],
    ]) {
      expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset, amount })).body).toMatchObject({
        code: -1,
        key: 'finances.inadequateBalance',
      });
      expect(await holding(u, asset as string)).toBeUndefined();
    }
    expect(await spot(u, 'ADA')).toBe('5');
    expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ADA', amount: '5' })).body.code).toBe(0);
    expect(await spot(u, 'ADA')).toBe('0');
  });

  it('refuses more than the holding and below the minimum, and changes nothing', async () => {
    const u = await lender(ts, { DOT: '10' });
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'DOT', amount: '10' });
    expect((await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'DOT', amount: '10.5' })).body).toMatchObject({
      code: -1,
      message: 'The current maximum is 10 DOT',
      key: 'redeem.number.maxLimit',
    });
    expect((await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'DOT', amount: '0.0000001' })).body.key).toBe(
      'redeem.number.minLimit',
    );
    expect((await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'DOT', amount: '1e1' })).body.message).toBe(
      'amount must be a plain decimal number, for example "12.5"',
    );
    expect((await holding(u, 'DOT')).curr_amount).toBe('10');
  });
});

describe('subscribing', () => {
  it('validates amount, asset, minimum and the minimum APR, and writes nothing on refusal', async () => {
    const u = await lender(ts, { USDT: '100' });
    const cases: [Record<string, unknown>, string][] = [
      [{ asset: 'USDT', amount: '0.5' }, 'The minimum subscription is 1 USDT'],
      [{ asset: 'USDT', amount: '1.0000001' }, 'amount must have at most 6 decimal places'],
      [{ asset: 'USDT', amount: '-3' }, 'amount must not be negative'],
      [{ asset: 'USDT', amount: 5 }, 'amount must be a decimal string, for example "12.5"'],
      [{ asset: 'NOPE', amount: '5' }, 'asset NOPE has no flexible product'],
      [{ asset: 'USDT', amount: '101' }, 'Not enough USDT available'],
      [{ asset: 'USDT', amount: '5', rateYear: '0.06' }, 'The minimum APR can be at most 5%'],
      [{ asset: 'USDT', amount: '5', rateYear: '0.005' }, 'The minimum APR must be at least 1%'],
      [{ asset: 'USDT' }, 'amount is required'],
    ];
    for (const [body, message] of cases) {
      const res = await u.post('/apiw/v2/uni-loan/earn/subscribe', body);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(await spot(u, 'USDT')).toBe('100');
    expect((await u.get('/apiw/v2/uni-loan/earn/subscribe')).body.data.total).toBe(0);
  });

  it('asks for the fund password under the default policy', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '50');
    const ask = await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10' });
    expect(ask.body).toMatchObject({ code: 10010111, require_fundpass: true });
    const done = await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10', fundpass: '123456' });
    expect(done.body.code).toBe(0);
  });

  it('is blocked, with the spec toasts, while funding is in use and the account locked', async () => {
    const u = await lender(ts, { USDT: '50' });
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, use_funding: true, locked: true });
    expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10' })).body.key).toBe(
      'lend_earn.notsubscribe.toast',
    );
    expect((await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '1' })).body.key).toBe(
      'lend_earn.notredeem.toast',
    );
  });

  it('edits the minimum APR within the coin limits', async () => {
    const u = await lender(ts, { ETH: '1' });
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '1' });
    expect(
      (await u.post('/apiw/v2/uni-loan/earn/interest-rate', { asset: 'ETH', rateYear: '0.0234' })).body.data,
    ).toEqual({
      asset: 'ETH',
      min_lend_rate_year: '0.0234',
    });
    expect((await holding(u, 'ETH')).min_lend_rate_year).toBe('0.0234');
    expect((await u.post('/apiw/v2/uni-loan/earn/interest-rate', { asset: 'ETH', rateYear: '0.0501' })).body.key).toBe(
      'lend_earn.rate.max',
    );
    expect(
      (await u.post('/apiw/v2/uni-loan/earn/interest-rate', { asset: 'ETH', rateYear: '0.00001' })).body.message,
    ).toBe('rateYear must have at most 4 decimal places');
  });
});

describe('auto-earn', () => {
  it('subscribes idle balances of switched-on coins before the next clearing', async () => {
    const u = await lender(ts, { LINK: '25.1234567', ADA: '40' });
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'LINK', status: '1' })).body.data).toEqual({
      status: { LINK: 1 },
      global_status: 0,
    });
    await advance(ts, 1);
    expect(await spot(u, 'LINK')).toBe('0.0000007');
    expect((await holding(u, 'LINK')).curr_amount).toBe('25.123456');
    expect(await spot(u, 'ADA')).toBe('40');
    const hist = (await u.get('/apiw/v2/uni-loan/earn/history?type=1&asset=LINK')).body.data.list;
    expect(hist[0]).toMatchObject({ amount: '25.123456', mode: 5 });

    await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'ALL_ASSET', status: '1' });
    expect((await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=ADA,LINK')).body.data).toEqual({
      status: { ADA: 1, LINK: 1 },
      global_status: 1,
    });
    await advance(ts, 1);
    expect(await spot(u, 'ADA')).toBe('0');
  });

  it('adds what it sweeps to a lending position without leaving the position out of that hour twice', async () => {
    const u = await lender(ts, { DOT: '100' });
    await setDemand(ts, 'DOT', '1000000', '0.05');
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'DOT', amount: '100' });
    await advance(ts, 2);
    await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'DOT', status: '1' });
    await ts.deposit(u.email, 'DOT', '7');
    await advance(ts, 1);
    // The hour just cleared offers all the position held at its boundary (with the interest paid
    // then); the 7 swept in at that instant join the next hour's book.
    const held = new Decimal((await holding(u, 'DOT')).curr_amount);
    const lend = async () => (await u.get('/apiw/v2/uni-loan/earn/lend-detail?asset=DOT')).body.data[0];
    expect(new Decimal((await lend()).offered).toFixed()).toBe(held.minus(7).toFixed());
    expect((await lend()).lent).toBe((await lend()).offered);
    await advance(ts, 1);
    expect(new Decimal((await lend()).offered).toFixed()).toBe(
      new Decimal((await holding(u, 'DOT')).curr_amount).toFixed(),
    );
  });

  it('lets a coin be switched off while all coins stay on, and says so truthfully', async () => {
    const u = await lender(ts, { XRP: '10' });
    await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'ALL_ASSET', status: '1' });
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'XRP', status: '0' })).body.data).toEqual({
      status: { XRP: 0 },
      global_status: 1,
    });
    await advance(ts, 1);
    expect(await spot(u, 'XRP')).toBe('10');
    // Switching all coins again forgets each coin's own switch.
    await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'ALL_ASSET', status: '1' });
    expect((await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=XRP')).body.data.status).toEqual({ XRP: 1 });
    // ALL_ASSET asks for every coin, as it switches every coin.
    const every = (await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=ALL_ASSET')).body.data;
    expect(every).toEqual((await u.get('/apiw/v2/uni-loan/earn/autoivest')).body.data);
    expect(every).toMatchObject({ status: { XRP: 1, BTC: 1 }, global_status: 1 });
    // An unknown coin beside it is still refused.
    expect((await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=ALL_ASSET,NOPE')).body.key).toBe(
      'lend_earn.noProduct',
    );
    expect((await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=NOPE')).body).toMatchObject({
      code: -1,
      message: 'assets NOPE has no flexible product',
      data: null,
      key: 'lend_earn.noProduct',
      params: { coin: 'NOPE' },
    });
  });

  it('never subscribes straight back what a redemption paid out, and a redemption can switch it off', async () => {
    const u = await lender(ts, { DOT: '1000' });
    await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'DOT', status: '1' });
    await advance(ts, 1);
    expect(await spot(u, 'DOT')).toBe('0');
    // Redeem 500 with auto-earn left on: the 500 stays in spot, hour after hour.
    expect((await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'DOT', amount: '500' })).body.code).toBe(0);
    await advance(ts, 2);
    expect(await spot(u, 'DOT')).toBe('500');
    // Coins that arrive later are swept as before; the redeemed 500 is still kept.
    await ts.deposit(u.email, 'DOT', '30');
    await advance(ts, 1);
    expect(await spot(u, 'DOT')).toBe('500');
    expect((await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=DOT')).body.data.status).toEqual({ DOT: 1 });
    // Redeem with the checkbox unticked: auto-earn goes off for the coin.
    await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'DOT', amount: '100', auto_invest_status: 0 });
    expect((await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=DOT')).body.data.status).toEqual({ DOT: 0 });
    await advance(ts, 1);
    expect(await spot(u, 'DOT')).toBe('600');
    // Switching it on again sweeps every idle coin, the redeemed ones too.
    await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'DOT', status: '1' });
    await advance(ts, 1);
    expect(await spot(u, 'DOT')).toBe('0');
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('switches auto-earn on with a redemption whose box is ticked, keeping what it redeems out of the sweep', async () => {
    const u = await lender(ts, { DOT: '1000' });
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'DOT', amount: '1000' });
    await ts.deposit(u.email, 'DOT', '30');
    expect(
      (await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'DOT', amount: '200', auto_invest_status: 1 })).body.code,
    ).toBe(0);
    expect((await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=DOT')).body.data.status).toEqual({ DOT: 1 });
    // The idle 30 is swept in at the hour; the 200 just redeemed stays in spot.
    await advance(ts, 2);
    expect(await spot(u, 'DOT')).toBe('200');
    // Left unticked while it is off, nothing changes.
    const other = await lender(ts, { DOT: '100' });
    await other.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'DOT', amount: '100' });
    await other.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'DOT', amount: '10', auto_invest_status: 0 });
    expect((await other.get('/apiw/v2/uni-loan/earn/autoivest?assets=DOT')).body.data.status).toEqual({ DOT: 0 });
    // A VIP account has no auto-earn to switch on: refused, and nothing redeemed.
    await ts.admin.post('/admin/v1/users/settings', { email: other.email, tier: 5 });
    const vip = await other.post('/apiw/v2/uni-loan/earn/redeem', {
      asset: 'DOT',
      amount: '10',
      auto_invest_status: 1,
    });
    expect(vip.body.key).toBe('lend_earn.autoEarn.vip');
    expect((await holding(other, 'DOT')).curr_amount).toBe('90');
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('keeps a position redeemed whole out of the sweep, with the last hour’s interest paid with it', async () => {
    const u = await lender(ts, { DOGE: '1000' });
    await setDemand(ts, 'DOGE', '100000', '0.05');
    await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'DOGE', status: '1' });
    await advance(ts, 3); // swept in, then lent
    const everything = (await holding(u, 'DOGE')).curr_amount as string;
    const redeemed = await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'DOGE', amount: everything });
    expect(redeemed.body.data.frozen_amount).toBe(everything);
    await advance(ts, 2);
    // All of it stays in spot, the last hour's interest too: nothing is swept back into a position.
    const paid = new Decimal(await spot(u, 'DOGE'));
    expect(paid.gt(everything)).toBe(true);
    expect(await holding(u, 'DOGE')).toBeUndefined();
    expect((await u.get('/apiw/v2/uni-loan/earn/autoivest?assets=DOGE')).body.data.status).toEqual({ DOGE: 1 });
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('is refused to VIP users and for unknown coins', async () => {
    const u = await lender(ts, {});
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'NOPE', status: '1' })).body.message).toBe(
      'asset NOPE has no flexible product',
    );
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'BTC', status: 'yes' })).body.message).toBe(
      'status must be one of 1, 0',
    );
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, tier: 5 });
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'BTC', status: '1' })).body.key).toBe(
      'lend_earn.autoEarn.vip',
    );
    // A VIP's malformed call is refused for its input first, as anyone's is.
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'BTC', status: 'yes' })).body).toMatchObject({
      message: 'status must be one of 1, 0',
      key: 'validation.oneOf',
    });
  });
});

describe('bonuses', () => {
  it('pays the award pool in GT and the ladder bonus in USDT on the hour’s holding', async () => {
    const u = await lender(ts, { USDT: '2000' });
    await setDemand(ts, 'USDT', '0', '0.05');
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '2000' });
    const before = await spot(u, 'GT');
    await advance(ts, 3);
    const now = (ts.server.ctx.clock as ManualClock).now().getTime();
    // Two hours of book (the subscription joined at the second clearing): award 2000 x 2% / 8760, in GT at each hour's price.
    let award = new Decimal(0);
    for (const hour of [now - 2 * HOUR_MS, now - HOUR_MS]) {
      const ratio = new Decimal(1).div(priceAt('GT', '18.5', hour)).toFixed(18);
      award = award.plus(
        new Decimal(2000)
          .times('0.02')
          .times(ratio)
          .toDecimalPlaces(30)
          .div(8760)
          .toDecimalPlaces(8, Decimal.ROUND_DOWN),
      );
    }
    expect(new Decimal(await spot(u, 'GT')).minus(before).toFixed()).toBe(award.toFixed());
    // Ladder: the first 1000 USDT at 3% a year: 1000 x 0.03 / 8760 = 0.00342465 an hour.
    expect(await spot(u, 'USDT')).toBe('0.0068493');
    const bonus = (await u.get('/apiw/v2/uni-loan/earn/history?type=4')).body.data.list;
    expect(bonus.map((r: { bonus_asset: string }) => r.bonus_asset).sort()).toEqual(['GT', 'GT', 'USDT', 'USDT']);
    // Each row's amount is in its bonus coin, which its bonus fields say (the asset is the lent coin).
    for (const r of bonus as { amount: string; asset: string; bonus_amount: string }[]) {
      expect([r.asset, r.bonus_amount]).toEqual(['USDT', r.amount]);
    }
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});

describe('the borrowers’ bid', () => {
  it('is all-in: the hour clears at a lender rate no higher than bid / (1 + fee)', async () => {
    expect((await ts.admin.post('/admin/v1/simple-earn/market', { coin: 'LINK', fee_rate: '0.1' })).body.code).toBe(0);
    await setDemand(ts, 'LINK', '150', '0.006');
    const above = await lender(ts, { LINK: '100' });
    const below = await lender(ts, { LINK: '100' });
    await above.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'LINK', amount: '100', rateYear: '0.0058' });
    await below.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'LINK', amount: '100', rateYear: '0.005' });
    await advance(ts, 2);
    // Cap 0.006 / 1.1 = 0.00545...: the 0.58% offer is above it, the 0.5% offer lends in full at 0.5%.
    const [hour] = (await below.get('/apiw/v2/uni-loan/earn/lend-detail?asset=LINK')).body.data;
    expect(hour).toMatchObject({ rate: '0.005', reason: 'none' });
    expect((await above.get('/apiw/v2/uni-loan/earn/lend-detail?asset=LINK')).body.data[0]).toMatchObject({
      lent: '0',
      reason: 'min_rate_above',
    });
    // What borrowers pay (interest and fee) is within their bid.
    const [paid] = rowsOf<{ interest_paid: string; fee_paid: string; lent: string; max_rate: string }>(
      await ts.server.ctx.db.execute(
        sql`SELECT interest_paid::text, fee_paid::text, lent::text, max_rate::text FROM flexible_hours
            WHERE coin = 'LINK' AND lent > 0 AND interest_paid > 0 ORDER BY hour DESC LIMIT 1`,
      ),
    );
    expect(paid?.max_rate && new Decimal(paid.max_rate).toFixed()).toBe('0.006');
    const allIn = new Decimal(paid?.interest_paid ?? 0).plus(paid?.fee_paid ?? 0);
    expect(allIn.lte(new Decimal(paid?.lent ?? 0).times('0.006').div(8760))).toBe(true);
    await ts.admin.post('/admin/v1/simple-earn/market', { coin: 'LINK', fee_rate: '0' });
  });
});

describe('operator bonus settings', () => {
  it('refuses overlapping ladder tiers and an award window ending before its stored start', async () => {
    const overlap = await ts.admin.post('/admin/v1/simple-earn/market', {
      coin: 'LINK',
      ladder_apr: [
        { left: '0', right: '1000', apr: '0.03' },
        { left: '500', right: '2000', apr: '0.01' },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe('ladder_apr: tiers 0-1000 and 500-2000 overlap');
    const start = Math.floor(T0 / 1000) + 7 * 24 * 3600;
    expect(
      (
        await ts.admin.post('/admin/v1/simple-earn/market', {
          coin: 'LINK',
          award_start_at: start,
          award_end_at: start + 3600,
        })
      ).body.code,
    ).toBe(0);
    const backwards = await ts.admin.post('/admin/v1/simple-earn/market', { coin: 'LINK', award_end_at: start - 3600 });
    expect(backwards.body.message).toBe('award_start_at must be before award_end_at');
    // The award pays whole hours: a window that opened mid-hour would not pay its first part.
    const midHour = await ts.admin.post('/admin/v1/simple-earn/market', { coin: 'LINK', award_start_at: start + 1800 });
    expect(midHour.status).toBe(400);
    expect(midHour.body.message).toBe('award_start_at must be on a whole hour');
    // Adjacent tiers are fine.
    expect(
      (
        await ts.admin.post('/admin/v1/simple-earn/market', {
          coin: 'LINK',
          ladder_apr: [
            { left: '1000', right: '2000', apr: '0.01' },
            { left: '0', right: '1000', apr: '0.03' },
          ],
        })
      ).body.code,
    ).toBe(0);
  });
});

describe('bonuses on what was held', () => {
  it('pays the hour’s bonuses on what was held through it, not on money redeemed during it, each per its own coin', async () => {
    const u = await lender(ts, { USDT: '2000' });
    await setDemand(ts, 'USDT', '0', '0.05');
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '2000' });
    await advance(ts, 2); // in the book for a whole hour
    await (ts.server.ctx.clock as ManualClock).advance(ts.server.ctx.db, 10 * 60_000);
    const redeemedAt = (ts.server.ctx.clock as ManualClock).now().getTime();
    expect((await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '1700' })).body.code).toBe(0);
    const [usdtBefore, gtBefore] = [new Decimal(await spot(u, 'USDT')), new Decimal(await spot(u, 'GT'))];
    await advance(ts, 1);
    // Held through the hour: 300. Ladder 300 x 3% / 8760; award 300 x 2% / 8760 in GT at the hour's price.
    expect(new Decimal(await spot(u, 'USDT')).minus(usdtBefore).toFixed()).toBe('0.00102739');
    const hour = Math.floor(redeemedAt / HOUR_MS) * HOUR_MS;
    const ratio = new Decimal(1).div(priceAt('GT', '18.5', hour)).toFixed(18);
    const award = new Decimal(300).times('0.02').times(ratio).toDecimalPlaces(30).div(8760).toDecimalPlaces(8, 1);
    expect(new Decimal(await spot(u, 'GT')).minus(gtBefore).toFixed()).toBe(award.toFixed());
    // The per-day bonus view keeps USDT and GT apart.
    const days = (await u.get('/apiw/v2/uni-loan/earn/history?type=4&is_daily_log=1')).body.data.list as {
      amount: string;
      bonus_amount: string;
      bonus_asset: string;
    }[];
    expect(days.map((d) => d.bonus_asset).sort()).toEqual(['GT', 'USDT']);
    expect(days.map((d) => d.bonus_amount)).toEqual(days.map((d) => d.amount));
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});

describe('bonuses on money still lent', () => {
  it('pays them on money whose redemption waits for the hour’s end (still lent through it) and on money whose redemption was taken back', async () => {
    await setDemand(ts, 'USDT', '100000000', '0.05');
    const [plain, kept, revoked] = [
      await lender(ts, { USDT: '2000' }),
      await lender(ts, { USDT: '2000' }),
      await lender(ts, { USDT: '2000' }),
    ];
    for (const u of [plain, kept, revoked]) {
      expect((await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '2000' })).body.code).toBe(0);
    }
    await advance(ts, 2); // all of it lent this hour
    await (ts.server.ctx.clock as ManualClock).advance(ts.server.ctx.db, 10 * 60_000);
    for (const u of [kept, revoked]) {
      const redeemed = await u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '1700' });
      expect(redeemed.body.data).toMatchObject({ instant_amount: '0', frozen_amount: '1700' });
    }
    expect((await revoked.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'USDT' })).body.code).toBe(0);
    const balances = async (u: typeof plain) => [new Decimal(await spot(u, 'USDT')), new Decimal(await spot(u, 'GT'))];
    const before = [await balances(plain), await balances(kept), await balances(revoked)];
    await advance(ts, 1);
    const after = [await balances(plain), await balances(kept), await balances(revoked)];
    const gained = after.map((coins, i) => coins.map((c, j) => c.minus(before[i]?.[j] ?? 0).toFixed()));
    // No redemption: the ladder's first 1000 USDT at 3% (0.00342465 an hour), and the award in GT.
    expect(gained[0]?.[0]).toBe('0.00342465');
    expect(new Decimal(gained[0]?.[1] ?? 0).gt(0)).toBe(true);
    // The redemption taken back changed nothing; the one kept is paid out with the same bonuses.
    expect(gained[2]).toEqual(gained[0]);
    expect(gained[1]).toEqual([new Decimal(1700).plus('0.00342465').toFixed(), gained[0]?.[1]]);
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
    await setDemand(ts, 'USDT', '0', '0.05');
  });
});

describe('catch-up', () => {
  it('settles a gap hour by hour exactly as if the scheduler had run every hour', async () => {
    const stepped = await startTestServer();
    const jumped = await startTestServer();
    for (const server of [stepped, jumped]) {
      const u = await lender(server, { BNB: '7', GT: '300' });
      await setDemand(server, 'BNB', '5', '0.02');
      await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'BNB', amount: '7' });
      await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'GT', amount: '300' });
    }
    await advance(stepped, 8);
    const clock = jumped.server.ctx.clock as ManualClock;
    await clock.advance(jumped.server.ctx.db, 8 * HOUR_MS);
    const runs = await jumped.server.scheduler.runDue();
    expect(runs.filter((r) => r.job === 'simple-earn.flexible-hour')).toHaveLength(8);
    const balances = async (server: TestServer) =>
      rowsOf<{ wallet: string; coin: string; balance: string }>(
        await server.server.ctx.db.execute(
          sql`SELECT wallet, coin, balance::text FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE u.email LIKE 'user%' ORDER BY wallet, coin`,
        ),
      ).map((r) => `${r.wallet}:${r.coin}:${new Decimal(r.balance).toFixed()}`);
    expect(await balances(jumped)).toEqual(await balances(stepped));
    await stepped.close();
    await jumped.close();
  });
});

describe('the clearing in SQL', () => {
  it('agrees with the domain rule on random books', async () => {
    const db = ts.server.ctx.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ units: fc.integer({ min: 1, max: 50_000 }), bps: fc.integer({ min: 10, max: 500 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 10, max: 600 }),
        async (book, demandUnits, bidBps) => {
          const offers: Offer[] = book.map((o, i) => ({
            id: String(i + 1).padStart(4, '0'),
            amount: new Decimal(o.units).div(100),
            minRate: new Decimal(o.bps).div(10_000),
            priorityMs: T0 + (i % 3) * 1000,
          }));
          const demand = { amount: new Decimal(demandUnits).div(100), maxRate: new Decimal(bidBps).div(10_000) };
          const expected = clearHour(offers, demand);
          const values = sql.join(
            offers.map(
              (o) =>
                sql`(${Number(o.id)}, 0, 0, 'X', ${o.amount.toFixed()}::numeric, ${o.minRate.toFixed()}::numeric, ${new Date(o.priorityMs).toISOString()}::timestamptz)`,
            ),
            sql`, `,
          );
          const result = rowsOf<{ position_id: number; lent: string; rate: string; reason: string }>(
            await db.execute(
              clearBook(
                sql`SELECT * FROM (VALUES ${values}) v(id, user_id, account_id, coin, offered, min_rate, priority_at)`,
                [{ coin: 'X', ...demand }],
              ),
            ),
          );
          const got = Object.fromEntries(
            result.map((r) => [
              String(r.position_id).padStart(4, '0'),
              `${new Decimal(r.lent).toFixed()}@${new Decimal(r.rate).toFixed()}:${r.reason}`,
            ]),
          );
          const want = Object.fromEntries(
            expected.fills.map((f) => [f.id, `${f.lent.toFixed()}@${expected.rate.toFixed()}:${f.reason}`]),
          );
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('next_time_rate_year', () => {
  it('is the rate the current book would clear at against next hour’s demand', async () => {
    const a = await lender(ts, { XRP: '100' });
    const b = await lender(ts, { XRP: '100' });
    await setDemand(ts, 'XRP', '150', '0.03');
    await a.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'XRP', amount: '100', rateYear: '0.005' });
    await b.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'XRP', amount: '100', rateYear: '0.02' });
    await advance(ts, 2);
    const info = async () => (await a.get('/apiw/v2/uni-loan/earn/coin-info?coin=XRP')).body.data[0];
    // 150 wanted: all of A at 0.5% and half of B at 2% -> 2%.
    expect((await info()).next_time_rate_year).toBe('0.02');
    expect((await info()).last_rate_year).toBe('0.02');
    await setDemand(ts, 'XRP', '50', '0.03');
    await advance(ts, 1);
    // From the next hour only 50 is wanted: A alone fills it at its 0.5%.
    expect((await info()).next_time_rate_year).toBe('0.005');
    expect((await holding(a, 'XRP')).next_time_rate_year).toBe('0.005');
    const unknown = await a.get('/apiw/v2/uni-loan/earn/coin-info?coin=NOPE');
    expect(unknown.body).toMatchObject({ message: 'coin NOPE has no flexible product', key: 'lend_earn.noProduct' });
  });
});
