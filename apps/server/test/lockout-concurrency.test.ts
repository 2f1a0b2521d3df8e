import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { requirePostgres, startTestServer, type TestServer } from './helpers.js';

const onPostgres = requirePostgres('200 parallel fund-password and login tries against their lockouts');

describe.runIf(onPostgres)('lockouts under concurrency (PostgreSQL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
  });
  afterAll(() => ts?.close());

  const attempts = async (scope: string, subject: string) =>
    rowsOf<{ n: number }>(
      await ts.server.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM failed_attempts WHERE scope = ${scope} AND subject = ${subject}`,
      ),
    )[0]?.n ?? 0;

  it('verifies at most 5 of 200 parallel fund passwords, the right one among them or not', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '1000');
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? '123456' : String(200000 + i)));
    const replies = await Promise.all(
      guesses.map((fundpass) =>
        u.post('/apiw/v2/account/transfer', { asset: 'USDT', amount: '1', from: 'spot', to: 'unified', fundpass }),
      ),
    );
    const codes = replies.map((r) => r.body.code);
    // At most 5 wrong passwords are checked before the lock, which the right one, far down the list, meets.
    expect(codes.filter((c) => c === 10010106).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 0).length).toBeLessThanOrEqual(1);
    expect(codes.filter((c) => c === 10010112).length).toBeGreaterThanOrEqual(194);
    const uid = (await u.get('/apiw/v2/auth/me')).body.data.uid as number;
    expect(await attempts('fundpass', String(uid))).toBeLessThanOrEqual(5);
  });

  it('tells each of 20 parallel wrong fund passwords its own tries left, then the lock', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '10');
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        u.post('/apiw/v2/account/transfer', {
          asset: 'USDT',
          amount: '1',
          from: 'spot',
          to: 'unified',
          fundpass: String(300000 + i),
        }),
      ),
    );
    const left = replies
      .filter((r) => r.body.code === 10010106)
      .map((r) => r.body.data.tries_left as number)
      .sort();
    expect(left).toEqual([1, 2, 3, 4]);
    expect(replies.filter((r) => r.body.code === 10010112)).toHaveLength(16);
  });

  it('checks at most 10 of 200 parallel passwords for one email', async () => {
    const victim = await ts.newUser({ email: 'victim@example.com' });
    expect(victim.email).toBe('victim@example.com');
    const tries = Array.from({ length: 200 }, (_, i) => (i === 120 ? 'tidy-lemon-42' : `guess-${i}-password`));
    const replies = await Promise.all(
      tries.map((password) =>
        ts
          .client()
          .post('/apiw/v2/auth/login', { email: 'victim@example.com', password }, { 'x-forwarded-for': '1.2.3.4' }),
      ),
    );
    const wrong = replies.filter((r) => r.body.message === 'Email or password is incorrect');
    const tally = replies.reduce<Record<string, number>>((acc, r) => {
      const k = `${r.status}:${r.body.message}`;
      acc[k] = (acc[k] ?? 0) + 1;
      return acc;
    }, {});
    expect(wrong.length, JSON.stringify(tally)).toBeLessThanOrEqual(10);
    expect(replies.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(replies.filter((r) => r.status === 429).length, JSON.stringify(tally)).toBeGreaterThanOrEqual(189);
    expect(await attempts('login', 'victim@example.com')).toBeLessThanOrEqual(10);
  });
});
