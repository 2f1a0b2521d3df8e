import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { accountKey, ensureAccounts, platformAccount, userAccount } from '../src/ledger/accounts.js';
import { UnbalancedEntryError } from '../src/ledger/post.js';
import { postSet } from '../src/ledger/post-set.js';
import { startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

/** Balances of the given account ids, in order, as plain decimal strings. */
async function balances(ids: number[]) {
  const rows = rowsOf<{ id: number; balance: string }>(
    await ts.server.ctx.db.execute(sql`SELECT id, balance::text FROM ledger_accounts ORDER BY id`),
  );
  return ids.map((id) => Number(rows.find((r) => Number(r.id) === id)?.balance ?? 'NaN'));
}

describe('set-based journal entries', () => {
  let ids: number[];
  beforeAll(async () => {
    const u = await ts.newUser();
    await ts.deposit(u.email, 'GT', '10');
    const id = (await u.get('/apiw/v2/auth/me')).body.data.uid as number;
    const refs = [userAccount(id, 'spot', 'GT'), platformAccount('platform:test', 'GT')];
    const map = await ensureAccounts(ts.server.ctx.db, refs);
    ids = refs.map((r) => map.get(accountKey(r)) as number);
  });
  const legs = (user: string, platform: string) =>
    sql`SELECT * FROM (VALUES (${ids[0]}::bigint, 'GT'::text, ${user}::numeric), (${ids[1]}::bigint, 'GT'::text, ${platform}::numeric)) AS l(account_id, coin, amount)`;
  const book = (user: string, platform: string) =>
    ts.server.ctx.db.transaction((tx) => postSet(tx, { kind: 'test', at: new Date(), legs: legs(user, platform) }));

  it('moves balances by the legs in one entry', async () => {
    expect(await book('-4', '4')).toBeTypeOf('number');
    expect(await balances(ids)).toEqual([6, 4]);
  });

  it('refuses legs that do not sum to zero, and writes nothing', async () => {
    await expect(book('-1', '2')).rejects.toBeInstanceOf(UnbalancedEntryError);
    expect(await balances(ids)).toEqual([6, 4]);
  });

  it('refuses to push a user account below zero, and writes nothing', async () => {
    await expect(book('-7', '7')).rejects.toMatchObject({ message: expect.stringMatching(/balance/i) });
    expect(await balances(ids)).toEqual([6, 4]);
  });

  it('runs the writes alongside in its statement: they read balances from before it, and fall with it', async () => {
    const alongside = [
      sql`INSERT INTO earn_history (user_id, product, type, mode, coin, amount, at)
        SELECT user_id, 'flexible', 1, 99, coin, balance, now() FROM ledger_accounts WHERE id = ${ids[0]}`,
    ];
    const seen = async () =>
      rowsOf<{ amount: string }>(
        await ts.server.ctx.db.execute(sql`SELECT amount::text FROM earn_history WHERE mode = 99 ORDER BY id`),
      ).map((r) => Number(r.amount));
    await ts.server.ctx.db.transaction((tx) =>
      postSet(tx, { kind: 'test.alongside', at: new Date(), legs: legs('-1', '1'), alongside }),
    );
    expect(await balances(ids)).toEqual([5, 5]);
    expect(await seen()).toEqual([6]);
    await expect(
      ts.server.ctx.db.transaction((tx) =>
        postSet(tx, { kind: 'test.alongside', at: new Date(), legs: legs('-1', '2'), alongside }),
      ),
    ).rejects.toBeInstanceOf(UnbalancedEntryError);
    expect(await seen()).toEqual([6]);
    await ts.server.ctx.db.transaction((tx) =>
      postSet(tx, { kind: 'test.alongside', at: new Date(), legs: legs('1', '-1'), alongside }),
    );
    expect(await balances(ids)).toEqual([6, 4]);
  });

  it('books nothing when every leg is zero', async () => {
    expect(await book('0', '0')).toBeNull();
    const [n] = rowsOf<{ n: number }>(
      await ts.server.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'test'`),
    );
    expect(n?.n).toBe(1);
  });

  it('is whole as its own statement: outside a transaction, unbalanced legs write nothing', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(await ts.server.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ledger_transactions`))[0]
        ?.n;
    const before = await count();
    await expect(
      postSet(ts.server.ctx.db, { kind: 'test.own', at: new Date(), legs: legs('-1', '2') }),
    ).rejects.toThrow(/^postings in GT sum to 1\.0+, not 0$/);
    expect(await balances(ids)).toEqual([6, 4]);
    expect(await count()).toBe(before);
  });

  it('books from the queries it is given, and nothing when they find nothing', async () => {
    const given = (min: string) => [
      sql`w AS (SELECT id, balance FROM ledger_accounts WHERE id = ${ids[0]} AND balance >= ${min}::numeric)`,
    ];
    const fromGiven = sql`SELECT w.id AS account_id, 'GT'::text AS coin, -2::numeric AS amount FROM w
      UNION ALL SELECT ${ids[1]}::bigint, 'GT', 2 FROM w`;
    expect(
      await postSet(ts.server.ctx.db, { kind: 'test.given', at: new Date(), given: given('100'), legs: fromGiven }),
    ).toBeNull();
    expect(await balances(ids)).toEqual([6, 4]);
    expect(
      await postSet(ts.server.ctx.db, { kind: 'test.given', at: new Date(), given: given('2'), legs: fromGiven }),
    ).toBeTypeOf('number');
    expect(await balances(ids)).toEqual([4, 6]);
  });
});
