import { Decimal } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ demo: true });
});
afterAll(() => ts.close());

describe('demo data', () => {
  it('settles the hours the demo projects ran before it: nothing staked then, the budget held and said', async () => {
    const accounts = (await ts.admin.get('/admin/v1/launch-pool/reward-accounts')).body.data as {
      name: string;
      funded: string;
      paid: string;
      held: string;
      empty_pool_hours: number;
      unpaid_budget_of_empty_hours: string;
    }[];
    for (const a of accounts) expect(new Decimal(a.held).toFixed()).toBe(new Decimal(a.funded).minus(a.paid).toFixed());
    // Completed before the demo began: 7 days of one pool, none of it staked.
    // (Budgets to 4 places: an hour's reward is cut to 18 places, and the sum said to 8.)
    const completed = accounts.find((a) => a.name === 'Cosmos hub');
    expect(completed).toMatchObject({ funded: '1000', paid: '0', held: '1000', empty_pool_hours: 168 });
    expect(new Decimal(completed?.unpaid_budget_of_empty_hours ?? 0).toDecimalPlaces(4).toFixed()).toBe('1000');
    // Running for a day before the demo's stakers came: 24 hours of its 3 pools, a fourteenth of
    // their 500,500 LPX.
    const live = accounts.find((a) => a.name === 'Launch Pixel');
    expect(live?.empty_pool_hours).toBe(72);
    expect(new Decimal(live?.unpaid_budget_of_empty_hours ?? 0).toDecimalPlaces(4).toFixed()).toBe('35750');
  });
});
