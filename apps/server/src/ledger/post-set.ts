import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { errorDetail, sqlStateOf, violatedConstraint } from '../db/driver-errors.js';
import { rowsOf } from '../db/rows.js';
import { insufficientBalance } from '../errors.js';
import { UnbalancedEntryError } from './post.js';

/** SQLSTATE of `ledger_refuse` (migration 0023): the statement refused its own entry. */
const REFUSED = 'EL001';

export interface SetEntry {
  kind: string;
  ref?: string;
  at: Date;
  /**
   * Named queries (`name AS (query)`) that the legs and the other writes read, run first: what an
   * entry locks and checks before it books, in the same statement.
   */
  given?: readonly SQL[];
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
 * positions, without a loop over users. It is one statement, so it is whole even outside a
 * transaction: the journal transaction (written only when a leg is not zero), its postings and the
 * balance updates; a user account pushed below zero violates its CHECK constraint, and legs that
 * do not sum to zero per coin make the statement refuse itself, so either way nothing is written.
 * Returns null when every leg was zero (nothing booked).
 */
export async function postSet(db: Executor, entry: SetEntry): Promise<number | null> {
  const named = [
    ...(entry.given ?? []),
    ...(entry.alongside ?? []).map((write, i) => sql`${sql.raw(`alongside_${i}`)} AS (${write})`),
  ];
  let booked: { tx_id: number | null } | undefined;
  try {
    [booked] = rowsOf<{ tx_id: number | null }>(
      await db.execute(sql`
        WITH ${sql.join(
          named.map((part) => sql`${part}, `),
          sql``,
        )}legs AS MATERIALIZED (
          SELECT l.account_id, l.coin, l.amount FROM (${entry.legs}) AS l WHERE l.amount <> 0
        ), t AS (
          INSERT INTO ledger_transactions (kind, ref, at)
          SELECT ${entry.kind}, ${entry.ref ?? null}, ${entry.at.toISOString()}::timestamptz WHERE EXISTS (SELECT 1 FROM legs)
          RETURNING id
        ), ins AS (
          INSERT INTO ledger_postings (tx_id, account_id, coin, amount)
          SELECT t.id, l.account_id, l.coin, l.amount FROM t, legs l
          RETURNING account_id, coin, amount
        ), moved AS (
          UPDATE ledger_accounts a SET balance = a.balance + p.total
          FROM (SELECT account_id, sum(amount) AS total FROM ins GROUP BY account_id) p
          WHERE a.id = p.account_id
          RETURNING 1
        )
        SELECT (SELECT id FROM t) AS tx_id,
          (SELECT ledger_refuse('postings in ' || coin || ' sum to ' || sum(amount)::text || ', not 0') FROM ins
           GROUP BY coin HAVING sum(amount) <> 0 LIMIT 1) AS unbalanced,
          (SELECT count(*) FROM moved) AS moved`),
    );
  } catch (err) {
    if (violatedConstraint(err) === 'ledger_accounts_user_non_negative') throw insufficientBalance();
    if (sqlStateOf(err) === REFUSED) throw new UnbalancedEntryError(errorDetail(err) ?? 'unbalanced entry');
    throw err;
  }
  if (!booked) throw new Error('ledger transaction was not written');
  return booked.tx_id === null ? null : Number(booked.tx_id);
}
