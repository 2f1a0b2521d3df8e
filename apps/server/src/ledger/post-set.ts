import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { insufficientBalance } from '../errors.js';
import { UnbalancedEntryError } from './post.js';

export interface SetEntry {
  kind: string;
  ref?: string;
  at: Date;
  /**
   * A query of the legs: columns account_id, coin, amount, one row per account. Zero legs are
   * dropped; the legs must sum to zero per coin.
   */
  legs: SQL;
}

/**
 * Books one journal transaction from a set of legs computed in SQL: the hourly payouts to many
 * positions, without a loop over users. The postings and the balance updates are two statements;
 * a user account pushed below zero violates its CHECK constraint and aborts the whole transaction,
 * and legs that do not sum to zero per coin are refused before commit. Returns null when every leg
 * was zero (nothing is booked).
 */
export async function postSet(db: Executor, entry: SetEntry): Promise<number | null> {
  const [tx] = rowsOf<{ id: number }>(
    await db.execute(
      sql`INSERT INTO ledger_transactions (kind, ref, at) VALUES (${entry.kind}, ${entry.ref ?? null}, ${entry.at.toISOString()}) RETURNING id`,
    ),
  );
  if (!tx) throw new Error('ledger transaction was not written');
  const txId = Number(tx.id);
  const inserted = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH ins AS (
        INSERT INTO ledger_postings (tx_id, account_id, coin, amount)
        SELECT ${txId}, l.account_id, l.coin, l.amount FROM (${entry.legs}) AS l WHERE l.amount <> 0
        RETURNING 1
      ) SELECT count(*)::int AS n FROM ins`),
  );
  if ((inserted[0]?.n ?? 0) === 0) {
    await db.execute(sql`DELETE FROM ledger_transactions WHERE id = ${txId}`);
    return null;
  }
  const unbalanced = rowsOf<{ coin: string; total: string }>(
    await db.execute(
      sql`SELECT coin, sum(amount)::text AS total FROM ledger_postings WHERE tx_id = ${txId} GROUP BY coin HAVING sum(amount) <> 0`,
    ),
  );
  if (unbalanced[0]) {
    throw new UnbalancedEntryError(`postings in ${unbalanced[0].coin} sum to ${unbalanced[0].total}, not 0`);
  }
  try {
    await db.execute(sql`
      UPDATE ledger_accounts a SET balance = a.balance + p.total
      FROM (SELECT account_id, sum(amount) AS total FROM ledger_postings WHERE tx_id = ${txId} GROUP BY account_id) p
      WHERE a.id = p.account_id`);
  } catch (err) {
    if (String((err as Error).message).includes('ledger_accounts_user_non_negative')) throw insufficientBalance();
    throw err;
  }
  return txId;
}
