import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { rowsOf } from '../src/db/rows.js';
import { findUserByEmail } from '../src/modules/account/repo.js';
import { setFundPassword } from '../src/modules/account/set-fund-password.js';
import { startTestServer, type TestServer } from './helpers.js';
import { fixedProduct, stakingProduct, wealthProduct } from './product-helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

const move = { asset: 'USDT', amount: '10', from: 'spot', to: 'unified' };
const MIN = 60_000;

async function spotUsdt(c: { get: (p: string) => Promise<{ body: { data: { asset: string; spot: string }[] } }> }) {
  const res = await c.get('/apiw/v2/account/balances');
  return res.body.data.find((b) => b.asset === 'USDT')?.spot;
}

/** A fund-password try of the user's whose check is under way (another call of theirs); returns the user's id. */
async function tryBeingChecked(email: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await ts.server.ctx.db.execute(sql`SELECT id FROM users WHERE email = ${email}`),
  );
  const id = row?.id ?? 0;
  await ts.server.ctx.db.execute(
    sql`INSERT INTO failed_attempts (scope, subject, at, pending_since) VALUES ('fundpass', ${String(id)}, ${ts.server.ctx.clock.now().toISOString()}, now())`,
  );
  return id;
}

describe('fund-password gate', () => {
  it('asks to set one first (10010107) when none is set, and moves nothing', async () => {
    const u = await ts.newUser();
    await ts.deposit(u.email, 'USDT', '100');
    const res = await u.post('/apiw/v2/account/transfer', move);
    expect(res.body.code).toBe(10010107);
    expect(await spotUsdt(u)).toBe('100');
  });

  it('refuses an amount written wrong before asking for it, and counts no try', async () => {
    const u = await ts.newUser({ fundpass: '246811' });
    await ts.deposit(u.email, 'USDT', '100');
    const cases: [unknown, string][] = [
      ['-1', 'amount must not be negative'],
      ['1e5', 'amount must be a plain decimal number, for example "12.5"'],
      ['00001', 'amount must be a plain decimal number, for example "12.5"'],
      ['', 'amount is required'],
      [null, 'amount is required'],
      [5, 'amount must be a decimal string, for example "12.5"'],
      // The rest of the amount's rules too: places, the maximum, zero.
      ['1.123456789', 'amount must have at most 8 decimal places'],
      ['1000000000000', 'amount must be at most 999999999999'],
      ['0', 'amount must be greater than 0'],
    ];
    for (const [amount, message] of cases) {
      const res = await u.post('/apiw/v2/account/transfer', { ...move, amount, fundpass: '000000' });
      expect(res.body.message).toBe(message);
      expect(res.body.require_fundpass).toBeUndefined();
    }
    const rate = await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '10', rateYear: '5e-2' });
    expect(rate.body.message).toBe('rateYear must be a plain decimal number, for example "0.05"');
    // The web words the reason in the reader's language from the key's context.
    expect(rate.body).toMatchObject({ key: 'errors.invalidAmount', params: { field: 'rateYear', context: 'plain' } });
    const huge = await u.post('/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1000000000000' });
    expect(huge.body).toMatchObject({ message: 'amount must be at most 999999999999', params: { context: 'max' } });
    expect(huge.body.require_fundpass).toBeUndefined();
    // A coin's own places too: XRP takes 6.
    const xrp = await u.post('/apiw/v2/account/transfer', {
      ...move,
      asset: 'XRP',
      amount: '1.1234567',
      fundpass: '0',
    });
    expect(xrp.body.message).toBe('amount must have at most 6 decimal places');
    await stakingProduct(ts);
    const fixed = await fixedProduct(ts);
    const wealth = await wealthProduct(ts, { min_purchase: '50' });
    const lend = { product_id: fixed, year_rate: '0.073', redeem_account_type: 0, reinvest_status: 0 };
    const other = await ts.newUser({ fundpass: '135790' });
    await ts.deposit(other.email, 'USDT', '100');
    const othersOrder = (
      await other.post('/apiw/v2/fixed_earn/api/user/lend', { ...lend, amount: '20', fundpass: '135790' })
    ).body.data.order_id;
    // And what the product or the balance refuses anyway: more than is held, under a product's
    // minimum, a minimum APR out of its limits, a stake under its minimum.
    const refusedAnyway: [string, Record<string, unknown>, string][] = [
      ['/apiw/v2/account/transfer', { ...move, amount: '100.01' }, 'Not enough USDT available'],
      ['/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '0.5' }, 'The minimum subscription is 1 USDT'],
      ['/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '101' }, 'Not enough USDT available'],
      [
        '/apiw/v2/uni-loan/earn/subscribe',
        { asset: 'USDT', amount: '10', rateYear: '0' },
        'The minimum APR must be at least 1%',
      ],
      [
        '/apiw/v2/earn/staking/coin-swap-verify',
        { side: 0, coin: 'ETH', amount: '0.0000001' },
        'The minimum stake is 0.01 ETH',
      ],
      ['/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '5' }, 'The current maximum is 0 USDT'],
      ['/apiw/v2/uni-loan/earn/redeem', { asset: 'USDT', amount: '0.0000001' }, 'The minimum redemption is 0.000001'],
      ['/apiw/v2/earn/staking/coin-redeem', { side: 1, coin: 'ETH', amount: '1' }, 'You can redeem at most 0 ETH'],
      ['/apiw/v2/fixed_earn/api/user/lend', { ...lend, amount: '5' }, 'The minimum subscription is 10 USDT'],
      ['/apiw/v2/fixed_earn/api/user/lend', { ...lend, amount: '101' }, 'Not enough USDT available'],
      [
        '/apiw/v2/fixed_earn/api/user/lend',
        { ...lend, amount: '20', bonus_amount: '1' },
        'The bonus for this amount has changed since you saw it; check it and subscribe again',
      ],
      ['/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id: '999999' }, 'order 999999 does not exist'],
      ['/apiw/v2/fixed_earn/api/user/pre-redeem', { order_id: othersOrder }, `order ${othersOrder} does not exist`],
      ['/apiw/v2/earn/private-wealth/purchase', { pid: wealth, amount: '20' }, 'The minimum purchase is 50 USDT'],
      ['/apiw/v2/earn/private-wealth/redeem', { pid: wealth, unit: '1' }, 'You can redeem at most 0 units'],
    ];
    for (const [path, body, message] of refusedAnyway) {
      for (const fundpass of [undefined, '000000']) {
        const res = await u.post(path, { ...body, ...(fundpass ? { fundpass } : {}) });
        expect(res.body.message, `${path} ${JSON.stringify(body)}`).toBe(message);
        expect(res.body.require_fundpass).toBeUndefined();
      }
    }
    // None of the wrong fund passwords above was tried: all five tries are left.
    const wrong = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    expect(wrong.body.message).toBe('Fund password is incorrect; tries left: 4');
    expect(await spotUsdt(u)).toBe('100');
  });

  it('asks for it (10010111, require_fundpass), refuses a wrong one (10010106), accepts the right one', async () => {
    const u = await ts.newUser({ fundpass: '246810' });
    await ts.deposit(u.email, 'USDT', '100');
    const ask = await u.post('/apiw/v2/account/transfer', move);
    expect(ask.body).toMatchObject({ code: 10010111, require_fundpass: true });
    const wrong = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    expect(wrong.body.code).toBe(10010106);
    expect(wrong.body.message).toBe('Fund password is incorrect; tries left: 4');
    // The right one with a NUL after it does not pass (scrypt's HMAC pads a key with zero bytes): it is
    // text no request may carry.
    const padded = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '246810\u0000' });
    expect(padded.body).toMatchObject({ key: 'validation.nul', message: 'fundpass must not contain a NUL character' });
    const again = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    expect(again.body.message).toBe('Fund password is incorrect; tries left: 3');
    expect(await spotUsdt(u)).toBe('100');
    const right = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '246810' });
    expect(right.body.code).toBe(0);
    expect(await spotUsdt(u)).toBe('90');
  });

  it('refuses a fund password that is not six digits as input, costing no try, on a call and on a change', async () => {
    const u = await ts.newUser({ fundpass: '864200' });
    await ts.deposit(u.email, 'USDT', '100');
    for (const fundpass of ['12345', '1234567', 'abcdef', ' 123456', '１２３４５６', '86420.', '-86420', 864200]) {
      const res = await u.post('/apiw/v2/account/transfer', { ...move, fundpass });
      expect(res.status, JSON.stringify(fundpass)).toBe(400);
      expect(res.body.key, JSON.stringify(fundpass)).toMatch(/^(fundpass\.format|validation\.type)$/);
      const change = await u.post('/apiw/v2/account/fundpass', { fundpass: '111222', old_fundpass: fundpass });
      expect(change.status, JSON.stringify(fundpass)).toBe(400);
    }
    expect(await spotUsdt(u)).toBe('100');
    // Not one try was used: the first wrong six digits leave four.
    const wrong = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    expect(wrong.body.message).toBe('Fund password is incorrect; tries left: 4');
    expect((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '864200' })).body.code).toBe(0);
  });

  it('locks for 15 minutes after 5 wrong tries in 15 minutes (10010112), even for the right one', async () => {
    const u = await ts.newUser({ fundpass: '135790' });
    await ts.deposit(u.email, 'USDT', '100');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '111111' })).body.code);
    expect(codes).toEqual([10010106, 10010106, 10010106, 10010106, 10010112]);
    const locked = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '135790' });
    expect(locked.body.code).toBe(10010112);
    expect(locked.body.message).toBe('Too many wrong fund passwords; try again in 15 minutes');
    expect(await spotUsdt(u)).toBe('100');
    // Fifteen minutes later the lock is over.
    await (ts.server.ctx.clock as ManualClock).advance(ts.server.ctx.db, 15 * MIN);
    expect((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '135790' })).body.code).toBe(0);
  });

  it("keeps counting wrong tries over a right one in another session: the owner's typing gives a guesser no new tries", async () => {
    const u = await ts.newUser({ fundpass: '192837' });
    await ts.deposit(u.email, 'USDT', '100');
    for (let i = 0; i < 3; i++) await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    expect((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '192837' })).body.code).toBe(0);
    const next = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    expect(next.body.message).toBe('Fund password is incorrect; tries left: 1');
    expect(await spotUsdt(u)).toBe('90');
  });

  it('a lock also stops calls made without the password while the policy would not ask for it', async () => {
    const u = await ts.newUser({ fundpass: '975310' });
    await ts.deposit(u.email, 'USDT', '100');
    await u.post('/apiw/v2/account/fundpass', { fundpass: '975310', old_fundpass: '975310', policy: 'never' });
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(0);
    for (let i = 0; i < 5; i++) await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    const locked = await u.post('/apiw/v2/account/transfer', move);
    expect(locked.body.code).toBe(10010112);
    expect(locked.body.message).toBe('Too many wrong fund passwords; try again in 15 minutes');
    await (ts.server.ctx.clock as ManualClock).advance(ts.server.ctx.db, 5 * MIN);
    expect((await u.post('/apiw/v2/account/transfer', move)).body.message).toBe(
      'Too many wrong fund passwords; try again in 10 minutes',
    );
    expect(await spotUsdt(u)).toBe('90');
    await (ts.server.ctx.clock as ManualClock).advance(ts.server.ctx.db, 10 * MIN);
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(0);
    expect(await spotUsdt(u)).toBe('80');
  });

  it('does not count a try still being checked as a failure, unless it was left pending long ago', async () => {
    const u = await ts.newUser({ fundpass: '864200' });
    await ts.deposit(u.email, 'USDT', '100');
    await u.post('/apiw/v2/account/fundpass', { fundpass: '864200', old_fundpass: '864200', policy: 'never' });
    for (let i = 0; i < 4; i++) await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    // A fifth try whose password is being checked right now (another call of the user's).
    const id = await tryBeingChecked(u.email);
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(0);
    // One its process never resolved (it died): a failure, and the fifth.
    await ts.server.ctx.db.execute(
      sql`UPDATE failed_attempts SET pending_since = now() - interval '1 minute' WHERE pending_since IS NOT NULL AND subject = ${String(id)}`,
    );
    // A try turns stale by time alone, which nothing announces: a call without a password sees it
    // once the user's session is read afresh (SessionCache keeps a read a few seconds), here at once.
    ts.server.ctx.sessions.forgetUser(id);
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(10010112);
  });

  it('asks a try that waited 10 s on others still being checked to come back shortly, not for a whole lock', async () => {
    const u = await ts.newUser({ fundpass: '975310' });
    await ts.deposit(u.email, 'USDT', '100');
    for (let i = 0; i < 4; i++) await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    // The fifth try, being checked by a call that hangs: the limit is reached only if it fails.
    await tryBeingChecked(u.email);
    const waited = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '975310' });
    expect(waited.body).toMatchObject({
      code: 10010112,
      message: 'Too many wrong fund passwords; try again in 1 minute',
      params: { minutes: '1' },
    });
    expect(await spotUsdt(u)).toBe('100');
  }, 30_000);

  it('tells the tries left after a wrong one without counting another try still being checked', async () => {
    const u = await ts.newUser({ fundpass: '246813' });
    await ts.deposit(u.email, 'USDT', '100');
    for (let i = 0; i < 3; i++) await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    await tryBeingChecked(u.email);
    const wrong = await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '000000' });
    expect(wrong.body.message).toBe('Fund password is incorrect; tries left: 1');
  });

  it('follows the every-2-hours and never policies', async () => {
    const u = await ts.newUser({ fundpass: '112233' });
    await ts.deposit(u.email, 'USDT', '100');
    const policy = await u.post('/apiw/v2/account/fundpass', {
      fundpass: '112233',
      old_fundpass: '112233',
      policy: 'every_2h',
    });
    expect(policy.body.data).toEqual({ has_fundpass: true, fundpass_policy: 'every_2h' });
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(10010111);
    expect((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '112233' })).body.code).toBe(0);
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(0);
    await (ts.server.ctx.clock as ManualClock).advance(ts.server.ctx.db, 120 * MIN);
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(10010111);

    await u.post('/apiw/v2/account/fundpass', { fundpass: '112233', old_fundpass: '112233', policy: 'never' });
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(0);
    expect(await spotUsdt(u)).toBe('70');
  });

  it('keeps the every-2-hours window to the session that entered the password', async () => {
    const u = await ts.newUser({ fundpass: '112233' });
    await ts.deposit(u.email, 'USDT', '100');
    await u.post('/apiw/v2/account/fundpass', { fundpass: '112233', old_fundpass: '112233', policy: 'every_2h' });
    expect((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '112233' })).body.code).toBe(0);
    // Someone with the login password alone, in a session of their own, is asked for it.
    const elsewhere = ts.client();
    await elsewhere.login(u.email, 'tidy-lemon-42');
    const asked = await elsewhere.post('/apiw/v2/account/transfer', move);
    expect(asked.body.code).toBe(10010111);
    expect(asked.body.require_fundpass).toBe(true);
    // The session that entered it is not, and a right password elsewhere opens that session's own.
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(0);
    expect((await elsewhere.post('/apiw/v2/account/transfer', { ...move, fundpass: '112233' })).body.code).toBe(0);
    expect((await elsewhere.post('/apiw/v2/account/transfer', move)).body.code).toBe(0);
    // A new password is asked for again in every session.
    await u.post('/apiw/v2/account/fundpass', { fundpass: '445566', old_fundpass: '112233' });
    expect((await u.post('/apiw/v2/account/transfer', move)).body.code).toBe(10010111);
    expect((await elsewhere.post('/apiw/v2/account/transfer', move)).body.code).toBe(10010111);
    expect(await spotUsdt(u)).toBe('60');
  });

  it('changes the fund password only with the current one, and checks the format', async () => {
    const u = await ts.newUser({ fundpass: '123123' });
    expect((await u.post('/apiw/v2/account/fundpass', { fundpass: '12345' })).body.message).toBe(
      'fundpass must be exactly 6 digits',
    );
    expect((await u.post('/apiw/v2/account/fundpass', { fundpass: '654321' })).body.message).toBe(
      'old_fundpass is required to change the fund password',
    );
    // A current one that is no fund password at all is named as the field it came in.
    const oldMalformed = await u.post('/apiw/v2/account/fundpass', { fundpass: '654321', old_fundpass: '' });
    expect(oldMalformed.body).toMatchObject({
      message: 'old_fundpass must be exactly 6 digits',
      key: 'fundpass.format',
    });
    expect((await u.post('/apiw/v2/account/fundpass', { fundpass: '654321', old_fundpass: '999999' })).body.code).toBe(
      10010106,
    );
    expect((await u.post('/apiw/v2/account/fundpass', { fundpass: '654321', old_fundpass: '123123' })).body.code).toBe(
      0,
    );
    await ts.deposit(u.email, 'USDT', '10');
    expect((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '123123' })).body.code).toBe(10010106);
    expect((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '654321' })).body.code).toBe(0);
  });

  it('checks and changes the fund password as stored, not as a moments-old read of the user had it', async () => {
    const u = await ts.newUser();
    const before = await findUserByEmail(ts.server.ctx.db, u.email);
    if (!before) throw new Error('user missing');
    // Another call (or another server) sets the password after this read of the user was taken.
    expect((await u.post('/apiw/v2/account/fundpass', { fundpass: '123123' })).body.code).toBe(0);
    await expect(setFundPassword(ts.server.ctx, before, { fundpass: '999999' })).rejects.toThrow(
      'old_fundpass is required to change the fund password',
    );
    const set = await findUserByEmail(ts.server.ctx.db, u.email);
    if (!set) throw new Error('user missing');
    expect((await u.post('/apiw/v2/account/fundpass', { fundpass: '654321', old_fundpass: '123123' })).body.code).toBe(
      0,
    );
    // The read from before the change still holds the old password: it no longer opens anything.
    await expect(setFundPassword(ts.server.ctx, set, { fundpass: '111111', old_fundpass: '123123' })).rejects.toThrow(
      'Fund password is incorrect',
    );
    await ts.deposit(u.email, 'USDT', '10');
    expect((await u.post('/apiw/v2/account/transfer', { ...move, fundpass: '654321' })).body.code).toBe(0);
  });

  it('needs a session first', async () => {
    const res = await ts.client().post('/apiw/v2/account/transfer', { ...move, fundpass: '123456' });
    expect(res.status).toBe(401);
  });
});
