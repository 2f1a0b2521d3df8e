import { Decimal, dec } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { ledgerPostings, ledgerTransactions } from '../db/schema.js';
import { insufficientBalance } from '../errors.js';
import { type AccountRef, accountKey, ensureAccounts } from './accounts.js';

export interface Posting {
  account: AccountRef;
  /** Positive credits the account, negative debits it. */
  amount: Decimal;
  /** A debit must leave at least this much in the (user) account: borrowed coins cannot be lent or moved. */
  keepAtLeast?: Decimal;
}

export interface JournalEntry {
  /** Reason code of the movement. */
  kind: string;
  ref?: string;
  userId?: number;
  at: Date;
  postings: readonly Posting[];
}

export class UnbalancedEntryError extends Error {}

/**
 * Books one journal transaction. Postings must sum to zero per coin. Each user account is debited
 * with a conditional update (balance + delta >= 0), in account-id order so concurrent entries never
 * deadlock; one refused debit aborts the caller's transaction, so a refused operation changes nothing.
 */
export async function post(db: Executor, entry: JournalEntry): Promise<number> {
  assertBalanced(entry.postings);
  const ids = await ensureAccounts(
    db,
    entry.postings.map((p) => p.account),
  );
  const deltas = new Map<number, { coin: string; delta: Decimal; isUser: boolean; keep: Decimal }>();
  for (const p of entry.postings) {
    const id = ids.get(accountKey(p.account));
    if (id === undefined) throw new Error(`ledger account ${accountKey(p.account)} was not opened`);
    const current = deltas.get(id);
    deltas.set(id, {
      coin: p.account.coin,
      delta: (current?.delta ?? dec('0')).plus(p.amount),
      isUser: p.account.userId !== null,
      keep: Decimal.max(current?.keep ?? 0, p.keepAtLeast ?? 0),
    });
  }
  for (const [id, { coin, delta, isUser, keep }] of [...deltas].sort(([a], [b]) => a - b)) {
    if (delta.isZero()) continue;
    const d = delta.toFixed();
    const floor = delta.isNegative() ? keep.toFixed() : '0';
    const updated = await db.execute(
      isUser
        ? sql`UPDATE ledger_accounts SET balance = balance + ${d}::numeric WHERE id = ${id} AND balance + ${d}::numeric >= ${floor}::numeric RETURNING id`
        : sql`UPDATE ledger_accounts SET balance = balance + ${d}::numeric WHERE id = ${id} RETURNING id`,
    );
    if (rowCount(updated) === 0) throw insufficientBalance(coin);
  }
  const [tx] = await db
    .insert(ledgerTransactions)
    .values({ kind: entry.kind, ref: entry.ref ?? null, userId: entry.userId ?? null, at: entry.at })
    .returning({ id: ledgerTransactions.id });
  if (!tx) throw new Error('ledger transaction was not written');
  await db.insert(ledgerPostings).values(
    entry.postings.map((p) => ({
      txId: tx.id,
      accountId: ids.get(accountKey(p.account)) as number,
      coin: p.account.coin,
      amount: p.amount.toFixed(),
    })),
  );
  return tx.id;
}

function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new UnbalancedEntryError('a journal entry needs at least two postings');
  const byCoin = new Map<string, Decimal>();
  for (const p of postings) {
    if (p.amount.isZero()) throw new UnbalancedEntryError('a posting of zero moves nothing');
    byCoin.set(p.account.coin, (byCoin.get(p.account.coin) ?? dec('0')).plus(p.amount));
  }
  for (const [coin, total] of byCoin) {
    if (!total.isZero()) throw new UnbalancedEntryError(`postings in ${coin} sum to ${total.toFixed()}, not 0`);
  }
}

/** Rows touched by a raw statement, on PGlite and node-postgres alike. */
export function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}
