import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

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

describe('bad input is refused with a clear message and writes nothing', () => {
  it.each([
    ['a negative amount', { amount: '-5' }, 'amount must not be negative'],
    ['NaN', { amount: 'NaN' }, 'amount must be a plain decimal number, for example "12.5"'],
    ['exponent notation', { amount: '1e5' }, 'amount must be a plain decimal number, for example "12.5"'],
    ['a JSON number', { amount: 5 }, 'amount must be string'],
    ['a JSON number in exponent form', { amount: 1e5 }, 'amount must be string'],
    ['too many decimals', { amount: '0.000000001' }, 'amount must have at most 8 decimal places'],
    [
      'too many decimals for the coin',
      { asset: 'XRP', amount: '1.0000001' },
      'amount must have at most 6 decimal places',
    ],
    ['an amount above the maximum', { amount: '1000000000000' }, 'amount must be at most 999999999999'],
    ['zero', { amount: '0' }, 'amount must be greater than 0'],
    ['an unknown coin', { asset: 'NOPE' }, 'asset NOPE is not a coin we list'],
    ['an unknown wallet', { to: 'savings' }, 'to has a value that is not allowed'],
    ['the same wallet twice', { to: 'spot' }, 'from and to must be different wallets'],
    ['a wrong type', { from: 7 }, 'from must be string'],
    ['more than the balance', { amount: '1000.5' }, 'Insufficient balance'],
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
    expect(res.body).toMatchObject({ code: -1, message: `${field} is required` });
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
    expect(unknownUser.body.message).toBe('no account with the email ghost@example.com');
    expect(await ledgerState()).toEqual(before);
  });
});
