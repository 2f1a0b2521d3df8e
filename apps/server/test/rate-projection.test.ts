import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { seededDemand } from '../src/modules/simple-earn/demand.js';
import { RateProjection } from '../src/modules/simple-earn/market-queries.js';
import { listMarkets } from '../src/modules/simple-earn/markets.js';
import { startTestServer, T0, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ postgres: false });
});
afterAll(() => ts.close());

/** The database, counting the raw queries made through it. */
function counting(db: Db) {
  const counter = { queries: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counter.queries++;
        return value.apply(target, args);
      };
    },
  });
  return { db: proxy, counter };
}

describe('the next-hour rate projection', () => {
  it('is computed once when many reads miss at the same time, and they all get its answer', async () => {
    const markets = (await listMarkets(ts.server.ctx.db)).filter((m) => m.isOpen);
    const one = counting(ts.server.ctx.db);
    const alone = await new RateProjection(seededDemand).rates(one.db, markets, T0);
    const many = counting(ts.server.ctx.db);
    const projection = new RateProjection(seededDemand);
    const answers = await Promise.all(Array.from({ length: 20 }, () => projection.rates(many.db, markets, T0)));
    expect(one.counter.queries).toBeGreaterThan(0);
    expect(many.counter.queries).toBe(one.counter.queries);
    for (const a of answers) expect([...a]).toEqual([...alone]);
  });
});
