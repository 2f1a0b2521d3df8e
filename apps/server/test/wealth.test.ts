import { Decimal, managementFee, toDayString, unitsFor, unitsValue } from '@earn/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { longRunning, spot } from './flexible-helpers.js';
import { requirePostgres, startTestServer, type TestServer } from './helpers.js';
import { wealthProduct } from './product-helpers.js';

const WEALTH = '/apiw/v2/earn/private-wealth';
type Client = Awaited<ReturnType<typeof lender>>;
const { lender, advance } = longRunning();

const product = wealthProduct;
const now = async (ts: TestServer) => (await ts.admin.get('/admin/v1/clock')).body.data.now_ms as number;
const today = async (ts: TestServer) => toDayString(await now(ts));
const mine = async (u: Client, pid: number) =>
  (await u.get(`${WEALTH}/products`)).body.data.find((p: { pid: number }) => p.pid === pid);
const postNav = (ts: TestServer, pid: number, day: string, nav: string) =>
  ts.admin.post(`/admin/v1/wealth/products/${pid}/nav`, { day, nav });
/** Hours to the next 09:00 UTC, when the 08:30 valuation has run. */
async function pastValuation(ts: TestServer) {
  const t = await now(ts);
  const day = Math.floor(t / 86_400_000) * 86_400_000;
  const target = t < day + 9 * 3_600_000 ? day + 9 * 3_600_000 : day + 33 * 3_600_000;
  await advance(ts, Math.round((target - t) / 3_600_000));
}

describe('private wealth', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());
  afterEach(async () => {
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('prices a purchase and a redemption that straddle two valuations at each one’s NAV, less the fee', async () => {
    const pid = await product(ts, { fee_rate: '0.0365' });
    const u = await lender(ts, { USDT: '5000' });
    const first = (await u.post(`${WEALTH}/purchase`, { pid, amount: '1000', project_type: 5 })).body.data;
    expect(first).toMatchObject({ status: 'pending', amount: '1000', unit: '0' });
    expect(await spot(u, 'USDT')).toBe('4000');
    expect(await mine(u, pid)).toMatchObject({ amount_pending: '1000', unit: '0' });
    const day1 = await today(ts);
    expect((await postNav(ts, pid, day1, '1.2')).body.code).toBe(0);
    await pastValuation(ts);
    const nav1 = managementFee('0', '1.2', '0.0365').navAfter;
    const units1 = unitsFor('1000', nav1);
    expect(await mine(u, pid)).toMatchObject({ nav: nav1.toFixed(), unit: units1.toFixed(), amount_pending: '0' });
    // A valued day cannot be rewritten, and a day before the product began is never valued.
    expect((await postNav(ts, pid, day1, '2')).status).toBe(400);
    expect((await postNav(ts, pid, '2020-01-01', '1.2')).body).toMatchObject({
      code: -1,
      message: `day must not be before the product began, ${day1}`,
    });

    // After 08:30 both wait for tomorrow's valuation.
    const half = units1.div(2).toDecimalPlaces(6, Decimal.ROUND_DOWN);
    await u.post(`${WEALTH}/purchase`, { pid, amount: '500' });
    const asked = (await u.post(`${WEALTH}/redeem`, { pid, unit: half.toFixed() })).body.data;
    expect(asked).toMatchObject({ status: 'pending', unit: half.toFixed() });
    expect((await u.post(`${WEALTH}/redeem`, { pid, unit: units1.toFixed() })).body).toMatchObject({
      key: 'less.redeemable.units',
    });
    const day2 = toDayString((await now(ts)) + 86_400_000);
    await postNav(ts, pid, day2, '1.25');
    await pastValuation(ts);
    const nav2 = managementFee(units1, '1.25', '0.0365').navAfter;
    const paid = unitsValue(half, nav2);
    expect(await spot(u, 'USDT')).toBe(new Decimal(3500).plus(paid).toFixed());
    const units2 = units1.minus(half).plus(unitsFor('500', nav2));
    expect(await mine(u, pid)).toMatchObject({ unit: units2.toFixed(), unit_pending: '0' });
    const detail = (await u.get(`${WEALTH}/order-detail?order_id=${pid}`)).body.data;
    expect(detail).toMatchObject({ unit: units2.toFixed(), net_value_ratio: nav2.toFixed() });
    // The whole return: worth and what the redemption paid, less all put in; the average cost of the
    // units held, the redeemed half having taken its share of the first purchase's cost with it.
    expect(detail.income_amount).toBe(unitsValue(units2, nav2).plus(paid).minus(1500).toFixed());
    const cost = new Decimal(1000).minus(new Decimal(1000).times(half).div(units1).toDecimalPlaces(8)).plus(500);
    expect(detail.net_value_ratio_buy).toBe(cost.div(units2).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed());
    expect(detail.orders.map((o: { side: string; nav: string }) => [o.side, o.nav])).toEqual([
      ['redeem', nav2.toFixed()],
      ['purchase', nav2.toFixed()],
      ['purchase', nav1.toFixed()],
    ]);
    const rate = (await u.get(`${WEALTH}/lines?type=rate&order_id=${pid}&range=30`)).body.data;
    expect(rate.lines.map((l: { value: string }) => l.value)).toEqual([
      '0',
      nav2.div(nav1).minus(1).times(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(),
    ]);
    const balance = (await u.get(`${WEALTH}/lines?type=balance&order_id=${pid}&range=30`)).body.data;
    expect(balance.lines.at(-1).value).toBe(unitsValue(units2, nav2).toFixed());
  });

  it('gates redemptions at a share of the units and carries the rest pro rata to the next valuation', async () => {
    const pid = await product(ts, { gate_percent: '10' });
    const a = await lender(ts, { USDT: '100' });
    const b = await lender(ts, { USDT: '100' });
    await a.post(`${WEALTH}/purchase`, { pid, amount: '100' });
    await b.post(`${WEALTH}/purchase`, { pid, amount: '100' });
    await pastValuation(ts);
    await a.post(`${WEALTH}/redeem`, { pid, unit: '100' });
    await b.post(`${WEALTH}/redeem`, { pid, unit: '100' });
    await pastValuation(ts);
    expect(await spot(a, 'USDT')).toBe('10');
    expect(await mine(a, pid)).toMatchObject({ unit: '90', unit_pending: '90' });
    const detail = (await a.get(`${WEALTH}/order-detail?order_id=${pid}`)).body.data;
    expect(detail.orders[0]).toMatchObject({ side: 'redeem', status: 'pending', unit: '90' });
    expect(detail.orders[1]).toMatchObject({ side: 'redeem', status: 'done', unit: '10', carried: '90' });
    // The carried units wait for the next valuation, not for the one that carried them.
    expect(detail.orders[0].valuation_time).toBe(detail.orders[1].valuation_time + 86_400);
    // A redemption is no loss: the assets trend's change is the NAV's over the window (flat here).
    expect((await a.get(`${WEALTH}/lines?type=balance&order_id=${pid}&range=30`)).body.data.change).toBe('0');
    await pastValuation(ts);
    expect(await spot(b, 'USDT')).toBe('19');
  });

  it('shows a NAV the operator posted ahead only once its day is valued', async () => {
    const pid = await product(ts);
    const u = await lender(ts, { USDT: '1000' });
    await u.post(`${WEALTH}/purchase`, { pid, amount: '1000' });
    await pastValuation(ts);
    const shown = async () => {
      const p = await mine(u, pid);
      const rate = (await u.get(`${WEALTH}/lines?type=rate&order_id=${pid}&range=30`)).body.data;
      const balance = (await u.get(`${WEALTH}/lines?type=balance&order_id=${pid}&range=30`)).body.data;
      return { p, rate, balance };
    };
    const before = await shown();
    const ahead = toDayString((await now(ts)) + 2 * 86_400_000);
    expect((await postNav(ts, pid, ahead, '1.3')).body.code).toBe(0);
    expect(await shown()).toEqual(before);
    // The next valuation (a day before the posted one) moves nothing either: its NAV is unchanged.
    await pastValuation(ts);
    const next = await shown();
    expect(next.p).toMatchObject({ nav: before.p.nav, recent_30_days_rate: '0', amount: '1000' });
    expect(next.balance.lines.at(-1)).toMatchObject({ value: '1000' });
    // Its own valuation does.
    await pastValuation(ts);
    const valued = await shown();
    expect(valued.p).toMatchObject({ nav: '1.3', nav_time: Date.parse(`${ahead}T08:30:00Z`) / 1000, amount: '1300' });
    expect(valued.balance.lines.at(-1)).toMatchObject({
      timestamp: Date.parse(`${ahead}T08:30:00Z`) / 1000,
      value: '1300',
    });
    expect(valued.rate.lines.at(-1).value).toBe('30');
  });

  it('says a product in the reader’s language, English where the operator gave no translation', async () => {
    const zh = { name: '量化基金', manager: '顶点资本', strategy: '市场中性', disclaimer: '过往收益不代表未来表现。' };
    const pid = await product(ts, { translations: { 'zh-CN': zh } });
    const plain = await product(ts);
    const shown = async (locale: string, id: number) =>
      (await ts.client().get(`${WEALTH}/products?locale=${locale}`)).body.data.find(
        (p: { pid: number }) => p.pid === id,
      );
    expect(await shown('zh-CN', pid)).toMatchObject(zh);
    // A language tag in any case, or the language alone.
    expect(await shown('zh-cn', pid)).toMatchObject(zh);
    expect(await shown('zh', pid)).toMatchObject(zh);
    expect(await shown('en', pid)).toMatchObject({
      name: 'Quant fund',
      manager: 'Acme Capital',
      strategy: 'Market neutral',
      disclaimer: 'Past returns do not promise future ones.',
    });
    expect(await shown('zh-CN', plain)).toMatchObject({
      name: 'Quant fund',
      disclaimer: 'Past returns do not promise future ones.',
    });
    const u = await lender(ts, { USDT: '150' });
    await u.post(`${WEALTH}/purchase`, { pid, amount: '100' });
    const detail = await u.get(`${WEALTH}/order-detail?order_id=${pid}&locale=zh-CN`);
    expect(detail.body.data.name).toBe('量化基金');
  });

  it('refuses bad input with the spec’s messages and writes nothing', async () => {
    const pid = await product(ts, { min_tier: 1 });
    const open = await product(ts);
    const u = await lender(ts, { USDT: '150' });
    const vipOnly = await u.post(`${WEALTH}/purchase`, { pid, amount: '200' });
    expect(vipOnly.status).toBe(403);
    // Told in the reader's language, as the product card says it.
    expect(vipOnly.body).toMatchObject({ key: 'wealth.vipOnly', params: { tier: '1' } });
    const cases: [Record<string, unknown>, string][] = [
      [{ pid: open, amount: '50' }, 'less.minimum.amount'],
      [{ pid: open, amount: '200' }, 'finances.inadequateBalance'],
      [{ pid: open, amount: '100.123456789' }, 'errors.invalidAmount'],
      [{ pid: open, amount: '-1' }, 'errors.invalidAmount'],
    ];
    for (const [body, key] of cases) expect((await u.post(`${WEALTH}/purchase`, body)).body.key).toBe(key);
    expect((await u.post(`${WEALTH}/purchase`, { pid: open, amount: '1e400' })).status).toBe(400);
    expect((await u.post(`${WEALTH}/purchase`, { pid: 999_999, amount: '100' })).status).toBe(404);
    // The NAV's history is public; a holding's is the holder's. A call naming another project type
    // finds no such product.
    const guest = ts.client();
    expect((await guest.get(`${WEALTH}/lines?type=rate&order_id=${open}&project_type=4`)).status).toBe(404);
    const rate = await guest.get(`${WEALTH}/lines?type=rate&order_id=${open}&range=30&project_type=5`);
    expect(rate.body.code).toBe(0);
    expect((await guest.get(`${WEALTH}/lines?type=balance&order_id=${open}&range=30`)).status).toBe(401);
    expect((await u.post(`${WEALTH}/purchase`, { pid: open, amount: '100', project_type: 4 })).body).toMatchObject({
      key: 'common.notExist',
      message: `wealth product ${open} does not exist as type 4`,
    });
    expect((await u.post(`${WEALTH}/redeem`, { pid: open, unit: '0' })).status).toBe(400);
    expect((await u.post(`${WEALTH}/redeem`, { pid: open, unit: '0.0000001' })).body.key).toBe('errors.invalidAmount');
    expect((await u.post(`${WEALTH}/redeem`, { pid: open, unit: '1' })).body.key).toBe('less.redeemable.units');
    expect(await spot(u, 'USDT')).toBe('150');
    expect(await mine(u, open)).toMatchObject({ amount_pending: '0', unit: '0' });
  });
});

const onPostgres = requirePostgres('parallel wealth redemptions never ask more units than held');
describe.runIf(onPostgres)('private wealth under concurrency (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
  });
  afterAll(() => ts?.close());

  it('lets 30 parallel redemptions set aside at most the units held', async () => {
    const pid = await product(ts);
    const u = await lender(ts, { USDT: '1000' });
    await u.post(`${WEALTH}/purchase`, { pid, amount: '1000' });
    await pastValuation(ts);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => u.post(`${WEALTH}/redeem`, { pid, unit: '100' })),
    );
    expect(replies.filter((r) => r.status === 500)).toEqual([]);
    expect(replies.filter((r) => r.body.code === 0)).toHaveLength(10);
    await pastValuation(ts);
    expect(await spot(u, 'USDT')).toBe('1000');
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});
