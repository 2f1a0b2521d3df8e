import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, T0, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe('balances', () => {
  it('answers zeros to a guest', async () => {
    const res = await ts.client().post('/apiw/v2/account/spot/asset/outable', { assets: ['BTC', 'usdt'] });
    expect(res.body.data).toEqual([
      { asset: 'BTC', outable: '0', lend_earn_available: '0', mode: 'classic', available: '0' },
      { asset: 'USDT', outable: '0', lend_earn_available: '0', mode: 'classic', available: '0' },
    ]);
    expect((await ts.client().get('/apiw/v2/fixed_earn/api/user/lent/available?asset=BTC')).body.data).toEqual({
      asset: 'BTC',
      available: '0',
    });
  });

  it('reads the spot wallet of a classic account', async () => {
    const u = await ts.newUser();
    await ts.deposit(u.email, 'BTC', '1.25');
    const unlisted = await u.post('/apiw/v2/account/spot/asset/outable', { assets: ['BTC', '1'] });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body).toMatchObject({ message: 'assets 1 is not a coin we list', key: 'common.coinUnlisted' });
    const res = await u.post('/apiw/v2/account/spot/asset/outable', { assets: ['BTC'] });
    expect(res.body.data).toEqual([
      { asset: 'BTC', outable: '1.25', lend_earn_available: '1.25', mode: 'classic', available: '1.25' },
    ]);
    const all = await u.get('/apiw/v2/account/balances');
    expect(all.body.data.find((b: { asset: string }) => b.asset === 'BTC')).toEqual({
      asset: 'BTC',
      spot: '1.25',
      unified: '0',
    });
    expect(all.body.data).toHaveLength(21);
  });

  it('reads the unified wallet of a unified account, less what is borrowed', async () => {
    const u = await ts.newUser();
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, mode: 'multi_currency', loans: { USDT: '300' } });
    await ts.deposit(u.email, 'USDT', '1000', 'unified');
    await ts.deposit(u.email, 'USDT', '5', 'spot');
    const res = await u.post('/apiw/v2/account/spot/asset/outable', { assets: ['USDT'] });
    expect(res.body.data).toEqual([
      { asset: 'USDT', outable: '700', lend_earn_available: '700', mode: 'multi_currency', available: '1000' },
    ]);
    expect((await u.get('/apiw/v2/fixed_earn/api/user/lent/available?asset=USDT')).body.data.available).toBe('700');
    expect((await u.get('/launch-pool/get-user-loan-property')).body.data).toEqual({ USDT: '300' });
    expect((await u.get('/apiw/v2/unified/account_mode')).body.data).toEqual({
      mode: 'multi_currency',
      first_open: true,
      settings: { use_funding: false },
    });
    const mmr = (await u.get('/apiw/v2/unified/maintenance_margin_rate')).body.data;
    // Loan 300 USDT at a 2% maintenance rate is 6 USDT of margin; equity is 1000 - 300 = 700.
    expect(mmr).toEqual({ maintenance_margin_rate: '0.00857143', maintenance_margin: '6', equity: '700' });
  });

  it('keeps borrowed coins in the unified wallet: a transfer out is refused beyond its outable', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, mode: 'multi_currency', loans: { USDT: '300' } });
    await ts.deposit(u.email, 'USDT', '1000', 'unified');
    const out = (amount: string) =>
      u.post('/apiw/v2/account/transfer', { asset: 'USDT', amount, from: 'unified', to: 'spot', fundpass: '123456' });
    // Said before the fund-password prompt (so a refused transfer costs no try), naming the loan.
    const asked = await u.post('/apiw/v2/account/transfer', {
      asset: 'USDT',
      amount: '700.5',
      from: 'unified',
      to: 'spot',
    });
    expect(asked.body).toMatchObject({
      code: -1,
      key: 'finances.borrowed',
      params: { coin: 'USDT', amount: '700', loan: '300' },
    });
    expect(asked.body.require_fundpass).toBeUndefined();
    expect((await out('700.000001')).body).toMatchObject({ code: -1, key: 'finances.borrowed' });
    expect((await out('1000.5')).body).toMatchObject({ code: -1, key: 'finances.inadequateBalance' });
    const balances = async () =>
      (await u.get('/apiw/v2/account/balances')).body.data.find((b: { asset: string }) => b.asset === 'USDT');
    expect(await balances()).toMatchObject({ spot: '0', unified: '1000' });
    expect((await out('700')).body.code).toBe(0);
    expect(await balances()).toMatchObject({ spot: '700', unified: '300' });
    expect((await out('1')).body.key).toBe('finances.borrowed');
    // Into the unified wallet, and out of spot, as before.
    const back = await u.post('/apiw/v2/account/transfer', {
      asset: 'USDT',
      amount: '700',
      from: 'spot',
      to: 'unified',
      fundpass: '123456',
    });
    expect(back.body.code).toBe(0);
  });

  it('refuses a US user a transfer (spec: none for US users), before the fund-password prompt, moving nothing', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, region: 'US' });
    await ts.deposit(u.email, 'USDT', '50');
    const move = { asset: 'USDT', amount: '10', from: 'spot', to: 'unified' };
    for (const body of [move, { ...move, fundpass: '123456' }]) {
      const refused = await u.post('/apiw/v2/account/transfer', body);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: -1, key: 'transfer.unavailableInRegion' });
      expect(refused.body.require_fundpass).toBeUndefined();
    }
    const usdt = (await u.get('/apiw/v2/account/balances')).body.data.find(
      (b: { asset: string }) => b.asset === 'USDT',
    );
    expect(usdt).toMatchObject({ spot: '50', unified: '0' });
  });

  it('answers a guest a classic account mode, no loans and no margin', async () => {
    const c = ts.client();
    expect((await c.get('/apiw/v2/unified/account_mode')).body.data.mode).toBe('classic');
    expect((await c.get('/launch-pool/get-user-loan-property')).body.data).toEqual({});
    expect((await c.get('/apiw/v2/unified/maintenance_margin_rate')).body.data.maintenance_margin_rate).toBe('0');
  });
});

describe('account facts', () => {
  it('answers compliance by region', async () => {
    const u = await ts.newUser();
    expect((await u.get('/api/web/v1/compliance/check')).body.data.menu).toEqual([]);
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, region: 'us' });
    expect((await u.get('/api/web/v1/compliance/check')).body.data).toEqual({
      business: ['spot', 'earn'],
      menu: [
        { key: 'express_buy', hidden: true },
        { key: 'transfer', hidden: true },
      ],
    });
    expect((await u.get('/apiw/v2/auth/me')).body.data.region).toBe('US');
  });

  it('answers borrow settings and new-coin listing times from the catalogue', async () => {
    const c = ts.client();
    expect((await c.get('/apiw/v2/earn/borrow-coin-settings?coin=DOGE')).body.data).toEqual({
      coin: 'DOGE',
      is_support_launchpool: 0,
      is_support_staking: 1,
    });
    expect((await c.get('/apiw/v2/earn/borrow-coin-settings?coin=NOPE')).body.message).toBe(
      'coin NOPE is not a coin we list',
    );
    expect((await c.get('/apiw/v2/earn/borrow-coin-settings')).body.message).toBe('coin is required');
    expect((await c.get('/api/web/v1/settings/get-currency-call-setting?symbol=BTC')).body.data).toEqual({
      symbol: 'BTC',
      new_coin_start: 0,
    });
    const lpx = (await c.get('/api/web/v1/settings/get-currency-call-setting?symbol=LPX')).body.data;
    expect(lpx.new_coin_start).toBe((T0 + 20 * 86_400_000) / 1000);
  });

  it('answers the referral info and the spot trading state', async () => {
    const u = await ts.newUser();
    const ref = (await u.get('/api/web/v1/rebate/get_user_info')).body.data;
    expect(ref.kol_code).toMatch(/^[0-9A-F]{8}$/);
    expect(ref.encrypted_uid).not.toBe('');
    expect((await ts.client().get('/api/web/v1/rebate/get_user_info')).status).toBe(401);
    expect((await u.get('/apiw/v2/account/spot/trading/home?market=BTC_USDT')).body.data).toEqual({
      market: 'BTC_USDT',
      use_funding: false,
      locked: false,
      spot_restricted: false,
    });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, use_funding: true, locked: true });
    expect((await u.get('/apiw/v2/account/spot/trading/home?market=BTC_USDT')).body.data).toMatchObject({
      use_funding: true,
      locked: true,
    });
    expect((await u.get('/apiw/v2/account/spot/trading/home?market=NOPE_USDT')).body.message).toBe(
      'market NOPE_USDT is not listed',
    );
  });
});

describe('tickers', () => {
  it('are a deterministic function of the clock, with USDT at 1 and no USDT pair', async () => {
    const first = (await ts.client().get('/apiw/v2/market/tickers')).body.data;
    expect(first.length).toBe(20);
    expect(first.some((t: { pair: string }) => t.pair === 'USDT_USDT')).toBe(false);
    const again = (await ts.client().get('/apiw/v2/market/tickers?currency_pairs=BTC_USDT,eth_usdt')).body.data;
    expect(again.map((t: { pair: string }) => t.pair)).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(again[0]).toEqual(first.find((t: { pair: string }) => t.pair === 'BTC_USDT'));
    for (const t of first) expect(t.rate).toMatch(/^\d+(\.\d+)?$/);
    // A day on, the walk has moved (its band over a month is the price walk's own test).
    await ts.admin.post('/admin/v1/clock/advance', { hours: 24 });
    const later = (await ts.client().get('/apiw/v2/market/tickers?currency_pairs=BTC_USDT')).body.data[0];
    expect(later.rate).not.toBe(again[0].rate);
    expect(Number(later.rate)).toBeGreaterThan(96000 * 0.6);
    expect(Number(later.rate)).toBeLessThan(96000 * 1.65);
  });

  it('lists the coin catalogue with icons', async () => {
    const coins = (await ts.client().get('/apiw/v2/market/coins')).body.data;
    expect(coins.length).toBeGreaterThanOrEqual(15);
    expect(coins[1]).toEqual({ symbol: 'BTC', name: 'Bitcoin', decimals: 8, icon: '/static/coin-icons/btc.svg' });
    const icon = await fetch(`${ts.url}${coins[1].icon}`);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toMatch(/<svg/);
  });
});

describe('notification subscriptions', () => {
  it('switches CandyDrop, Launchpool and HODLer Airdrop on and off', async () => {
    const u = await ts.newUser();
    expect((await u.get('/api/web/v1/task-square/global-subscribe-status')).body.data).toEqual({
      global_subscribe_status: 2,
    });
    const candy = await u.post('/api/web/v1/task-square/subscribe-msg', 'aid=-1&status=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(candy.body).toMatchObject({ code: 200, data: { global_subscribe_status: 1 } });
    expect((await u.get('/api/web/v1/task-square/global-subscribe-status')).body.data.global_subscribe_status).toBe(1);

    const herald = (await u.get('/apiw/v2/herald/category/switch')).body.data;
    expect(herald[0].items[0]).toEqual({ msg_switch: 'startup_mining_switch', switch_status: 0, name: 'Launchpool' });
    const on = await u.post('/apiw/v2/herald/switches', { sets: { startup_mining_switch: 1 } });
    expect(on.body.code).toBe(200);
    expect((await u.get('/apiw/v2/herald/category/switch')).body.data[0].items[0].switch_status).toBe(1);

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await u.post('/apiw/v2/earn/hodler-airdrop/config', 'action=config', form)).body.data).toEqual({
      hodler_notify: 0,
      hodler_gt_exchange: 0,
    });
    const set = await u.post('/apiw/v2/earn/hodler-airdrop/config_set', 'name=HODLER_AIRDROP_NOTIFY&value=1', form);
    expect(set.body).toMatchObject({ code: 200, data: { hodler_notify: 1, hodler_gt_exchange: 0 } });
    const off = await u.post('/apiw/v2/earn/hodler-airdrop/config_set', { name: 'HODLER_AIRDROP_NOTIFY', value: '0' });
    expect(off.body.data.hodler_notify).toBe(0);
    const bad = await u.post('/apiw/v2/earn/hodler-airdrop/config_set', { name: 'SOMETHING', value: '1' });
    expect(bad.body).toMatchObject({
      code: -1,
      message: 'name must be one of HODLER_AIRDROP_NOTIFY, HODLER_AIRDROP_GT_EXCHANGE',
    });
    // -1 is taken as a number or as its digits, and said once.
    const otherAid = await u.post('/api/web/v1/task-square/subscribe-msg', { aid: 'x', status: 1 });
    expect(otherAid.body).toMatchObject({
      message: 'aid must be -1',
      key: 'validation.oneOf',
      params: { field: 'aid', allowed: '-1', context: 'one' },
    });
  });

  it('needs a session to change them', async () => {
    expect((await ts.client().post('/apiw/v2/herald/switches', { sets: { startup_mining_switch: 1 } })).status).toBe(
      401,
    );
  });
});

describe('site links', () => {
  it('name no exchange unless the operator configured one, so no link leads to a page this app lacks', async () => {
    expect((await ts.client().get('/apiw/v2/earn/site-links')).body).toMatchObject({
      code: 0,
      data: { exchange_url: null },
    });
  });
});
