import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema.js';
import { unlessRepeat } from '../src/db/tx.js';
import { insufficientBalance } from '../src/errors.js';
import { advance, lender, spot } from './flexible-helpers.js';
import { HOUR_MS, startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

const body = { asset: 'USDT', amount: '10', from: 'spot', to: 'unified', fundpass: '123456' };

async function transferCount(userEmail: string): Promise<number> {
  const r = await ts.server.ctx.db.execute(
    sql`SELECT count(*)::int AS n FROM ledger_transactions t JOIN users u ON u.id = t.user_id WHERE u.email = ${userEmail} AND t.kind = 'transfer'`,
  );
  return (r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe('Idempotency-Key', () => {
  it('replays the identical answer to a repeat, and moves money once', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '100');
    const first = await u.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'pay-1' });
    const again = await u.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'pay-1' });
    expect(first.body.code).toBe(0);
    expect(again.body).toEqual(first.body);
    expect(await transferCount(u.email)).toBe(1);
    // The fund password is not part of the request's identity: a repeat without it still replays.
    const { fundpass: _f, ...withoutFundpass } = body;
    await u.post('/apiw/v2/account/fundpass', { fundpass: '123456', old_fundpass: '123456', policy: 'never' });
    expect((await u.post('/apiw/v2/account/transfer', withoutFundpass, { 'idempotency-key': 'pay-1' })).body).toEqual(
      first.body,
    );
    expect(await transferCount(u.email)).toBe(1);
  });

  it('refuses the same key with a different body (409)', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '100');
    await u.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'pay-2' });
    const other = await u.post('/apiw/v2/account/transfer', { ...body, amount: '11' }, { 'idempotency-key': 'pay-2' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
    expect(await transferCount(u.email)).toBe(1);
  });

  it('refuses a key used for another request (409) before the call’s own checks and before a fund-password try', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '100');
    await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '50', fundpass: '123456' });
    const redeem = (amount: string, fundpass = '123456') =>
      u.post('/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount, fundpass }, { 'idempotency-key': 'redeem-1' });
    expect((await redeem('7')).body.code).toBe(0);
    // More than is held, or with a wrong fund password: still the key's reuse that is said.
    for (const [amount, fundpass] of [
      ['8', '123456'],
      ['1000', '123456'],
      ['8', '000000'],
    ] as const) {
      const other = await redeem(amount, fundpass);
      expect(other.status, amount).toBe(409);
      expect(other.body).toMatchObject({ key: 'common.requestReused' });
    }
    // The same on another call under that key, whether or not it has checks of its own ahead.
    const transfer = await u.post(
      '/apiw/v2/account/transfer',
      { ...body, fundpass: '000000' },
      { 'idempotency-key': 'redeem-1' },
    );
    expect(transfer.status).toBe(409);
    // No fund-password try was spent: the first wrong one leaves four.
    const wrong = await u.post('/apiw/v2/account/transfer', { ...body, fundpass: '000000' });
    expect(wrong.body.message).toBe('Fund password is incorrect; tries left: 4');
    // And the first request's repeat still gets its answer, with no prompt and no try, whatever
    // fund password it carries.
    const first = await redeem('7');
    expect(first.body.code).toBe(0);
    for (const fundpass of ['000000', '']) expect((await redeem('7', fundpass)).body, fundpass).toEqual(first.body);
    const stillFour = await u.post('/apiw/v2/account/transfer', { ...body, fundpass: '000000' });
    expect(stillFour.body.message).toBe('Fund password is incorrect; tries left: 3');
    expect(await spot(u, 'USDT')).toBe('57');
  });

  it('scopes keys per user, refuses malformed keys, and lets a refused request be retried', async () => {
    const a = await ts.newUser({ fundpass: '123456' });
    const b = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(a.email, 'USDT', '100');
    await ts.deposit(b.email, 'USDT', '5');
    expect((await a.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'same' })).body.code).toBe(0);
    // b's first try fails (balance 5): nothing is stored, so after a deposit the same key works.
    expect((await b.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'same' })).body.message).toBe(
      'Not enough USDT available',
    );
    await ts.deposit(b.email, 'USDT', '5');
    expect((await b.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'same' })).body.code).toBe(0);
    const bad = await a.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'has spaces' });
    expect(bad.body).toMatchObject({
      message: 'Idempotency-Key must be 1 to 128 letters, digits or _ . : -',
      key: 'common.idempotencyKey',
    });
  });

  it('makes exactly one ledger transaction from 50 concurrent duplicates', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '1000');
    await u.post('/apiw/v2/account/fundpass', { fundpass: '123456', old_fundpass: '123456', policy: 'never' });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => u.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'burst' })),
    );
    expect(replies.every((r) => r.body.code === 0)).toBe(true);
    expect(new Set(replies.map((r) => r.body.data.tx_id)).size).toBe(1);
    expect(await transferCount(u.email)).toBe(1);
    const bal = (await u.get('/apiw/v2/account/balances')).body.data.find((x: { asset: string }) => x.asset === 'USDT');
    expect(bal).toEqual({ asset: 'USDT', spot: '990', unified: '10' });
  });

  it('answers concurrent duplicates that spend the whole balance as the first, though its checks run ahead of the work', async () => {
    // The fund password is asked every time, so the transfer's checks (the balance) run before the
    // work: a duplicate checked after the first has spent the balance must still get its answer.
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '1000');
    const whole = { ...body, amount: '1000' };
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => u.post('/apiw/v2/account/transfer', whole, { 'idempotency-key': 'all-in' })),
    );
    expect(replies.map((r) => r.body.message)).toEqual(Array(30).fill(replies[0]?.body.message));
    expect(replies.every((r) => r.body.code === 0)).toBe(true);
    expect(await transferCount(u.email)).toBe(1);
    const bal = (await u.get('/apiw/v2/account/balances')).body.data.find((x: { asset: string }) => x.asset === 'USDT');
    expect(bal).toEqual({ asset: 'USDT', spot: '0', unified: '1000' });
    // The same for a redemption of a whole holding.
    const lender = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(lender.email, 'USDT', '50');
    await lender.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '50', fundpass: '123456' });
    const redeemed = await Promise.all(
      Array.from({ length: 30 }, () =>
        lender.post(
          '/apiw/v2/uni-loan/earn/redeem',
          { asset: 'USDT', amount: '50', fundpass: '123456' },
          { 'idempotency-key': 'out' },
        ),
      ),
    );
    expect(redeemed.map((r) => r.body.message)).toEqual(Array(30).fill('success'));
  });

  it("answers as a repeat a duplicate whose checks the first's work, committed meanwhile, refused", async () => {
    const db = ts.server.ctx.db;
    const request = { userId: 1, key: 'raced', requestHash: 'same', now: new Date() };
    // The first request commits its key with its work while this duplicate's checks run, and the
    // checks find the balance it spent: the duplicate goes on as a repeat (and gets the first answer).
    await unlessRepeat(db, request, async () => {
      await db.insert(idempotencyKeys).values({ ...request, createdAt: request.now, response: { tx_id: 1 } });
      throw insufficientBalance('USDT');
    });
    // A refusal with no first request behind it stands, and one behind another request's key is a reuse.
    await expect(
      unlessRepeat(db, { ...request, key: 'alone' }, () => Promise.reject(insufficientBalance('USDT'))),
    ).rejects.toThrow(/Not enough USDT/);
    await expect(
      unlessRepeat(db, { ...request, key: 'other' }, async () => {
        await db
          .insert(idempotencyKeys)
          .values({ ...request, key: 'other', requestHash: 'another', createdAt: request.now });
        throw insufficientBalance('USDT');
      }),
    ).rejects.toThrow(/already used for a different request/);
  });

  it('keeps keys at least 24 hours under a unique constraint', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '100');
    const first = await u.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'day-old' });
    await ts.admin.post('/admin/v1/clock/advance', { hours: 25 });
    expect((await u.post('/apiw/v2/account/transfer', body, { 'idempotency-key': 'day-old' })).body).toEqual(
      first.body,
    );
    expect(await transferCount(u.email)).toBe(1);
    const dup = ts.server.ctx.db.execute(
      sql`INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) SELECT user_id, key, 'x', created_at FROM idempotency_keys WHERE key = 'day-old'`,
    );
    await expect(dup).rejects.toThrow();
  });

  it('answers a repeated launch-pool stake as the first even after the project has ended, and refuses a new one', async () => {
    const start = Math.ceil(ts.server.ctx.clock.now().getTime() / HOUR_MS) * HOUR_MS;
    const project = await ts.admin.post('/admin/v1/launch-pool/projects', {
      coin: 'LPX',
      name: 'Repeat after the end',
      start_timest: start / 1000,
      end_timest: (start + 2 * HOUR_MS) / 1000,
      pools: [
        { coin: 'USDT', total_reward: '10', personal_min_amount: '1', decimal_place: 2, buy_total_amount: '1000' },
      ],
    });
    const pid = project.body.data.pid as number;
    const info = (await ts.client().get(`/apiw/v2/earn/launch-pool/project-info?projectId=${pid}`)).body.data;
    const stake = { pid, rid: info.reward_pools[0].rid as number, amount: '10', simpleEarnStatus: 0 };
    const u = await lender(ts, { USDT: '100' });
    const first = await u.post('/apiw/v2/earn/launch-pool/create-order', stake, { 'idempotency-key': 'stake-1' });
    expect(first.body).toMatchObject({ code: 200, data: { amount: '10' } });
    await advance(ts, 3);
    const again = await u.post('/apiw/v2/earn/launch-pool/create-order', stake, { 'idempotency-key': 'stake-1' });
    expect(again.body).toEqual(first.body);
    const fresh = await u.post('/apiw/v2/earn/launch-pool/create-order', stake, { 'idempotency-key': 'stake-2' });
    expect(fresh.body.key).toBe('launch.ended');
    // Released at the end, once: the repeat moved nothing.
    expect(await spot(u, 'USDT')).toBe('100');
  });
});
