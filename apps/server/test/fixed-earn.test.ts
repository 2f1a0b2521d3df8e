import { DAY_MS, Decimal, fixedInterest, voucherInterest } from '@earn/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { longRunning, spot } from './flexible-helpers.js';
import { HOUR_MS, startTestServer, T0, type TestServer } from './helpers.js';
import { fixedProduct, fixedProductBody } from './product-helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());
afterEach(async () => {
  expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
});

const FIXED = '/apiw/v2/fixed_earn/api';
type Client = Awaited<ReturnType<typeof lender>>;

const { lender, advance } = longRunning();

const product = (fields: Record<string, unknown> = {}) => fixedProduct(ts, fields);

async function lend(u: Client, productId: number, amount: string, extra: Record<string, unknown> = {}) {
  const detail = await u.get(`${FIXED}/product/detail?id=${productId}`);
  return u.post(`${FIXED}/user/lend`, {
    product_id: productId,
    amount,
    year_rate: detail.body.data.year_rate,
    redeem_account_type: 0,
    reinvest_status: 0,
    ...extra,
  });
}

async function order(u: Client, orderId: string) {
  const res = await u.get(`${FIXED}/user/lend?order_type=1&order_id=${orderId}`);
  if (!res.body.data) throw new Error(JSON.stringify(res.body));
  return res.body.data.list[0];
}

const now = async () => (await ts.admin.get('/admin/v1/clock')).body.data.now_ms as number;
/** Advances the manual clock to the given instant (whole hours). */
async function advanceTo(ms: number) {
  const hours = Math.ceil((ms - (await now())) / HOUR_MS);
  if (hours > 0) await advance(ts, hours);
}

describe('a fixed order', () => {
  it('pays principal and interest at finish_time, with its history rows and inbox messages', async () => {
    const id = await product();
    const u = await lender(ts, { USDT: '5000' });
    const subscribedAt = await now();
    const res = await lend(u, id, '1000.1234567'.slice(0, 11));
    expect(res.body.code).toBe(0);
    const interest = fixedInterest('1000.123456', '0.073', 7);
    expect(res.body.data).toMatchObject({ amount: '1000.123456', lock_up_period: 7, interest: interest.toFixed() });
    const start = Math.floor(subscribedAt / DAY_MS) * DAY_MS + DAY_MS;
    expect(res.body.data.interest_start_time).toBe(start / 1000);
    expect(res.body.data.finish_time).toBe((start + 7 * DAY_MS) / 1000);
    expect(res.body.data.received_time).toBe((start + 7 * DAY_MS) / 1000 + 1800);
    expect(await spot(u, 'USDT')).toBe('3999.876544');

    const held = await order(u, res.body.data.order_id);
    expect(held).toMatchObject({ status: 0, principal: '1000.123456', interest: interest.toFixed() });
    // The Simple Earn totals count fixed principal as held, and its interest once paid.
    const statistics = async () => (await u.get('/apiw/v2/uni-loan/earn/statistics')).body.data;
    expect(await statistics()).toMatchObject({ total_lend_usdt: '1000.123456', total_interest_usdt: '0' });
    const finish = start + 7 * DAY_MS;
    await advanceTo(finish - 2 * HOUR_MS);
    expect(await order(u, res.body.data.order_id)).toMatchObject({ status: 1, actions_locked: false });
    const inbox = (await u.get('/apiw/v2/inbox')).body.data.list;
    const maturing = inbox.find((m: { key: string }) => m.key === 'inbox.fixed.maturing');
    // The instant it matures, for the reader's own time zone, beside the server's UTC words.
    expect(maturing.params).toMatchObject({ finish_time: String(finish), asset: 'USDT', days: '7' });
    await advance(ts, 1);
    expect(await order(u, res.body.data.order_id)).toMatchObject({ status: 1, actions_locked: true });
    // Not paid a moment early.
    expect(await spot(u, 'USDT')).toBe('3999.876544');
    await advance(ts, 1);
    expect(await spot(u, 'USDT')).toBe(new Decimal('5000').plus(interest).toFixed());
    expect(await order(u, res.body.data.order_id)).toMatchObject({ status: 3 });
    expect((await u.get(`${FIXED}/user/lend?order_type=1`)).body.data.total).toBe(0);
    expect(await statistics()).toMatchObject({ total_lend_usdt: '0', total_interest_usdt: interest.toFixed() });

    const history = (await u.get(`${FIXED}/user/history`)).body.data.list as { type: number; amount: string }[];
    expect(history.map((h) => [h.type, h.amount])).toEqual([
      [3, interest.toFixed()],
      [2, '1000.123456'],
      [1, '1000.123456'],
    ]);
    const paid = (await u.get('/apiw/v2/inbox')).body.data.list.find(
      (m: { key: string }) => m.key === 'inbox.fixed.paid',
    );
    expect(paid.params).toMatchObject({ asset: 'USDT', principal: '1000.123456', interest: interest.toFixed() });
    // Nothing is paid twice: more hours change nothing.
    await advance(ts, 3);
    expect(await spot(u, 'USDT')).toBe(new Decimal('5000').plus(interest).toFixed());
  });

  it('renews the whole principal, or only the chosen part, and pays the interest out', async () => {
    const id = await product({ year_rate: '0.0365', lock_up_period: 1 });
    const whole = await lender(ts, { USDT: '1000' });
    const part = await lender(ts, { USDT: '1000' });
    const a = await lend(whole, id, '500', { reinvest_status: 1 });
    const b = await lend(part, id, '500', { reinvest_status: 1, reinvest_amount: '200' });
    expect(a.body.code).toBe(0);
    expect(b.body.code).toBe(0);
    const finish = (await order(whole, a.body.data.order_id)).finish_time * 1000;
    await advanceTo(finish + HOUR_MS);
    const interest = fixedInterest('500', '0.0365', 1);
    expect(await spot(whole, 'USDT')).toBe(new Decimal(500).plus(interest).toFixed());
    expect(await spot(part, 'USDT')).toBe(new Decimal(800).plus(interest).toFixed());
    const renewedWhole = (await whole.get(`${FIXED}/user/lend?order_type=1`)).body.data.list;
    expect(renewedWhole).toHaveLength(1);
    expect(renewedWhole[0]).toMatchObject({ principal: '500', reinvest_status: 1, mode: 15 });
    // The renewal earns from the instant the first matured.
    expect(renewedWhole[0].interest_start_time).toBe(finish / 1000);
    expect(renewedWhole[0].finish_time).toBe((finish + DAY_MS) / 1000);
    const renewedPart = (await part.get(`${FIXED}/user/lend?order_type=1`)).body.data.list;
    expect(renewedPart[0]).toMatchObject({ principal: '200' });
    expect((await order(whole, a.body.data.order_id)).renewed_order_id).toBe(renewedWhole[0].order_id);
    const types = (await part.get(`${FIXED}/user/history`)).body.data.list.map((h: { type: number; mode: number }) => [
      h.type,
      h.mode,
    ]);
    expect(types).toContainEqual([1, 15]);
  });

  it('renews into the best normal product of the same coin and term when its own is sold out', async () => {
    const own = await product({ coin: 'ETH', lock_up_period: 1, year_rate: '0.02', min_lend_amount: '0.1' });
    const better = await product({ coin: 'ETH', lock_up_period: 1, year_rate: '0.03', min_lend_amount: '0.1' });
    await product({ coin: 'ETH', lock_up_period: 1, year_rate: '0.025', min_lend_amount: '0.1' });
    const u = await lender(ts, { ETH: '10' });
    const res = await lend(u, own, '2', { reinvest_status: 1 });
    await ts.admin.put(`/admin/v1/fixed-earn/products/${own}`, { sale: 'closed' });
    await advanceTo((await order(u, res.body.data.order_id)).finish_time * 1000 + HOUR_MS);
    const [renewed] = (await u.get(`${FIXED}/user/lend?order_type=1&asset=ETH`)).body.data.list;
    expect(renewed).toMatchObject({ product_id: better, principal: '2', year_rate: '0.03' });
  });

  it('pays a bonus in another coin to the trading account, and says so in history and the inbox', async () => {
    const id = await product({
      lock_up_period: 1,
      bonus_asset: 'GT',
      ladder_apr: [{ left: '0', right: '1000', apr: '0.2' }],
    });
    const u = await lender(ts, { USDT: '100' });
    // Redeem-to flexible moves the USDT on; the GT bonus stays in spot (there is no GT to lend it to).
    const res = await lend(u, id, '100', { redeem_account_type: 1 });
    const bonus = (await order(u, res.body.data.order_id)).bonus_info.amount;
    expect(new Decimal(bonus).gt(0)).toBe(true);
    await advanceTo((await order(u, res.body.data.order_id)).finish_time * 1000 + HOUR_MS);
    expect(await spot(u, 'GT')).toBe(bonus);
    const rows = (await u.get(`${FIXED}/user/history?type=4`)).body.data.list;
    expect(rows).toMatchObject([{ type: 4, mode: 32, amount: bonus, bonus_asset: 'GT' }]);
    const paid = (await u.get('/apiw/v2/inbox')).body.data.list.find(
      (m: { key: string }) => m.key === 'inbox.fixed.paidBonus',
    );
    expect(paid.params).toMatchObject({
      asset: 'USDT',
      principal: '100',
      bonus,
      bonus_asset: 'GT',
      account: 'flexible',
      bonus_account: 'spot',
    });
    expect(paid.body).toContain(`and a ${bonus} GT bonus to your spot account`);
  });

  it('pays into flexible Simple Earn when redeem-to says so', async () => {
    const id = await product({ lock_up_period: 1 });
    const u = await lender(ts, { USDT: '100' });
    const res = await lend(u, id, '100', { redeem_account_type: 1 });
    await advanceTo((await order(u, res.body.data.order_id)).finish_time * 1000 + HOUR_MS);
    expect(await spot(u, 'USDT')).toBe('0');
    const flexible = (await u.get('/apiw/v2/uni-loan/earn/subscribe?asset=USDT')).body.data.list[0];
    expect(new Decimal(flexible.curr_amount).gte(new Decimal(100).plus(fixedInterest('100', '0.073', 1)))).toBe(true);
  });
});

describe('a ladder bonus over several orders', () => {
  const ladder_apr = [{ left: '0', right: '1000', apr: '0.04' }];
  const bonusOf = (amount: string, days: number) =>
    new Decimal(amount).times('0.04').times(days).div(365).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();

  it('fills the tiers from what the user already holds, so splitting pays no more than one order', async () => {
    const id = await product({ lock_up_period: 7, ladder_apr });
    const u = await lender(ts, { USDT: '2000' });
    const first = await lend(u, id, '600');
    expect(first.body.data.bonus_amount).toBe(bonusOf('600', 7));
    const quota = (await u.get(`${FIXED}/user/remaining-quota?product_id=${id}`)).body.data;
    expect(quota).toMatchObject({ user_held: '600', user_ladder_slices: [['0', '600']] });
    // Only 400 of the next 800 are left in the tier.
    const second = await lend(u, id, '800');
    expect(second.body.data.bonus_amount).toBe(bonusOf('400', 7));
    expect((await order(u, second.body.data.order_id)).bonus_info.amount).toBe(bonusOf('400', 7));
    // 7.3% and 4% on 400 of 800: 9.30%.
    expect(second.body.data.total_year_rate_percent).toBe('9.30');
    const once = await lender(ts, { USDT: '2000' });
    const whole = await lend(once, id, '1400');
    expect(whole.body.data.bonus_amount).toBe(bonusOf('1000', 7));
    // Past the tier, a third order earns no bonus.
    expect((await lend(u, id, '100')).body.data.bonus_amount).toBe('0');
  });

  it('is refused when it would grow with the amount: a gap, a start above 0, or a tier paying more than the one below', async () => {
    const body = (ladder: unknown) => fixedProductBody({ ladder_apr: ladder });
    const refusal = async (ladder: unknown) =>
      (await ts.admin.post('/admin/v1/fixed-earn/products', body(ladder))).body.message;
    expect(
      await refusal([
        { left: '0', right: '1000', apr: '0.01' },
        { left: '1000', right: '5000', apr: '0.05' },
      ]),
    ).toBe('ladder_apr: the tier from 1000 must not pay more than the one below it');
    expect(
      await refusal([
        { left: '0', right: '500', apr: '0.05' },
        { left: '1000', right: '5000', apr: '0.01' },
      ]),
    ).toBe('ladder_apr: a tier must start at 500, where the one below ends');
    expect(await refusal([{ left: '100', right: '500', apr: '0.05' }])).toBe(
      'ladder_apr: a tier must start at 0, where the one below ends',
    );
    const falling = [
      { left: '0', right: '500', apr: '0.1' },
      { left: '500', right: '2000', apr: '0.02' },
    ];
    expect((await ts.admin.post('/admin/v1/fixed-earn/products', body(falling))).body.code).toBe(0);
  });

  it('refuses an order whose bonus is no longer the one the user was shown, and writes nothing', async () => {
    const id = await product({ lock_up_period: 7, ladder_apr });
    const u = await lender(ts, { USDT: '2000' });
    // Shown before the user subscribed 1,000 elsewhere: 500 would then have had 4% on all of it.
    const shown = bonusOf('500', 7);
    expect((await lend(u, id, '1000', { bonus_amount: bonusOf('1000', 7) })).body.code).toBe(0);
    const stale = await lend(u, id, '500', { bonus_amount: shown });
    expect(stale.body).toMatchObject({ code: -1, key: 'fixed.bonus.changed' });
    expect(await spot(u, 'USDT')).toBe('1000');
    expect((await lend(u, id, '500', { bonus_amount: '0' })).body.data.bonus_amount).toBe('0');
    expect((await lend(u, id, '10', { bonus_amount: '0.000000001' })).body.message).toBe(
      'bonus_amount must have at most 8 decimal places',
    );
  });

  it('fills the lowest part of the tiers the held orders leave free: an order redeemed early frees its part', async () => {
    const id = await product({ lock_up_period: 7, ladder_apr, pre_redeem: 1 });
    const u = await lender(ts, { USDT: '3000' });
    const redeem = async (orderId: string) =>
      expect((await u.post(`${FIXED}/user/pre-redeem`, { order_id: orderId })).body.code).toBe(0);
    const first = await lend(u, id, '600');
    expect(first.body.data.bonus_amount).toBe(bonusOf('600', 7));
    const second = await lend(u, id, '600');
    expect(second.body.data.bonus_amount).toBe(bonusOf('400', 7));
    await redeem(second.body.data.order_id);
    // 600 held again: the next 600 have 400 in the tier once more.
    const third = await lend(u, id, '600');
    expect(third.body.data.bonus_amount).toBe(bonusOf('400', 7));
    // The order below is redeemed: its 0–600 is free, and the next order takes it.
    await redeem(first.body.data.order_id);
    const quota = (await u.get(`${FIXED}/user/remaining-quota?product_id=${id}`)).body.data;
    expect(quota).toMatchObject({ user_held: '600', user_ladder_slices: [['600', '1200']] });
    const fourth = await lend(u, id, '800');
    expect(fourth.body.data.bonus_amount).toBe(bonusOf('600', 7));
    // 7.3% and 4% on 600 of 800: 10.30%.
    expect(fourth.body.data.total_year_rate_percent).toBe('10.30');
    // The holding says where its bonus was counted: the freed 0–600, then above the 600–1,200 held.
    expect((await order(u, fourth.body.data.order_id)).bonus_info.ladder_slices).toEqual([
      ['0', '600'],
      ['1200', '1400'],
    ]);
  });

  it('renews into the lowest part of the tiers the orders still held leave free', async () => {
    const id = await product({ year_rate: '0.0365', lock_up_period: 1, ladder_apr });
    const u = await lender(ts, { USDT: '3000' });
    const renewing = await lend(u, id, '800', { reinvest_status: 1 });
    expect(renewing.body.data.bonus_amount).toBe(bonusOf('800', 1));
    await advance(ts, 24);
    // Opened a day later, this order is still held when the first renews: it has 200 of the tier.
    expect((await lend(u, id, '500')).body.data.bonus_amount).toBe(bonusOf('200', 1));
    await advanceTo((await order(u, renewing.body.data.order_id)).finish_time * 1000 + HOUR_MS);
    const renewed = (await u.get(`${FIXED}/user/lend?order_type=1`)).body.data.list.find(
      (o: { mode: number }) => o.mode === 15,
    );
    expect(renewed).toMatchObject({ principal: '800' });
    // The matured order's 0–800 is free again (the 500 still held sit at 800–1,300): all of it is in the tier.
    expect(renewed.bonus_info.amount).toBe(bonusOf('800', 1));
  });

  it('shows an order the ladder it was sold with, whatever the operator changes later', async () => {
    const id = await product({ lock_up_period: 7, ladder_apr });
    const u = await lender(ts, { USDT: '1000' });
    const res = await lend(u, id, '600');
    const sold = { ladder_apr: [{ ...ladder_apr[0], bonus_asset: 'USDT' }], amount: bonusOf('600', 7) };
    expect((await order(u, res.body.data.order_id)).bonus_info).toMatchObject(sold);
    const change = async (ladder: unknown) =>
      expect((await ts.admin.put(`/admin/v1/fixed-earn/products/${id}`, { ladder_apr: ladder })).body.code).toBe(0);
    await change([{ left: '0', right: '500', apr: '0.03' }]);
    expect((await order(u, res.body.data.order_id)).bonus_info).toMatchObject(sold);
    // With the ladder removed, the bonus it will still be paid is still shown.
    await change([]);
    expect((await order(u, res.body.data.order_id)).bonus_info).toMatchObject(sold);
  });

  it('places two renewals of the same hour in different parts of the tiers', async () => {
    const id = await product({ year_rate: '0.0365', lock_up_period: 1, ladder_apr });
    const u = await lender(ts, { USDT: '3000' });
    const a = await lend(u, id, '400', { reinvest_status: 1 });
    const b = await lend(u, id, '300', { reinvest_status: 1 });
    await advance(ts, 24);
    // 700 held at 0–700: this order takes 700–1,200, 300 of it in the tier.
    expect((await lend(u, id, '500')).body.data.bonus_amount).toBe(bonusOf('300', 1));
    await advanceTo((await order(u, a.body.data.order_id)).finish_time * 1000 + HOUR_MS);
    const renewed = (await u.get(`${FIXED}/user/lend?order_type=1`)).body.data.list.filter(
      (o: { mode: number }) => o.mode === 15,
    );
    // Both renew below the 500 still held, one after the other: 0–400 and 400–700, all in the tier.
    expect(
      renewed
        .map((o: { principal: string; bonus_info: { amount: string } }) => [o.principal, o.bonus_info.amount])
        .sort(),
    ).toEqual(
      [
        ['300', bonusOf('300', 1)],
        ['400', bonusOf('400', 1)],
      ].sort(),
    );
    expect((await u.get(`${FIXED}/user/remaining-quota?product_id=${id}`)).body.data.user_held).toBe('1200');
    expect(b.body.code).toBe(0);
  });
});

describe('early redemption', () => {
  it('forfeits the interest under the spec rule, or pays the early-exit APR for whole days held', async () => {
    const forfeit = await product({ lock_up_period: 30 });
    const exit = await product({ lock_up_period: 30, pre_redeem_rate_year: '0.0365' });
    const locked = await product({ lock_up_period: 30, pre_redeem: 0 });
    const u = await lender(ts, { USDT: '3000' });
    const a = await lend(u, forfeit, '1000');
    const b = await lend(u, exit, '1000');
    const c = await lend(u, locked, '1000');
    const start = (await order(u, b.body.data.order_id)).interest_start_time * 1000;
    await advanceTo(start + 3 * DAY_MS + 5 * HOUR_MS);
    const preview = await order(u, b.body.data.order_id);
    const exitInterest = fixedInterest('1000', '0.0365', 3);
    expect(preview.early_redeem).toMatchObject({
      interest: exitInterest.toFixed(),
      amount: `1000.${exitInterest.toFixed().split('.')[1]}`,
    });
    const ra = await u.post(`${FIXED}/user/pre-redeem`, { order_id: a.body.data.order_id });
    expect(ra.body.data).toMatchObject({ principal: '1000', interest: '0', amount: '1000' });
    const rb = await u.post(`${FIXED}/user/pre-redeem`, { order_id: Number(b.body.data.order_id) });
    expect(rb.body.data.interest).toBe(exitInterest.toFixed());
    const rc = await u.post(`${FIXED}/user/pre-redeem`, { order_id: c.body.data.order_id });
    expect(rc.body).toMatchObject({ code: -1, key: 'fixed.preRedeem.unsupported' });
    expect(await spot(u, 'USDT')).toBe(new Decimal(2000).plus(exitInterest).toFixed());
    const again = await u.post(`${FIXED}/user/pre-redeem`, { order_id: a.body.data.order_id });
    expect(again.body.key).toBe('fixed.order.ended');
    // Once redeemed, the order shows what it paid and when, not the interest it gave up.
    const redeemedAt = Math.floor((await now()) / 1000);
    expect(await order(u, a.body.data.order_id)).toMatchObject({
      status: 4,
      total_interest: '0',
      interest: '0',
      // It keeps the APR it was sold at; early_redeem says what redeeming early paid and gave up.
      total_year_rate_percent: '7.30',
      early_redeem: { interest: '0', forfeited: fixedInterest('1000', '0.073', 30).toFixed() },
    });
    expect((await order(u, a.body.data.order_id)).received_time).toBe(redeemedAt);
    expect(await order(u, b.body.data.order_id)).toMatchObject({
      total_interest: exitInterest.toFixed(),
      early_redeem: { interest: exitInterest.toFixed() },
    });
    expect(await spot(u, 'USDT')).toBe(new Decimal(2000).plus(exitInterest).toFixed());
  });

  it('is refused within 1 hour of finish_time, as are auto-reinvest and redeem-to changes', async () => {
    const id = await product({ lock_up_period: 1 });
    const u = await lender(ts, { USDT: '100' });
    const res = await lend(u, id, '100');
    const orderId = res.body.data.order_id;
    const turnOn = await u.put(`${FIXED}/user/reinvest-status/${orderId}`, { reinvest_status: 1 });
    expect(turnOn.body.data).toMatchObject({ reinvest_status: 1, redeem_account_type: 0 });
    const turnOff = await u.put(`${FIXED}/user/reinvest-status/${orderId}`, { reinvest_status: 0 });
    expect(turnOff.body.data).toMatchObject({ reinvest_status: 0, redeem_account_type: 1 });
    const spotAgain = await u.put(`${FIXED}/user/redeem-account-type/${orderId}`, { redeem_account_type: 0 });
    expect(spotAgain.body.data.redeem_account_type).toBe(0);
    const tooBig = await u.put(`${FIXED}/user/reinvest-status/${orderId}`, {
      reinvest_status: 1,
      reinvest_amount: '101',
    });
    expect(tooBig.body.key).toBe('fixed.reinvest.aboveAmount');
    // A renewal below the product minimum (10) could not open an order at maturity.
    const tooSmall = await u.put(`${FIXED}/user/reinvest-status/${orderId}`, {
      reinvest_status: 1,
      reinvest_amount: '9.99',
    });
    expect(tooSmall.body.key).toBe('fixed.reinvest.belowMinimum');
    // The spec's coupling holds on the server: while auto-reinvest is on, redeem-to stays the trading account.
    await u.put(`${FIXED}/user/reinvest-status/${orderId}`, { reinvest_status: 1 });
    const intoFlexible = await u.put(`${FIXED}/user/redeem-account-type/${orderId}`, { redeem_account_type: 1 });
    expect(intoFlexible.body.key).toBe('fixed.redeemTo.reinvest');
    expect(await order(u, orderId)).toMatchObject({ reinvest_status: 1, redeem_account_type: 0 });
    await u.put(`${FIXED}/user/reinvest-status/${orderId}`, { reinvest_status: 0 });
    await advanceTo(res.body.data.finish_time * 1000 - HOUR_MS);
    for (const reply of [
      await u.post(`${FIXED}/user/pre-redeem`, { order_id: orderId }),
      await u.put(`${FIXED}/user/reinvest-status/${orderId}`, { reinvest_status: 1 }),
      await u.put(`${FIXED}/user/redeem-account-type/${orderId}`, { redeem_account_type: 1 }),
    ]) {
      expect(reply.body.key).toBe('fixed.order.locked');
    }
    expect((await order(u, orderId)).reinvest_status).toBe(0);
  });

  it("refuses another user's order", async () => {
    const id = await product();
    const owner = await lender(ts, { USDT: '100' });
    const other = await lender(ts, {});
    const res = await lend(owner, id, '100');
    const reply = await other.post(`${FIXED}/user/pre-redeem`, { order_id: res.body.data.order_id });
    expect(reply.status).toBe(404);
    expect(await order(owner, res.body.data.order_id)).toMatchObject({ status: 0 });
  });
});

describe('subscription rules', () => {
  it('checks in the spec order and writes nothing on a refusal', async () => {
    const id = await product({ min_lend_amount: '50', user_max_lend_volume: '300', total_quota: '1000' });
    const u = await lender(ts, { USDT: '500' });
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '49' }, 'lend_earn.minimum.purchase'],
      [{ amount: '600' }, 'lend_earn.insufficient.balance'],
      [{ amount: '301' }, 'fixed.individual.quota'],
      [{ amount: '100', year_rate: '0.08' }, 'fixed.rate.changed'],
      [{ amount: '-1' }, 'errors.invalidAmount'],
      [{ amount: '1e3' }, 'errors.invalidAmount'],
      [{ amount: '100.1234567' }, 'errors.invalidAmount'],
      [{ amount: '100', financial_rate_id: 999999 }, 'fixed.voucher.missing'],
      [{ amount: '100', reinvest_status: 1, reinvest_amount: '200' }, 'fixed.reinvest.aboveAmount'],
      [{ amount: '100', reinvest_status: 1, reinvest_amount: '49' }, 'fixed.reinvest.belowMinimum'],
    ];
    for (const [extra, key] of cases) {
      const reply = await lend(u, id, (extra.amount as string) ?? '100', extra);
      expect(reply.body.key, JSON.stringify(extra)).toBe(key);
    }
    const schema = await u.post(`${FIXED}/user/lend`, {
      product_id: 2 ** 31,
      amount: '1',
      year_rate: '0',
      redeem_account_type: 0,
      reinvest_status: 0,
    });
    expect(schema.status).toBe(400);
    expect(await spot(u, 'USDT')).toBe('500');
    expect((await u.get(`${FIXED}/user/lend?order_type=1`)).body.data.total).toBe(0);
    expect((await lend(u, id, '300')).body.code).toBe(0);
    const quota = await u.get(`${FIXED}/user/remaining-quota?product_id=${id}`);
    expect(quota.body.data).toMatchObject({ product_remaining: '700', user_remaining: '0', remaining: '0' });
    expect((await lend(u, id, '50')).body.key).toBe('fixed.remaining.quota');
  });

  it('sells out: sale_status 2 and refusals once the quota is gone', async () => {
    const id = await product({ min_lend_amount: '10', total_quota: '100' });
    const u = await lender(ts, { USDT: '500' });
    expect((await lend(u, id, '95')).body.code).toBe(0);
    const detail = await u.get(`${FIXED}/product/detail?id=${id}`);
    expect(detail.body.data).toMatchObject({ sale_status: 2, remaining_quota: '5' });
    expect((await lend(u, id, '5')).body.key).toBe('fixed.soldOut');
  });

  it('gates VIP products by tier and special products by the operator rules', async () => {
    const vip = await product({ type: 2, min_vip: 5, max_vip: 9 });
    const special = await product({ type: 3, new_users_only: 1, excluded_regions: ['US'], min_kyc_level: 2 });
    const u = await lender(ts, { USDT: '1000' });
    expect((await lend(u, vip, '100')).body.key).toBe('fixed.vip.below');
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, tier: 6 });
    expect((await lend(u, vip, '100')).body.code).toBe(0);
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, tier: 12 });
    expect((await lend(u, vip, '100')).body.key).toBe('fixed.vip.above');

    const check = async () => (await u.get(`/apiw/v2/uni-loan/earn/subscribe/check?pid=${special}`)).body.data;
    expect(await check()).toEqual({ is_able_subscribe: false, reason: 'fixed.special.kyc' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, kyc_level: 2, region: 'US' });
    expect(await check()).toEqual({ is_able_subscribe: false, reason: 'fixed.special.region' });
    // Excluded by region and no longer new: the region is told, as the rule no step can change.
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, is_new_user: false });
    expect(await check()).toEqual({ is_able_subscribe: false, reason: 'fixed.special.region' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, region: 'SG' });
    expect(await check()).toEqual({ is_able_subscribe: false, reason: 'fixed.special.newUsers' });
    expect((await lend(u, special, '100')).body.key).toBe('fixed.special.newUsers');
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, is_new_user: true });
    expect(await check()).toEqual({ is_able_subscribe: true, reason: '' });
    expect((await lend(u, special, '100')).body.code).toBe(0);

    const vipList = (await u.get('/apiw/v2/vip/fixed_earn/api/product/2/list')).body.data.list;
    expect(vipList.map((p: { id: number }) => p.id)).toContain(vip);
  });
});

describe('product texts', () => {
  it('are said in the reader’s language where the operator wrote them, English elsewhere', async () => {
    const english = { title: 'New-user special', subtitle: '20% APR for 7 days' };
    const zh = { title: '新用户专享', subtitle: '前 7 天享 20% 年化' };
    const id = await product({ type: 3, ...english, translations: { 'zh-CN': zh } });
    const plain = await product({ title: 'Plain' });
    const listed = async (locale: string, productId: number) =>
      (await ts.client().get(`${FIXED}/product/0/list?locale=${locale}`)).body.data.list.find(
        (p: { id: number }) => p.id === productId,
      );
    expect(await listed('zh-CN', id)).toMatchObject(zh);
    // A language tag in any case, or the language alone.
    expect(await listed('zh-cn', id)).toMatchObject(zh);
    expect(await listed('zh', id)).toMatchObject(zh);
    expect(await listed('en', id)).toMatchObject(english);
    expect(await listed('zh-CN', plain)).toMatchObject({ title: 'Plain', subtitle: '' });
    expect((await ts.client().get(`${FIXED}/product/detail?id=${id}&locale=zh-CN`)).body.data).toMatchObject(zh);
    expect((await ts.client().get(`${FIXED}/product/detail?id=${id}`)).body.data).toMatchObject(english);

    // Changed by the operator like any other setting; a refused one changes nothing.
    const changed = { title: '新人 7 天', subtitle: '仅限新用户' };
    expect(
      (await ts.admin.put(`/admin/v1/fixed-earn/products/${id}`, { translations: { 'zh-CN': changed } })).body.code,
    ).toBe(0);
    expect(await listed('zh-CN', id)).toMatchObject(changed);
    const tooLong = await ts.admin.put(`/admin/v1/fixed-earn/products/${id}`, {
      translations: { 'zh-CN': { subtitle: 'x'.repeat(161) } },
    });
    expect(tooLong.status).toBe(400);
    expect(await listed('zh-CN', id)).toMatchObject(changed);
  });
});

describe('rate-up vouchers', () => {
  const issue = (email: string, fields: Record<string, unknown> = {}) =>
    ts.admin.post('/admin/v1/fixed-earn/vouchers', {
      email,
      coin: 'USDT',
      rate_ratio: '5',
      rate_day: 7,
      buy_limit_low: '100',
      buy_limit_high: '1000',
      expired_timest: Math.floor(T0 / 1000) + 400 * 86_400,
      ...fields,
    });

  it('adds its interest, is recommended, and is consumed once even by parallel subscriptions', async () => {
    const id = await product();
    const u = await lender(ts, { USDT: '100000' });
    const voucher = (await issue(u.email)).body.data;
    const recommended = (await u.get(`/apiw/v2/uni-loan/earn/coupon-recommend?pid=${id}`)).body.data.list;
    expect(recommended.map((v: { id: number }) => v.id)).toEqual([voucher.id]);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => lend(u, id, '2000', { financial_rate_id: voucher.id })),
    );
    const passed = replies.filter((r) => r.body.code === 0);
    expect(passed).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.code !== 0)) expect(r.body.key).toBe('fixed.voucher.used');
    const coupon = voucherInterest(
      '2000',
      {
        rate_ratio: '5',
        rate_day: 7,
        buy_limit_low: '100',
        buy_limit_high: '1000',
      },
      7,
    );
    expect(passed[0]?.body.data.coupon_interest).toBe(coupon.toFixed());
    expect(await spot(u, 'USDT')).toBe('98000');
    expect((await u.get(`/apiw/v2/uni-loan/earn/coupon-recommend?pid=${id}`)).body.data.list).toEqual([]);
    const held = await order(u, passed[0]?.body.data.order_id);
    expect(held.coupon_info).toMatchObject({ id: voucher.id, interest: coupon.toFixed() });
    await advanceTo(held.finish_time * 1000 + HOUR_MS);
    const interest = fixedInterest('2000', '0.073', 7);
    expect(await spot(u, 'USDT')).toBe(new Decimal(100000).plus(interest).plus(coupon).toFixed());
    const types = (await u.get(`${FIXED}/user/history?type=5`)).body.data.list;
    expect(types[0]).toMatchObject({ amount: coupon.toFixed(), rate_ratio: '5', rate_day: 7, lend_rate_year: '0.05' });
    // It pays the voucher alone: no APR or bonus of the order's subscription.
    expect(types[0]).toMatchObject({ total_year_rate_percent: '', bonus_amount: '' });
    // The payout message's figure is interest and voucher interest together, and says so.
    const earned = interest.plus(coupon).toFixed();
    const paid = (await u.get('/apiw/v2/inbox')).body.data.list.find(
      (m: { key: string }) => m.key === 'inbox.fixed.paid',
    );
    expect(paid.params).toMatchObject({ principal: '2000', interest: earned });
    expect(paid.body).toContain(`2000 USDT principal and ${earned} USDT earnings went to`);
    // The subscription's row names the voucher it applied beside the product's APR.
    const [subscribed] = (await u.get(`${FIXED}/user/history?type=1`)).body.data.list;
    expect(subscribed).toMatchObject({ amount: '2000', rate_ratio: '5', rate_day: 7, lend_rate_year: '0.073' });
    expect(subscribed.total_year_rate_percent).toBe(held.total_year_rate_percent);
  });

  it('raises the rate only for the days the money is lent: a 30-day voucher on a 7-day order counts 7', async () => {
    const id = await product();
    const u = await lender(ts, { USDT: '1000' });
    const voucher = (await issue(u.email, { rate_day: 30 })).body.data;
    const res = await lend(u, id, '1000', { financial_rate_id: voucher.id });
    const terms = { rate_ratio: '5', rate_day: 30, buy_limit_low: '100', buy_limit_high: '1000' };
    expect(res.body.data.coupon_interest).toBe(voucherInterest('1000', terms, 7).toFixed());
    expect(res.body.data.coupon_interest).toBe(fixedInterest('1000', '0.05', 7).toFixed());
    // 7.3% and a +5% voucher over the whole term: 12.30%.
    expect((await order(u, res.body.data.order_id)).total_year_rate_percent).toBe('12.30');
    // The subscription's history row says the same, and the 7 days the voucher counts.
    const [subscribed] = (await u.get(`${FIXED}/user/history?type=1`)).body.data.list;
    expect(subscribed).toMatchObject({
      rate_ratio: '5',
      rate_day: 7,
      total_year_rate_percent: '12.30',
      bonus_amount: '',
    });
  });

  it("shows in a subscription's history row the APR its holding shows, with a short voucher's days and a bonus", async () => {
    const id = await product({ lock_up_period: 7, ladder_apr: [{ left: '0', right: '1000', apr: '0.04' }] });
    const u = await lender(ts, { USDT: '1000' });
    const voucher = (await issue(u.email, { rate_day: 3 })).body.data;
    const res = await lend(u, id, '1000', { financial_rate_id: voucher.id });
    expect(res.body.code).toBe(0);
    const held = await order(u, res.body.data.order_id);
    const [subscribed] = (await u.get(`${FIXED}/user/history?type=1`)).body.data.list;
    expect(subscribed).toMatchObject({
      lend_rate_year: '0.073',
      rate_ratio: '5',
      rate_day: 3,
      total_year_rate_percent: held.total_year_rate_percent,
      bonus_amount: held.bonus_info.amount,
      bonus_asset: 'USDT',
    });
    // 7.3%, 4% on the whole amount, and 5% for 3 of the 7 days: more than 7.3% + 4%, less than + 5%.
    expect(Number(held.total_year_rate_percent)).toBeGreaterThan(11.3);
    expect(Number(held.total_year_rate_percent)).toBeLessThan(16.3);
    expect(Number(held.bonus_info.amount)).toBeGreaterThan(0);
  });

  it("shows a small order's APR from the rates, not from interest rounded down", async () => {
    const id = await product({ year_rate: '0.01', lock_up_period: 1, min_lend_amount: '0.01' });
    const u = await lender(ts, { USDT: '1' });
    const voucher = (await issue(u.email, { rate_ratio: '1.5', rate_day: 1, buy_limit_low: '0' })).body.data;
    const res = await lend(u, id, '0.0123', { financial_rate_id: voucher.id });
    // Its interest and the voucher's, rounded down, would say 2.48%.
    expect(res.body.data).toMatchObject({ interest: '0.00000033', coupon_interest: '0.0000005' });
    expect(res.body.data.total_year_rate_percent).toBe('2.50');
    expect((await order(u, res.body.data.order_id)).total_year_rate_percent).toBe('2.50');
  });

  it("refuses another user's, an expired, another coin's, and one below its minimum", async () => {
    const id = await product();
    const u = await lender(ts, { USDT: '1000' });
    const other = await lender(ts, {});
    const theirs = (await issue(other.email)).body.data;
    const btc = (await issue(u.email, { coin: 'BTC' })).body.data;
    const soon = (await issue(u.email, { expired_timest: Math.floor((await now()) / 1000) + 3600 })).body.data;
    const mine = (await issue(u.email)).body.data;
    expect((await lend(u, id, '200', { financial_rate_id: theirs.id })).body.key).toBe('fixed.voucher.missing');
    expect((await lend(u, id, '200', { financial_rate_id: btc.id })).body.key).toBe('fixed.voucher.coin');
    expect((await lend(u, id, '50', { financial_rate_id: mine.id })).body.key).toBe('lend_earn.minimum.purchase');
    await advance(ts, 1);
    expect((await lend(u, id, '200', { financial_rate_id: soon.id })).body.key).toBe('fixed.voucher.expired');
    expect(await spot(u, 'USDT')).toBe('1000');
  });
});

describe('catch-up', () => {
  it('pays after downtime exactly what stepping a few hours at a time pays', async () => {
    const stepped = await startTestServer();
    const jumped = await startTestServer();
    try {
      const make = async (server: TestServer) => {
        const res = await server.admin.post('/admin/v1/fixed-earn/products', {
          coin: 'BTC',
          type: 1,
          lock_up_period: 1,
          year_rate: '0.05',
          min_lend_amount: '0.001',
          user_max_lend_volume: '0',
          total_quota: '100',
          reinvest: 1,
        });
        const u = await lender(server, { BTC: '3' });
        const detail = { product_id: res.body.data.id, year_rate: '0.05', redeem_account_type: 0 };
        await u.post(`${FIXED}/user/lend`, { ...detail, amount: '1', reinvest_status: 1 });
        await u.post(`${FIXED}/user/lend`, { ...detail, amount: '1.5', reinvest_status: 1, reinvest_amount: '0.5' });
        return u;
      };
      const a = await make(jumped);
      const b = await make(stepped);
      await advance(jumped, 24 * 3 + 3);
      for (let i = 0; i < 25; i++) await advance(stepped, 3);
      const view = async (u: Client) => ({
        spot: await spot(u, 'BTC'),
        orders: (await u.get(`${FIXED}/user/lend?order_type=1`)).body.data.list.map((o: Record<string, unknown>) => [
          o.principal,
          o.finish_time,
        ]),
      });
      const va = await view(a);
      expect(va).toEqual(await view(b));
      expect(va.orders).toHaveLength(2);
      expect(va.spot).not.toBe('0.5');
      expect(await checkLedger(stepped.server.ctx.db)).toEqual([]);
      expect(await checkLedger(jumped.server.ctx.db)).toEqual([]);
    } finally {
      await stepped.close();
      await jumped.close();
    }
  });
});
