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
    expect((await holding(u, 'SOL')).frozen_status).toBe(0);
    expect((await u.post('/apiw/v2/uni-loan/earn/redeem/cancel', { asset: 'SOL' })).body.message).toBe(
      'There is no pending redemption to cancel',
    );

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
      [{ asset: 'USDT', amount: 5 }, 'amount must be string'],
      [{ asset: 'NOPE', amount: '5' }, 'asset NOPE has no flexible product'],
      [{ asset: 'USDT', amount: '101' }, 'Insufficient balance'],
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

  it('is refused to VIP users and for unknown coins', async () => {
    const u = await lender(ts, {});
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'NOPE', status: '1' })).body.message).toBe(
      'asset NOPE has no flexible product',
    );
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'BTC', status: 'yes' })).body.message).toBe(
      "status must be '1' or '0'",
    );
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, tier: 5 });
    expect((await u.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'BTC', status: '1' })).body.key).toBe(
      'lend_earn.autoEarn.vip',
    );
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
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
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
                sql`(${Number(o.id)}, 0, 'X', ${o.amount.toFixed()}::numeric, ${o.minRate.toFixed()}::numeric, ${new Date(o.priorityMs).toISOString()}::timestamptz)`,
            ),
            sql`, `,
          );
          const result = rowsOf<{ position_id: number; lent: string; rate: string; reason: string }>(
            await db.execute(
              clearBook(sql`SELECT * FROM (VALUES ${values}) v(id, user_id, coin, offered, min_rate, priority_at)`, [
                { coin: 'X', ...demand },
              ]),
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
    expect(unknown.body.message).toBe('asset NOPE has no flexible product');
  });
});
