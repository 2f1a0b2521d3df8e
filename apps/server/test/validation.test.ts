import { Decimal } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, startTestServer, T0, type TestServer } from './helpers.js';
import { fixedProduct, fixedProductBody, stakingProduct, wealthProductBody } from './product-helpers.js';

let ts: TestServer;
let user: Awaited<ReturnType<TestServer['newUser']>>;

beforeAll(async () => {
  ts = await startTestServer();
  user = await ts.newUser({ fundpass: '123456' });
  await ts.deposit(user.email, 'USDT', '1000');
  await ts.deposit(user.email, 'XRP', '50');
});
afterAll(() => ts.close());

async function ledgerState() {
  const result = await ts.server.ctx.db.execute(
    sql`SELECT (SELECT count(*) FROM ledger_transactions)::int AS txs, (SELECT coalesce(sum(abs(balance)), 0)::text FROM ledger_accounts) AS total`,
  );
  return (result as unknown as { rows: unknown[] }).rows[0];
}

const valid = { asset: 'USDT', amount: '1', from: 'spot', to: 'unified', fundpass: '123456' };
const STAKING = '/apiw/v2/earn/staking';

describe('bad input is refused with a clear message and writes nothing', () => {
  it.each([
    ['a negative amount', { amount: '-5' }, 'amount must not be negative'],
    ['NaN', { amount: 'NaN' }, 'amount must be a plain decimal number, for example "12.5"'],
    ['exponent notation', { amount: '1e5' }, 'amount must be a plain decimal number, for example "12.5"'],
    ['a JSON number', { amount: 5 }, 'amount must be a decimal string, for example "12.5"'],
    ['a JSON number in exponent form', { amount: 1e5 }, 'amount must be a decimal string, for example "12.5"'],
    ['too many decimals', { amount: '0.000000001' }, 'amount must have at most 8 decimal places'],
    [
      'too many decimals for the coin',
      { asset: 'XRP', amount: '1.0000001' },
      'amount must have at most 6 decimal places',
    ],
    ['an amount above the maximum', { amount: '1000000000000' }, 'amount must be at most 999999999999'],
    ['zero', { amount: '0' }, 'amount must be greater than 0'],
    ['an unknown coin', { asset: 'NOPE' }, 'asset NOPE is not a coin we list'],
    ['an unknown wallet', { to: 'savings' }, 'to must be one of spot, unified'],
    ['the same wallet twice', { to: 'spot' }, 'from and to must be different wallets'],
    ['a wrong type', { from: 7 }, 'from must be a string'],
    ['more than the balance', { amount: '1000.5' }, 'Not enough USDT available'],
  ])('%s', async (_name, change, message) => {
    const before = await ledgerState();
    const res = await user.post('/apiw/v2/account/transfer', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(-1);
    expect(res.body.message).toBe(message);
    expect(await ledgerState()).toEqual(before);
  });

  it.each(['asset', 'amount', 'from', 'to'])('a missing %s', async (field) => {
    const before = await ledgerState();
    const body: Record<string, unknown> = { ...valid };
    delete body[field];
    const res = await user.post('/apiw/v2/account/transfer', body);
    // With the key and values the web translates it by.
    expect(res.body).toMatchObject({
      code: -1,
      message: `${field} is required`,
      key: 'validation.required',
      params: { field },
    });
    expect(await ledgerState()).toEqual(before);
  });

  it('a body that is not JSON', async () => {
    const res = await user.post('/apiw/v2/account/transfer', '{"amount":', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(-1);
  });

  it('the insufficient-balance refusal carries the spec message key', async () => {
    const res = await user.post('/apiw/v2/account/transfer', { ...valid, amount: '5000' });
    expect(res.body.key).toBe('finances.inadequateBalance');
  });

  it('operator deposits validate the same way', async () => {
    const before = await ledgerState();
    for (const [amount, message] of [
      ['-1', 'amount must not be negative'],
      ['1e3', 'amount must be a plain decimal number, for example "12.5"'],
      ['9999999999999', 'amount must be at most 999999999999'],
    ]) {
      const res = await ts.admin.post('/admin/v1/deposit', { email: user.email, coin: 'USDT', amount, wallet: 'spot' });
      expect(res.body.message).toBe(message);
    }
    const unknownUser = await ts.admin.post('/admin/v1/deposit', {
      email: 'ghost@example.com',
      coin: 'USDT',
      amount: '1',
      wallet: 'spot',
    });
    expect(unknownUser.body).toMatchObject({
      message: 'no account with the email ghost@example.com',
      key: 'admin.noAccount',
      params: { email: 'ghost@example.com' },
    });
    expect(await ledgerState()).toEqual(before);
  });
});

describe('ids, instants, coins and rates out of range are refused before any query, with the whole envelope', () => {
  const big = 2 ** 31;
  it.each([
    ['a project id beyond 32 bits', 'get', `/apiw/v2/earn/launch-pool/project-info?projectId=${big}`],
    ['a pool id beyond 32 bits', 'get', `/apiw/v2/earn/launch-pool/statement?rid=${big}&hour=0`],
    ['an hour beyond year 9999', 'get', '/apiw/v2/earn/launch-pool/statement?rid=1&hour=9007199254740993'],
    ['statistics of a huge pid', 'get', '/apiw/v2/earn/launch-pool/user-project-statistics?pid=1e20'],
    ['a huge page', 'get', '/apiw/v2/uni-loan/earn/history?page=1e400'],
    ['a huge end_at', 'get', '/apiw/v2/uni-loan/earn/history?end_at=9007199254740993'],
    ['a NUL byte in a coin', 'get', '/apiw/v2/uni-loan/earn/history?asset=US%00DT'],
  ])('%s', async (_name, _method, path) => {
    const before = await ledgerState();
    const res = await user.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: -1, data: null });
    expect(typeof res.body.message).toBe('string');
    expect(await ledgerState()).toEqual(before);
  });

  it.each([
    ['create-order with pid 1e20', '/apiw/v2/earn/launch-pool/create-order', { pid: 1e20, rid: 1, amount: '1' }],
    ['redeem with a rid beyond 32 bits', '/apiw/v2/earn/launch-pool/redeem', { pid: 1, rid: big, amount: '1' }],
    [
      'a rateYear that is not a number',
      '/apiw/v2/uni-loan/earn/subscribe',
      { asset: 'USDT', amount: '5', rateYear: 'abc' },
    ],
    ['a rateYear in exponent form', '/apiw/v2/uni-loan/earn/interest-rate', { asset: 'USDT', rateYear: '5e-2' }],
    ['an amount with leading zeros', '/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '00001' }],
    [
      'a redeem curr_amount in exponent form',
      '/apiw/v2/uni-loan/earn/redeem',
      { asset: 'USDT', amount: '1', curr_amount: '1e400' },
    ],
    [
      'a redeem lend_amount that is negative',
      '/apiw/v2/uni-loan/earn/redeem',
      { asset: 'USDT', amount: '1', lend_amount: '-1' },
    ],
    ['a redeem-callback for an unknown coin', '/apiw/v2/uni-loan/earn/redeem-callback', { asset: 'NOPE' }],
    ['a NUL byte in an asset', '/apiw/v2/uni-loan/earn/subscribe', { asset: 'US\u0000DT', amount: '1' }],
  ])('%s', async (_name, path, body) => {
    const before = await ledgerState();
    const res = await user.post(path, { ...body, fundpass: '123456' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: -1, data: null });
    expect(await ledgerState()).toEqual(before);
  });

  it('the operator cannot create a pool whose minimum is above its maximum, nor bid 500%', async () => {
    const hour = Math.ceil(Date.now() / 3_600_000) * 3600;
    const pool = await ts.admin.post('/admin/v1/launch-pool/projects', {
      coin: 'GT',
      name: 'Bad',
      start_timest: hour + 3600,
      end_timest: hour + 7200,
      pools: [{ coin: 'USDT', total_reward: '10', personal_min_amount: '50', personal_max_amount: '10' }],
    });
    expect(pool.body).toMatchObject({
      code: -1,
      message: 'pools.0.personal_min_amount must not be above personal_max_amount',
    });
    const bid = await ts.admin.post('/admin/v1/simple-earn/demand', { coin: 'USDT', amount: '10', max_rate: '5' });
    expect(bid.body.message).toBe('max_rate must be at most 1');
    // And a coin goes back to its seeded curve.
    await ts.admin.post('/admin/v1/simple-earn/demand', { coin: 'USDT', amount: '10', max_rate: '0.05' });
    const curve = await ts.admin.post('/admin/v1/simple-earn/demand', { coin: 'USDT', curve: true });
    expect(curve.body.code).toBe(0);
    expect(curve.body.data.amount).not.toBe('10');
  });

  it('the operator cannot create a project that could never pay: no reward, or already ended', async () => {
    const projects = async () => (await ts.client().get('/apiw/v2/earn/launch-pool/projects')).body.data.length;
    const before = await projects();
    const create = (start: number, end: number, reward: string) =>
      ts.admin.post('/admin/v1/launch-pool/projects', {
        coin: 'GT',
        name: 'Never pays',
        start_timest: start / 1000,
        end_timest: end / 1000,
        pools: [{ coin: 'USDT', total_reward: reward, personal_min_amount: '1' }],
      });
    expect((await create(T0 + HOUR_MS, T0 + 2 * HOUR_MS, '0')).body).toMatchObject({
      code: -1,
      message: 'pools.0.total_reward must be above 0',
      data: null,
    });
    expect((await create(T0 - 2 * HOUR_MS, T0, '100')).body).toMatchObject({
      code: -1,
      message: 'end_timest must be in the future',
    });
    // Begun hours before now would take their share of the reward and never pay it.
    expect((await create(T0 - 10 * HOUR_MS, T0 + 2 * HOUR_MS, '100')).body).toMatchObject({
      code: -1,
      message: 'start_timest must not be before the current hour',
    });
    expect(await projects()).toBe(before);
  });

  it('the operator cannot give a project two pools alike but for their reward', async () => {
    const pool = { coin: 'USDT', total_reward: '10', personal_min_amount: '1' };
    const res = await ts.admin.post('/admin/v1/launch-pool/projects', {
      coin: 'GT',
      name: 'Twins',
      start_timest: (T0 + HOUR_MS) / 1000,
      end_timest: (T0 + 2 * HOUR_MS) / 1000,
      // The same terms written another way: the coin's case, an amount's trailing zeros, a default.
      pools: [pool, { ...pool, coin: 'usdt', total_reward: '20', personal_min_amount: '1.0', decimal_place: 4 }],
    });
    expect(res.body).toMatchObject({
      code: -1,
      message: 'pools.1 has the coin and terms of pools.0: give one pool the whole reward',
    });
  });

  const project = (fields: Record<string, unknown>) => ({
    coin: 'GT',
    name: 'Named',
    start_timest: (T0 + HOUR_MS) / 1000,
    end_timest: (T0 + 2 * HOUR_MS) / 1000,
    pools: [{ coin: 'USDT', total_reward: '10', personal_min_amount: '1' }],
    ...fields,
  });
  it.each([
    ['a project name of blanks', '/admin/v1/launch-pool/projects', project({ name: '   ' }), 'name'],
    ['a project name with a blank after it', '/admin/v1/launch-pool/projects', project({ name: 'Pixel ' }), 'name'],
    [
      'a manager of a zero-width space',
      '/admin/v1/wealth/products',
      wealthProductBody({ manager: '\u200b' }),
      'manager',
    ],
    ['a fixed title of a blank', '/admin/v1/fixed-earn/products', fixedProductBody({ title: ' ' }), 'title'],
    ['a zero-width space before it', '/admin/v1/wealth/products', wealthProductBody({ name: '\u200bQuant' }), 'name'],
    ['a braille blank after it', '/admin/v1/launch-pool/projects', project({ name: 'Pixel\u2800' }), 'name'],
  ])('an operator name is refused when it is %s', async (_name, path, body, field) => {
    const res = await ts.admin.post(path, body);
    expect(res.body).toMatchObject({
      code: -1,
      key: 'validation.name',
      message: `${field} needs a letter or digit, with no blanks before or after it`,
    });
  });

  it('the rate simulation parses rates like every other call: "00001" and "5e-2" are refused', async () => {
    for (const rateYear of ['00001', '5e-2', '0x10', '-1']) {
      const res = await user.get(`/apiw/v2/uni-loan/earn/interest-rate/simulate?asset=USDT&rateYear=${rateYear}`);
      expect(res.status, rateYear).toBe(400);
    }
    expect((await user.get('/apiw/v2/uni-loan/earn/interest-rate/simulate?asset=USDT&rateYear=0.05')).status).toBe(200);
  });

  it("a NUL in any text, an operator's too, is refused with the field it is in, and changes nothing", async () => {
    const [fixed, stake] = [await fixedProduct(ts), await stakingProduct(ts)];
    const products = async () => (await ts.client().get('/apiw/v2/fixed_earn/api/product/0/list')).body.data;
    const staking = async () => (await ts.client().get(`${STAKING}/products?limit=100`)).body.data;
    const before = [await products(), await staking()];
    for (const [path, body, field] of [
      [`/admin/v1/fixed-earn/products/${fixed}`, { title: 'a\u0000b' }, 'title'],
      [
        `/admin/v1/fixed-earn/products/${fixed}`,
        { translations: { 'zh-CN': { title: 'a\u0000' } } },
        'translations.zh-CN.title',
      ],
      [`/admin/v1/staking/products/${stake}`, { protocol_name: 'a\u0000b' }, 'protocol_name'],
      [`/admin/v1/staking/products/${stake}`, { tips: '\u0000' }, 'tips'],
    ] as const) {
      const res = await ts.admin.put(path, body);
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({
        key: 'validation.nul',
        message: `${field} must not contain a NUL character`,
      });
    }
    expect([await products(), await staking()]).toEqual(before);
    // In a query string and in a key too.
    expect((await user.get('/apiw/v2/uni-loan/earn/market/list?search_coin=a%00')).status).toBe(400);
    // The refusal names the key without sending the NUL back.
    expect((await user.post('/apiw/v2/account/transfer', { ...valid, 'x\u0000': 1 })).body).toMatchObject({
      key: 'validation.nul',
      message: 'x\uFFFD must not contain a NUL character',
    });
  });

  it('a body nested deeper than the call stack is read like any other: a NUL at its bottom refused, no server error', async () => {
    const deep = (inner: string) => `${'['.repeat(20_000)}${inner}${']'.repeat(20_000)}`;
    const json = { 'content-type': 'application/json' };
    const res = await user.post(
      '/apiw/v2/uni-loan/earn/subscribe',
      `{"asset":"USDT","amount":"1","x":${deep('"\\u0000"')}}`,
      json,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      key: 'validation.nul',
      // The field's name is cut at 100 characters.
      message: `${`x${'.0'.repeat(50)}`.slice(0, 100)}… must not contain a NUL character`,
    });
    // Without login, as the login's own refusal.
    const wrong = { email: 'nobody@example.com', password: 'wrong-password-1' };
    const plain = await ts.client().post('/apiw/v2/auth/login', wrong);
    const nested = await ts
      .client()
      .post('/apiw/v2/auth/login', `{"email":"${wrong.email}","password":"${wrong.password}","x":${deep('1')}}`, json);
    expect([nested.status, nested.body.key]).toEqual([plain.status, plain.body.key]);
  });

  it("a direction control in an operator's text is refused, so no name can read as another ('Safe\\u202eexe.fdp')", async () => {
    const [fixed, stake] = [await fixedProduct(ts), await stakingProduct(ts)];
    for (const [method, path, body, field] of [
      ['post', '/admin/v1/launch-pool/projects', project({ name: 'Safe\u202eexe.fdp' }), 'name'],
      ['put', `/admin/v1/fixed-earn/products/${fixed}`, { subtitle: 'a\u2066b\u2069' }, 'subtitle'],
      ['put', `/admin/v1/staking/products/${stake}`, { tips: '\u202atips' }, 'tips'],
    ] as const) {
      const res = await ts.admin[method](path, body);
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({
        key: 'validation.bidi',
        message: `${field} must not contain a character that reorders text`,
      });
    }
    // Marks that only say a direction, and scripts written right to left, are text like any other.
    expect((await ts.admin.put(`/admin/v1/staking/products/${stake}`, { tips: 'שלום \u200fok' })).body.code).toBe(0);
  });

  it('an id out of range is refused for its range, written as a number or as its digits', async () => {
    const preRedeem = (order_id: unknown) =>
      user.post('/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id, fundpass: '123456' });
    for (const id of [big, 0, -1, String(big), '0', '-1', '1.5'])
      expect((await preRedeem(id)).body, String(id)).toMatchObject({
        message: 'order_id must be a whole number from 1 to 2147483647',
        key: 'validation.idRange',
        params: { field: 'order_id', min: '1', max: '2147483647' },
      });
    expect((await preRedeem(true)).body).toMatchObject({ key: 'validation.type' });
    expect((await user.get('/apiw/v2/uni-loan/earn/subscribe?page=100001')).body).toMatchObject({
      message: 'page must be at most 100000',
      key: 'validation.maximum',
    });
  });

  it('auto-earn status of an unknown coin is refused rather than reported on', async () => {
    await user.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'ALL_ASSET', status: '1' });
    expect((await user.get('/apiw/v2/uni-loan/earn/autoivest?assets=FOO')).body).toMatchObject({
      code: -1,
      data: null,
    });
    await user.post('/apiw/v2/uni-loan/earn/autoivest', { assets: 'ALL_ASSET', status: '0' });
  });
});

describe('refusals the web shows carry the key it translates them by', () => {
  it.each([
    [
      'the same wallet twice',
      'POST',
      '/apiw/v2/account/transfer',
      { ...valid, to: 'spot' },
      400,
      'transfer.sameWallet',
    ],
    [
      'an unknown coin',
      'POST',
      '/apiw/v2/account/transfer',
      { ...valid, asset: 'NOPE' },
      400,
      'common.coinUnlisted',
      { coin: 'NOPE' },
    ],
    [
      'an order that is not the user’s',
      'PUT',
      '/apiw/v2/fixed_earn/api/user/reinvest-status/999999',
      { reinvest_status: 1 },
      404,
      'common.notExist',
    ],
    [
      'a pool that is not the project’s',
      'POST',
      '/apiw/v2/earn/launch-pool/check-pool-rule',
      { pid: 1, rid: 999999 },
      404,
      'common.notExist',
    ],
    [
      'a coin without a flexible product',
      'POST',
      '/apiw/v2/uni-loan/earn/subscribe',
      { asset: 'NOPE', amount: '1', fundpass: '123456' },
      400,
      'lend_earn.noProduct',
      { coin: 'NOPE' },
    ],
  ])('%s', async (_name, method, path, body, status, key, params?: Record<string, string>) => {
    const before = await ledgerState();
    const res = await user.request(method, path, body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ key, ...(params ? { params } : {}) });
    expect(await ledgerState()).toEqual(before);
  });
});

describe('whole numbers in query strings and paths are written as whole numbers', () => {
  it.each([
    ['/apiw/v2/inbox?page=1e3', 'page'],
    ['/apiw/v2/uni-loan/earn/subscribe?page=1e400', 'page'],
    ['/apiw/v2/uni-loan/earn/market/list?sort_business=Infinity', 'sort_business'],
    ['/apiw/v2/uni-loan/earn/market/list?search_type=1.5', 'search_type'],
    ['/apiw/v2/uni-loan/earn/history?is_time_zone=007', 'is_time_zone'],
    ['/apiw/v2/uni-loan/earn/coin-info?kyc_level=%201', 'kyc_level'],
    // A choice of whole numbers too.
    ['/apiw/v2/earn/private-wealth/products?project_type=0x4', 'project_type'],
    ['/apiw/v2/earn/private-wealth/products?project_type=05', 'project_type'],
    ['/apiw/v2/earn/private-wealth/products?project_type=4.0', 'project_type'],
  ])('%s', async (path, field) => {
    const res = await user.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: `${field} must be a whole number`,
      key: 'validation.type',
      params: { field, type: 'a whole number' },
    });
  });

  it('and a whole number too large for any the call knows is refused for its range, in words', async () => {
    for (const [path, field, limit] of [
      ['/apiw/v2/uni-loan/earn/subscribe?page=9007199254740993', 'page', '100000'],
    ] as const) {
      const res = await user.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({
        message: `${field} must be at most ${limit}`,
        key: 'validation.maximum',
        params: { field, limit },
      });
    }
  });

  it('and a row id is refused in the words of a body’s row id, however it is written', async () => {
    for (const id of ['0x10', '01', '%201', '1e3', '1.5', '99999999999999999999', '2147483648', '0', '-1']) {
      const res = await user.get(`/apiw/v2/vip/fixed_earn/api/product/detail?id=${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body, id).toMatchObject({
        message: 'id must be a whole number from 1 to 2147483647',
        key: 'validation.idRange',
        params: { field: 'id', min: '1', max: '2147483647' },
      });
    }
    for (const id of ['0x10', '01', ' 1'])
      expect(
        (await user.post('/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id: id, fundpass: '123456' })).body,
        id,
      ).toMatchObject({ key: 'validation.idRange' });
  });

  it('and within the range the call knows', async () => {
    for (const path of [
      '/apiw/v2/uni-loan/earn/coin-info?kyc_level=-1',
      '/apiw/v2/uni-loan/earn/coin-info?show_page=2',
      '/apiw/v2/uni-loan/earn/history?is_time_zone=2',
      '/apiw/v2/uni-loan/earn/subscribe?page=100001',
    ])
      expect((await user.get(path)).status, path).toBe(400);
    // Plain ones still pass, a minus sign too where the spec sends one.
    expect((await user.get('/apiw/v2/uni-loan/earn/market/list?search_type=-1&sort_business=1&page=1')).status).toBe(
      200,
    );
    expect((await user.get('/apiw/v2/uni-loan/earn/subscribe?page=2&limit=10')).status).toBe(200);
    expect((await user.get('/apiw/v2/earn/private-wealth/products?project_type=4')).status).toBe(200);
  });
});

it('refuses the other side on a one-sided staking call with the key of a value that is not allowed', async () => {
  const res = await user.post('/apiw/v2/earn/staking/coin-swap-verify', {
    side: 1,
    coin: 'ETH',
    pid: 1,
    amount: '1',
    fundpass: '123456',
  });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ key: 'validation.notAllowed', params: { field: 'side' } });
});

it('says "log in" and "could not be read" with keys too', async () => {
  const guest = await ts.client().post('/apiw/v2/account/transfer', valid);
  expect(guest.status).toBe(401);
  expect(guest.body).toMatchObject({ key: 'auth.needLogin' });
  const notJson = await user.post('/apiw/v2/account/transfer', '{bad', { 'content-type': 'application/json' });
  expect(notJson.status).toBe(400);
  expect(notJson.body).toMatchObject({ key: 'common.unreadable' });
  const form = await user.post('/apiw/v2/account/transfer', 'asset=USDT', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(form.status).toBe(415);
  expect(form.body).toMatchObject({ key: 'common.unreadable' });
});

it('refuses every body that is not JSON the same way (415), before anything runs', async () => {
  const usdt = async () =>
    (await user.get('/apiw/v2/account/balances')).body.data.find((b: { asset: string }) => b.asset === 'USDT');
  const before = await usdt();
  const json = JSON.stringify({ ...valid, fundpass: '123456' });
  const cases: [string, string][] = [
    ['application/x-www-form-urlencoded', 'asset=USDT&amount=1&from=spot&to=unified&fundpass=123456'],
    ['text/plain', json],
    ['text/plain;charset=UTF-8', json],
    ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="asset"\r\n\r\nUSDT\r\n--x--`],
    ['application/vnd.api+json', json],
    ['application/xml', '<transfer/>'],
    ['', json],
  ];
  for (const [type, body] of cases) {
    const res = await user.post('/apiw/v2/account/transfer', body, { 'content-type': type });
    expect(res.status, type).toBe(415);
    expect(res.body, type).toEqual({
      code: -1,
      message: 'This call takes a JSON body (application/json)',
      data: null,
      key: 'common.unreadable',
    });
  }
  expect(await usdt()).toEqual(before);
  // An address with no route is said to be one, whatever its body.
  for (const [method, path] of [
    ['POST', '/apiw/v2/nope'],
    ['DELETE', '/apiw/v2/uni-loan/earn/subscribe'],
  ] as const) {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'a=1'],
      ['application/json', '{a:1'],
      ['application/json', `{"a":"${'x'.repeat(3_000_000)}"}`],
    ] as const) {
      const res = await user.request(method, path, body, { 'content-type': type });
      expect(res.status, `${path} ${type}`).toBe(404);
      expect(res.body.key, `${path} ${type}`).toBe('common.noRoute');
    }
  }
});

it('answers an address too long for HTTP in the envelope too', async () => {
  const res = await fetch(`${ts.url}/apiw/v2/market/tickers?currency_pairs=${'x'.repeat(100_000)}`);
  expect(res.status).toBe(431);
  expect(await res.json()).toEqual({
    code: -1,
    message: 'The address or the headers of this request are too long',
    data: null,
    key: 'common.unreadable',
  });
  // The server goes on answering.
  expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
});

it('takes a __proto__ or constructor key in a body as any field it does not know: left out, not called invalid JSON', async () => {
  const json = { 'content-type': 'application/json' };
  const usdt = async () =>
    (await user.get('/apiw/v2/account/balances')).body.data.find((b: { asset: string }) => b.asset === 'USDT');
  const before = await usdt();
  // The amount hidden in __proto__ is not the one moved; the call's own amount is.
  const hidden = await user.post(
    '/apiw/v2/account/transfer',
    '{"asset":"USDT","amount":"1","from":"spot","to":"unified","fundpass":"123456","__proto__":{"amount":"500"}}',
    json,
  );
  expect(hidden.body).toMatchObject({ code: 0 });
  const moved = await usdt();
  expect(new Decimal(moved.unified).minus(before.unified).toFixed()).toBe('1');
  const back = await user.post(
    '/apiw/v2/account/transfer',
    '{"asset":"USDT","amount":"1","from":"unified","to":"spot","fundpass":"123456","constructor":{"prototype":{"amount":"500"}}}',
    json,
  );
  expect(back.body).toMatchObject({ code: 0 });
  expect(await usdt()).toEqual(before);
});
