import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Flexible interest history is not written by the hour: an allocation that earned interest, once
 * its batch has paid it (position at or below its coin's hour's paid_through), is that interest's
 * history row, paid at the hour's end. When allocations are dropped (housekeeping, after two days)
 * their rows are archived into earn_history with the same id, so a row never changes.
 *
 * The id is negative, from the position and the hour (hours since 1970, below 1,000,000 until 2084),
 * so it cannot meet earn_history's own ids, and it sorts after the other rows of its instant, as
 * the hour's interest is paid before its bonuses, payouts and auto-earn subscriptions.
 */
function paidInterest(where: SQL) {
  return sql`
    SELECT -(a.position_id::bigint * 1000000 + (extract(epoch FROM a.hour) / 3600)::bigint) AS id, a.user_id,
      'flexible'::text AS product, 3 AS type, 0 AS mode, a.coin, a.interest AS amount, a.lent AS principal, a.rate,
      NULL::text AS bonus_asset, NULL::int AS order_id, NULL::int AS lock_up_period, a.hour + interval '1 hour' AS at
    FROM flexible_allocations a JOIN flexible_hours fh ON fh.coin = a.coin AND fh.hour = a.hour
    WHERE a.interest > 0 AND a.position_id <= fh.paid_through AND ${where}`;
}

/**
 * Every history row of the flexible product, of one user (through their positions, the
 * allocations' index) or of all: earn_history's, and the interest not archived yet.
 */
export function flexibleHistoryRows(userId?: number) {
  const ofUser = userId === undefined ? sql`true` : sql`user_id = ${userId}`;
  const positions =
    userId === undefined
      ? sql`true`
      : sql`a.position_id IN (SELECT id FROM flexible_positions WHERE user_id = ${userId})`;
  return sql`(
    SELECT id, user_id, product, type, mode, coin, amount, principal, rate, bonus_asset, order_id, lock_up_period, at
    FROM earn_history WHERE product = 'flexible' AND ${ofUser}
    UNION ALL ${paidInterest(positions)}
  ) AS flexible_history`;
}

/**
 * The daily housekeeping's part for one hour of allocations: its paid interest archived into
 * earn_history, then the hour dropped. An hour whose interest is not all paid yet (its job stalled)
 * is kept, never dropped unpaid.
 */
export async function archiveAllocationHour(tx: Executor, hour: Date): Promise<void> {
  const h = hour.toISOString();
  const [unpaid] = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM flexible_hours WHERE hour = ${h}::timestamptz AND NOT settled`),
  );
  if ((unpaid?.n ?? 0) > 0) return;
  await tx.execute(sql`
    INSERT INTO earn_history (id, user_id, product, type, mode, coin, amount, principal, rate, at)
    SELECT id, user_id, product, type, mode, coin, amount, principal, rate, at
    FROM (${paidInterest(sql`a.hour = ${h}::timestamptz`)}) i`);
  await tx.execute(sql`DELETE FROM flexible_allocations WHERE hour = ${h}::timestamptz`);
}
