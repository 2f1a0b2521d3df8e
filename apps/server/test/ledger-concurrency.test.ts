import { Decimal } from '@earn/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRetries } from '../src/db/retry.js';
import { runTx } from '../src/db/tx.js';
import { userAccount } from '../src/ledger/accounts.js';
import { checkLedger } from '../src/ledger/check.js';
import { post } from '../src/ledger/post.js';
import { gate, requirePostgres, startTestServer, type TestServer } from './helpers.js';

const onPostgres = requirePostgres('the concurrent ledger property test and the 8-client overspend test');
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 200);

describe.runIf(onPostgres)('ledger under concurrency (PostgreSQL)', () => {
  let ts: TestServer;
  const uids: number[] = [];

  beforeAll(async () => {
    ts = await startTestServer({ postgres: true });
    for (let i = 0; i < 4; i++) {
      const u = await ts.newUser();
      await ts.deposit(u.email, 'USDT', '100');
      await ts.deposit(u.email, 'BTC', '1');
      uids.push((await u.get('/apiw/v2/auth/me')).body.data.uid);
    }
  });
  afterAll(() => ts?.close());

  async function balances(): Promise<Map<string, Decimal>> {
    const r = await ts.server.ctx.db.execute(
      sql`SELECT user_id, wallet, coin, balance::text AS balance FROM ledger_accounts WHERE user_id IS NOT NULL`,
    );
    const rows = (r as unknown as { rows: { user_id: number; wallet: string; coin: string; balance: string }[] }).rows;
    return new Map(rows.map((x) => [`${x.user_id}|${x.wallet}|${x.coin}`, new Decimal(x.balance)]));
  }

  it(`keeps every invariant over ${RUNS} seeded runs of random concurrent transfers`, async () => {
    const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? Date.now() % 2 ** 31);
    console.log(`ledger property seed: ${seed} (replay with LEDGER_PROPERTY_SEED=${seed})`);
    const wallets = ['spot', 'unified'] as const;
    const transferArb = fc.record({
      from: fc.integer({ min: 0, max: 3 }),
      to: fc.integer({ min: 0, max: 3 }),
      fromWallet: fc.constantFrom(...wallets),
      toWallet: fc.constantFrom(...wallets),
      coin: fc.constantFrom('USDT', 'BTC'),
      units: fc.integer({ min: 1, max: 6000 }),
    });
    let batch = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(transferArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        batch += 1;
        const before = await balances();
        const results = await Promise.allSettled(
          ops.map((op, i) => {
            const amount = new Decimal(op.units).div(op.coin === 'BTC' ? 10_000 : 100);
            const from = userAccount(uids[op.from] as number, op.fromWallet, op.coin);
            const to = userAccount(uids[op.to] as number, op.toWallet, op.coin);
            return runTx(ts.server.ctx.db, (tx) =>
              post(tx, {
                kind: 'transfer',
                ref: `prop-${batch}-${i}`,
                at: new Date(),
                postings: [
                  { account: from, amount: amount.neg() },
                  { account: to, amount },
                ],
              }),
            );
          }),
        );
        // Model: the final balances are the starting ones plus exactly the accepted transfers.
        const expected = new Map(before);
        results.forEach((r, i) => {
          const op = ops[i];
          if (!op) return;
          if (r.status === 'rejected') {
            expect((r.reason as Error).message).toMatch(/^Not enough \w+ available$/);
            return;
          }
          const amount = new Decimal(op.units).div(op.coin === 'BTC' ? 10_000 : 100);
          const fromKey = `${uids[op.from]}|${op.fromWallet}|${op.coin}`;
          const toKey = `${uids[op.to]}|${op.toWallet}|${op.coin}`;
          expected.set(fromKey, (expected.get(fromKey) ?? new Decimal(0)).minus(amount));
          expected.set(toKey, (expected.get(toKey) ?? new Decimal(0)).plus(amount));
        });
        const after = await balances();
        for (const [key, value] of expected) expect(after.get(key)?.toFixed() ?? '0', key).toBe(value.toFixed());
        for (const value of after.values()) expect(value.gte(0)).toBe(true);
        // A refused transfer left no journal entry behind.
        const refused = results.flatMap((r, i) => (r.status === 'rejected' ? [`prop-${batch}-${i}`] : []));
        if (refused.length) {
          const r = await ts.server.ctx.db.execute(
            sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE ref IN (${sql.join(
              refused.map((x) => sql`${x}`),
              sql`, `,
            )})`,
          );
          expect((r as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
        }
        expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
      }),
      { numRuns: RUNS, seed },
    );
  });

  it('lets 8 clients x 200 attempts move 10 out of 1000 exactly 100 times, leaving 0', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'USDT', '1000');
    await u.post('/apiw/v2/account/fundpass', { fundpass: '123456', old_fundpass: '123456', policy: 'never' });
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const c = ts.client();
        await c.login(u.email, 'tidy-lemon-42');
        return c;
      }),
    );
    const outcomes = await Promise.all(
      clients.map(async (c) => {
        let ok = 0;
        let refused = 0;
        for (let i = 0; i < 200; i++) {
          const r = await c.post('/apiw/v2/account/transfer', {
            asset: 'USDT',
            amount: '10',
            from: 'spot',
            to: 'unified',
          });
          if (r.body.code === 0) ok += 1;
          else if (r.body.message === 'Not enough USDT available') refused += 1;
        }
        return { ok, refused };
      }),
    );
    const ok = outcomes.reduce((n, o) => n + o.ok, 0);
    const refused = outcomes.reduce((n, o) => n + o.refused, 0);
    expect(ok).toBe(100);
    expect(refused).toBe(1500);
    const bal = (await u.get('/apiw/v2/account/balances')).body.data.find((x: { asset: string }) => x.asset === 'USDT');
    expect(bal).toEqual({ asset: 'USDT', spot: '0', unified: '1000' });
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });

  it('opens a wallet for a transfer under a loan while a transfer the other way opens it, without a deadlock', async () => {
    const u = await ts.newUser({ fundpass: '123456' });
    await u.post('/apiw/v2/account/fundpass', { fundpass: '123456', old_fundpass: '123456', policy: 'never' });
    await ts.admin.post('/admin/v1/users/settings', { email: u.email, mode: 'multi_currency', loans: { ETH: '1' } });
    await ts.deposit(u.email, 'ETH', '10', 'unified');
    const uid = (await u.get('/apiw/v2/auth/me')).body.data.uid as number;
    const before = transactionRetries().deadlocks;
    // A transfer from spot, which opens the spot wallet (not committed yet), then credits the unified one.
    const spotOpened = gate();
    const released = gate();
    const other = ts.server.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO ledger_accounts (user_id, wallet, coin) VALUES (${uid}, 'spot', 'ETH')`);
      spotOpened.open();
      await released.passed;
      await tx.execute(
        sql`UPDATE ledger_accounts SET balance = balance WHERE user_id = ${uid} AND wallet = 'unified' AND coin = 'ETH'`,
      );
    });
    await spotOpened.passed;
    // Meanwhile a transfer out of unified, checked against the loan.
    const out = u.post('/apiw/v2/account/transfer', { asset: 'ETH', amount: '0.1', from: 'unified', to: 'spot' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    released.open();
    await other;
    expect((await out).body.code).toBe(0);
    expect(transactionRetries().deadlocks - before).toBe(0);
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
  });
});
