import { clearHour, Decimal, hourlyInterest, lenderRateCap, type Offer, serviceFee } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { checkLedger } from '../src/ledger/check.js';
import { settleBatch } from '../src/modules/simple-earn/flexible-hour.js';
import { earnHistory } from '../src/modules/simple-earn/history.js';
import { listMarkets } from '../src/modules/simple-earn/markets.js';
import { advance, holding, lender, setDemand } from './flexible-helpers.js';
import { type Client, HOUR_MS, startTestServer, T0, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  // One position per transaction of the hour: the batched settlement must pay exactly the model.
  ts = await startTestServer({ flexibleSettleBatch: 1 });
});
afterAll(() => ts.close());

describe('flexible lending engine: a worked day', () => {
  it('pays each lender exactly the clearing interest every hour, compounding, with the fee to the platform', async () => {
    // Three ETH lenders; demand set by the operator, changed twice during the day.
    const a = await lender(ts, { ETH: '10' });
    const b = await lender(ts, { ETH: '20' });
    const c = await lender(ts, { ETH: '5' });
    await setDemand(ts, 'ETH', '12', '0.03'); // from T0 + 1h
    expect((await a.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '10' })).body.data).toEqual({
      asset: 'ETH',
      amount: '10',
      interest_start_at: (T0 + HOUR_MS) / 1000,
      interest_received_at: (T0 + 2 * HOUR_MS) / 1000,
    });
    await b.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '20', rateYear: '0.02' });
    await advance(ts, 1); // T0+1h: the first clearing (A and B in the book; C not yet subscribed)
    await c.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'ETH', amount: '5', rateYear: '0.01' });

    // Hour T0+1h: A 10 @ 0.1%, B 20 @ 2%; demand 12 bid 3% -> rate 2%, A lends 10, B lends 2.
    const first = await a.get('/apiw/v2/uni-loan/earn/lend-detail?asset=ETH');
    expect(first.body.data[0]).toMatchObject({
      rate: '0.02',
      demand: '12',
      supply: '30',
      lent: '10',
      offered: '10',
      reason: 'none',
    });
    expect((await holding(b, 'ETH')).lend_amount).toBe('2');

    // Model of the day from the domain rules: the book each hour, the clearing, compounding interest.
    const amounts = new Map([
      ['a', new Decimal(10)],
      ['b', new Decimal(20)],
      ['c', new Decimal(5)],
    ]);
    const joined = new Map([
      ['a', T0],
      ['b', T0],
      ['c', T0 + HOUR_MS],
    ]);
    const minRate = new Map([
      ['a', '0.001'],
      ['b', '0.02'],
      ['c', '0.01'],
    ]);
    const demandAt = (hourMs: number) =>
      hourMs >= T0 + 13 * HOUR_MS
        ? { amount: '40', maxRate: '0.015' }
        : hourMs >= T0 + 7 * HOUR_MS
          ? { amount: '1', maxRate: '0.05' }
          : { amount: '12', maxRate: '0.03' };
    const [market] = rowsOf<{ fee_rate: string }>(
      await ts.server.ctx.db.execute(sql`SELECT fee_rate::text FROM flexible_markets WHERE coin = 'ETH'`),
    );
    const ethFee = market?.fee_rate ?? '0';
    let feeTotal = new Decimal(0);
    let lentCheck = '';
    const modelHour = (hourMs: number) => {
      const offers: Offer[] = [...amounts].flatMap(([id, amount]) =>
        (joined.get(id) as number) <= hourMs - HOUR_MS
          ? [{ id, amount, minRate: new Decimal(minRate.get(id) as string), priorityMs: joined.get(id) as number }]
          : [],
      );
      const d = demandAt(hourMs);
      const clearing = clearHour(offers, { amount: new Decimal(d.amount), maxRate: lenderRateCap(d.maxRate, ethFee) });
      let interestSum = new Decimal(0);
      for (const f of clearing.fills) {
        const interest = hourlyInterest(f.lent, clearing.rate);
        interestSum = interestSum.plus(interest);
        amounts.set(f.id, (amounts.get(f.id) as Decimal).plus(interest));
      }
      feeTotal = feeTotal.plus(serviceFee(interestSum, '0.18'));
      if (hourMs === T0 + 14 * HOUR_MS) lentCheck = clearing.fills.map((f) => `${f.id}:${f.lent.toFixed()}`).join(' ');
    };

    // Demand changes: from hour 7 a trickle at 5%, from hour 13 plenty but only up to 1.5%.
    await advance(ts, 5); // now T0+6h: hours 1..5 settled
    await setDemand(ts, 'ETH', '1', '0.05');
    await advance(ts, 6); // now T0+12h
    await setDemand(ts, 'ETH', '40', '0.015');
    await advance(ts, 13); // now T0+25h: hours 1..24 settled
    for (let h = 1; h <= 24; h++) modelHour(T0 + h * HOUR_MS);

    for (const [id, client] of [
      ['a', a],
      ['b', b],
      ['c', c],
    ] as const) {
      const h = await holding(client, 'ETH');
      expect(h.curr_amount, id).toBe((amounts.get(id) as Decimal).toFixed());
    }
    // Hour 14: demand 40 bid 1.5%: A (0.1%) and C (1%) lend all; B (2%) is above the bid.
    expect(lentCheck).toMatch(/^a:10\.\d+ c:5\.\d+ b:0$/);
    const b14 = (await b.get('/apiw/v2/uni-loan/earn/lend-detail?asset=ETH')).body.data.find(
      (r: { hour: number }) => r.hour === (T0 + 14 * HOUR_MS) / 1000,
    );
    expect(b14).toMatchObject({ lent: '0', reason: 'min_rate_above', rate: '0.01' });

    const [fees] = rowsOf<{ total: string }>(
      await ts.server.ctx.db.execute(
        sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE wallet = 'platform:flexible_fees' AND coin = 'ETH'`,
      ),
    );
    expect(new Decimal(fees?.total ?? '0').toFixed()).toBe(feeTotal.toFixed());
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);

    // Interest history is one row per lender per paying hour, and equals what the positions earned.
    const hist = await a.get('/apiw/v2/uni-loan/earn/history?type=3&asset=ETH&limit=100');
    const earned = hist.body.data.list.reduce(
      (acc: Decimal, r: { amount: string }) => acc.plus(r.amount),
      new Decimal(0),
    );
    expect(earned.toFixed()).toBe((amounts.get('a') as Decimal).minus(10).toFixed());
    expect((await holding(a, 'ETH')).cumulative).toBe(earned.toFixed());

    // The daily log sums the same interest per day, in the asked time zone (here UTC+8: the day turns at 16:00 UTC).
    const daily = await a.get('/apiw/v2/uni-loan/earn/history?type=3&asset=ETH&is_daily_log=1&time_zone=480');
    const days = daily.body.data.list as { time_at: number; amount: string }[];
    expect(days.map((d) => d.time_at)).toEqual([(T0 + 16 * HOUR_MS) / 1000, (T0 - 8 * HOUR_MS) / 1000]);
    expect(days.reduce((acc, d) => acc.plus(d.amount), new Decimal(0)).toFixed()).toBe(earned.toFixed());
    expect(daily.body.data.total).toBe(2);

    // Running the scheduler again pays nothing more.
    expect(await ts.server.scheduler.runDue()).toEqual([]);
    expect((await holding(a, 'ETH')).curr_amount).toBe((amounts.get('a') as Decimal).toFixed());
  });
});

describe('ledger:check on flexible positions', () => {
  it('finds a position whose shown interest differs from its postings', async () => {
    const u = await lender(ts, { BNB: '3' });
    await setDemand(ts, 'BNB', '10', '0.05');
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'BNB', amount: '3' });
    await advance(ts, 3);
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
    await ts.server.ctx.db.execute(
      sql`UPDATE flexible_positions SET net_subscribed = net_subscribed - 0.00000001 WHERE coin = 'BNB'`,
    );
    const found = await checkLedger(ts.server.ctx.db);
    expect(found.map((v) => v.invariant)).toEqual(['flexible interest equals its postings and history']);
    await ts.server.ctx.db.execute(
      sql`UPDATE flexible_positions SET net_subscribed = net_subscribed + 0.00000001 WHERE coin = 'BNB'`,
    );
  });
});

describe('allocation history', () => {
  it('is kept about two days deep; the interest it paid stays in history, each row as it was', async () => {
    const u = await lender(ts, { DOT: '1000' });
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'DOT', amount: '1000' });
    await setDemand(ts, 'DOT', '500', '0.2');
    await advance(ts, 3 * 24);
    const before = await interestHistory(u, 'DOT');
    const dailyBefore = await dailyInterest(u, 'DOT');
    await advance(ts, 2 * 24);
    const db = ts.server.ctx.db;
    const now = ts.server.ctx.clock.now().getTime();
    const [oldest] = rowsOf<{ hour: Date | string }>(
      await db.execute(sql`SELECT min(hour) AS hour FROM flexible_allocations`),
    );
    expect(now - new Date(oldest?.hour as Date).getTime()).toBeLessThanOrEqual(3 * 24 * HOUR_MS);
    const lent = (await u.get('/apiw/v2/uni-loan/earn/lend-detail?asset=DOT')).body.data;
    expect(lent.length).toBe(24);
    // Every hour paid is in history; those archived meanwhile are unchanged, ids and all.
    const after = await interestHistory(u, 'DOT');
    expect(after.length).toBe(before.length + 48);
    expect(after.slice(48)).toEqual(before);
    const [archived] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM earn_history WHERE coin = 'DOT' AND type = 3`),
    );
    expect(archived?.n).toBeGreaterThan(24);
    // The daily log of the days that were over already reads the same.
    const dailyAfter = await dailyInterest(u, 'DOT');
    const lastDayBefore = Math.max(...dailyBefore.map((d) => d.time_at));
    expect(dailyAfter.filter((d) => d.time_at < lastDayBefore)).toEqual(
      dailyBefore.filter((d) => d.time_at < lastDayBefore),
    );
    expect(await checkLedger(db)).toEqual([]);
  });

  it("shows an hour's interest as each batch pays it, never before", async () => {
    const a = await lender(ts, { LINK: '100' });
    const b = await lender(ts, { LINK: '100' });
    await a.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'LINK', amount: '100' });
    await b.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'LINK', amount: '100' });
    await setDemand(ts, 'LINK', '150', '0.1');
    await advance(ts, 2);
    const db = ts.server.ctx.db;
    // The hour cleared last and not paid yet; its first batch (one position) paid, and looked at, then rolled back.
    const hour = ts.server.ctx.clock.now();
    const positions = rowsOf<{ id: number; user_id: number }>(
      await db.execute(sql`SELECT id, user_id FROM flexible_positions WHERE coin = 'LINK' ORDER BY id`),
    );
    const users = positions.map((p) => p.user_id);
    const markets = (await listMarkets(db)).filter((m) => m.isOpen);
    const paidAt = hour.getTime() / 1000 + 3600;
    const newest = async (tx: Executor, userId: number) =>
      (await earnHistory(tx, userId, 'flexible', { page: 1, limit: 1, type: 3 })).list[0]?.time_at;
    await db
      .transaction(async (tx) => {
        expect(await newest(tx, users[0] as number)).toBe(paidAt - 3600);
        await settleBatch(tx, hour, markets, (positions[0]?.id as number) - 1, 1);
        expect(await newest(tx, users[0] as number)).toBe(paidAt);
        expect(await newest(tx, users[1] as number)).toBe(paidAt - 3600);
        expect(await checkLedger(tx)).toEqual([]);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
  });
});

class RolledBack extends Error {}

/** Every interest row of a coin's flexible history, newest first, through the API's pages. */
async function interestHistory(u: Client, asset: string) {
  const rows = [];
  for (let page = 1; ; page++) {
    const res = await u.get(`/apiw/v2/uni-loan/earn/history?type=3&asset=${asset}&limit=100&page=${page}`);
    rows.push(...res.body.data.list);
    if (res.body.data.list.length < 100) return rows;
  }
}

async function dailyInterest(u: Client, asset: string): Promise<{ time_at: number }[]> {
  const res = await u.get(`/apiw/v2/uni-loan/earn/history?type=3&asset=${asset}&is_daily_log=1&limit=100`);
  return res.body.data.list;
}
