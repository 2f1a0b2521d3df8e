import type { TestServer } from './helpers.js';

/** Creates a product through the operator API and returns its id. */
async function created(ts: TestServer, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await ts.admin.post(path, body);
  if (res.body.code !== 0) throw new Error(`product failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** An on-chain staking product of ETH (3.65%, a 10% fee, 0.01 at least), `fields` over it. */
export const stakingProduct = (ts: TestServer, fields: Record<string, unknown> = {}) =>
  created(ts, '/admin/v1/staking/products', {
    coin: 'ETH',
    rate: '0.0365',
    fee_rate: '0.1',
    min_mortgage_amount: '0.01',
    min_redeem_amount: '0.01',
    reward_delay_days: 2,
    redeem_maxday: 3,
    ...fields,
  });

/** The operator's body for a 7-day fixed-term USDT product at 7.3%, 10 USDT at least, `fields` over it. */
export const fixedProductBody = (fields: Record<string, unknown> = {}) => ({
  coin: 'USDT',
  type: 1,
  lock_up_period: 7,
  year_rate: '0.073',
  min_lend_amount: '10',
  user_max_lend_volume: '0',
  total_quota: '1000000',
  ...fields,
});

/** Creates that product (fixedProductBody) and returns its id. */
export const fixedProduct = (ts: TestServer, fields: Record<string, unknown> = {}) =>
  created(ts, '/admin/v1/fixed-earn/products', fixedProductBody(fields));

/** A private-wealth quant fund in USDT, 100 USDT at least, `fields` over it. */
export const wealthProductBody = (fields: Record<string, unknown> = {}) => ({
  project_type: 5,
  name: 'Quant fund',
  coin: 'USDT',
  min_purchase: '100',
  min_tier: 0,
  manager: 'Acme Capital',
  strategy: 'Market neutral',
  disclaimer: 'Past returns do not promise future ones.',
  ...fields,
});

/** Creates that product (wealthProductBody) and returns its id. */
export const wealthProduct = (ts: TestServer, fields: Record<string, unknown> = {}) =>
  created(ts, '/admin/v1/wealth/products', wealthProductBody(fields));
