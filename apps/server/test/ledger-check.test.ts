import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.js';
import { startTestServer } from './helpers.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** Runs `npm run ledger:check` against a PGlite folder; resolves to its exit code and output. */
async function ledgerCheckCli(dataDir: string) {
  try {
    const { stdout } = await run('npx', ['tsx', 'apps/server/src/ledger/check-cli.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', EARN_DATA_DIR: dataDir },
    });
    return { code: 0, output: stdout };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, output: e.stderr };
  }
}

describe('ledger:check', () => {
  it('passes on a real ledger and fails, naming the invariant, on a corrupted row', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earn-ledger-'));
    const ts = await startTestServer({ postgres: false, dataDir });
    const u = await ts.newUser({ fundpass: '123456' });
    await ts.deposit(u.email, 'BTC', '2');
    await u.post('/apiw/v2/account/transfer', {
      asset: 'BTC',
      amount: '0.5',
      from: 'spot',
      to: 'unified',
      fundpass: '123456',
    });
    expect(await checkLedger(ts.server.ctx.db)).toEqual([]);
    await ts.close();

    const clean = await ledgerCheckCli(dataDir);
    expect(clean.code).toBe(0);
    expect(clean.output).toMatch(/ledger:check ok/);

    // Corrupt one balance behind the ledger's back, as a bad migration or manual edit would.
    const corrupt = await startTestServer({ postgres: false, dataDir });
    await corrupt.server.ctx.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE wallet = 'unified' AND coin = 'BTC'`,
    );
    const found = await checkLedger(corrupt.server.ctx.db);
    expect(found.map((v) => v.invariant)).toEqual(['balance equals postings']);
    await corrupt.close();

    const failed = await ledgerCheckCli(dataDir);
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/ledger:check FAILED balance equals postings: account \d+ holds 1.5/);
  });

  it('finds unbalanced postings and negative user balances', async () => {
    const ts = await startTestServer();
    const u = await ts.newUser();
    await ts.deposit(u.email, 'ETH', '3');
    const db = ts.server.ctx.db;
    await db.execute(sql`UPDATE ledger_postings SET amount = amount - 1 WHERE amount > 0`);
    await db.execute(sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_user_non_negative`);
    await db.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE user_id IS NOT NULL`);
    const invariants = new Set((await checkLedger(db)).map((v) => v.invariant));
    expect(invariants).toEqual(new Set(['postings balance', 'balance equals postings', 'no negative user balance']));
    await ts.close();
  });
});
