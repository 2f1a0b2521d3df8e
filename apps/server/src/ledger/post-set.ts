import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { violatedConstraint } from '../db/driver-errors.js';
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
  /**
   * Other writes of the same change (data-modifying statements: UPDATE, INSERT), run within the
   * posting's one statement, so a change costs one round trip. Like the legs, they read the tables
   * as they were before the statement (a balance read there is the balance before this posting).
   */
  alongside?: readonly SQL[];
}

/**
 * Books one journal transaction from a set of legs computed in SQL: the hourly payouts to many
 * positions, without a loop over users. The postings and the balance updates are one statement;
 * a user account pushed below zero violates its CHECK constraint and aborts the whole transaction,
 * and legs that do not sum to zero per coin are refused before commit (it runs inside the
 * caller's transaction, which then rolls back). Returns null when every leg was zero.
 */
export async function postSet(db: Executor, entry: SetEntry): Promise<number | null> {
  // One statement: the journal transaction and its postings are written, their sums per coin
  // checked, and the balances moved from what was written (no second read of the postings).
  let booked: { tx_id: number; n: number; unbalanced: string | null } | undefined;
  try {
    [booked] = rowsOf<{ tx_id: number; n: number; unbalanced: string | null }>(
      await db.execute(sql`
        WITH ${sql.join(
          (entry.alongside ?? []).map((write, i) => sql`${sql.raw(`alongside_${i}`)} AS (${write}), `),
          sql``,
        )}t AS (
          INSERT INTO ledger_transactions (kind, ref, at)
          VALUES (${entry.kind}, ${entry.ref ?? null}, ${entry.at.toISOString()}) RETURNING id
        ), ins AS (
          INSERT INTO ledger_postings (tx_id, account_id, coin, amount)
          SELECT t.id, l.account_id, l.coin, l.amount FROM t, (${entry.legs}) AS l WHERE l.amount <> 0
          RETURNING account_id, coin, amount
        ), moved AS (
          UPDATE ledger_accounts a SET balance = a.balance + p.total
          FROM (SELECT account_id, sum(amount) AS total FROM ins GROUP BY account_id) p
          WHERE a.id = p.account_id
          RETURNING 1
        )
        SELECT (SELECT id FROM t) AS tx_id, (SELECT count(*)::int FROM ins) AS n,
          (SELECT 'postings in ' || coin || ' sum to ' || sum(amount)::text || ', not 0' FROM ins
           GROUP BY coin HAVING sum(amount) <> 0 LIMIT 1) AS unbalanced,
          (SELECT count(*) FROM moved) AS moved`),
    );
  } catch (err) {
    if (violatedConstraint(err) === 'ledger_accounts_user_non_negative') throw insufficientBalance();
    throw err;
  }
  if (!booked) throw new Error('ledger transaction was not written');
  if (booked.unbalanced) throw new UnbalancedEntryError(booked.unbalanced);
  const txId = Number(booked.tx_id);
  if (booked.n === 0) {
    await db.execute(sql`DELETE FROM ledger_transactions WHERE id = ${txId}`);
    return null;
  }
  return txId;
}
