import { ceilHour, type Decimal, floorHour, HOUR_MS } from '@earn/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { flexiblePositions, ledgerAccounts } from '../../db/schema.js';
import type { FlexibleMarket } from './markets.js';

export type FlexiblePosition = typeof flexiblePositions.$inferSelect;

/** Ledger wallets of a flexible position: what it holds, and what it is paying out at the hour's end. */
export const FLEXIBLE = 'flexible';
export const FLEXIBLE_REDEEMING = 'flexible_redeeming';

/** The user's position in a coin, locked for this transaction; opened (empty, default minimum APR) if missing. */
export async function lockPosition(
  db: Executor,
  userId: number,
  market: FlexibleMarket,
  now: Date,
): Promise<FlexiblePosition> {
  const [position] = await lockPositions(db, [{ userId, coin: market.coin }], now);
  if (!position) throw new Error('flexible position was not opened');
  return position;
}

/**
 * Users' positions in coins, as one set: their two ledger accounts and the positions opened where
 * missing (empty, at the market's default minimum APR), then all locked in id order (the README's
 * lock order: positions first).
 */
export async function lockPositions(
  db: Executor,
  holders: readonly { userId: number; coin: string }[],
  now: Date,
): Promise<FlexiblePosition[]> {
  if (holders.length === 0) return [];
  const pairs = sql`SELECT * FROM unnest(${`{${holders.map((h) => h.userId).join(',')}}`}::int[], ${`{${holders.map((h) => h.coin).join(',')}}`}::text[]) AS h(user_id, coin)`;
  const lock = () =>
    db
      .select()
      .from(flexiblePositions)
      .where(sql`(${flexiblePositions.userId}, ${flexiblePositions.coin}) IN (SELECT user_id, coin FROM (${pairs}) h)`)
      .orderBy(flexiblePositions.id)
      .for('update');
  // Usually every position exists already: one statement.
  const found = await lock();
  if (found.length === new Set(holders.map((h) => `${h.userId}|${h.coin}`)).size) return found;
  const at = now.toISOString();
  await db.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin)
    SELECT h.user_id, w.wallet, h.coin FROM (${pairs}) h CROSS JOIN (VALUES (${FLEXIBLE}), (${FLEXIBLE_REDEEMING})) AS w(wallet)
    ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO flexible_positions (user_id, coin, account_id, redeeming_account_id, min_rate, priority_at,
      prev_min_rate, prev_priority_at, rate_changed_at, created_at)
    SELECT h.user_id, h.coin, a.id, r.id, m.limit_min_rate, ${at}, m.limit_min_rate, ${at}, ${at}, ${at}
    FROM (${pairs}) h JOIN flexible_markets m ON m.coin = h.coin
    JOIN ledger_accounts a ON a.user_id = h.user_id AND a.wallet = ${FLEXIBLE} AND a.coin = h.coin
    JOIN ledger_accounts r ON r.user_id = h.user_id AND r.wallet = ${FLEXIBLE_REDEEMING} AND r.coin = h.coin
    ORDER BY 1, 2 ON CONFLICT DO NOTHING`);
  return lock();
}

export async function findPosition(db: Executor, userId: number, coin: string): Promise<FlexiblePosition | undefined> {
  const [position] = await db
    .select()
    .from(flexiblePositions)
    .where(and(eq(flexiblePositions.userId, userId), eq(flexiblePositions.coin, coin.toUpperCase())));
  return position;
}

/**
 * Before the first change after an hour boundary, keeps the amount as it stood at that boundary:
 * the clearing of that hour reads it, whatever happened after. Takes a set of positions (the
 * auto-earn sweep changes many at once).
 */
export async function keepBookSnapshot(db: Executor, positionIds: readonly number[], now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE flexible_positions p SET ${snapshotOf(now, sql`a.balance`)}
    FROM ledger_accounts a
    WHERE p.id = ANY(${`{${positionIds.join(',')}}`}::int[]) AND a.id = p.account_id
      AND (p.book_hour IS NULL OR p.book_hour < ${new Date(floorHour(now.getTime())).toISOString()})`);
}

/** The assignments of keepBookSnapshot, for an UPDATE of positions `p`, given what each one's account holds. */
function snapshotOf(now: Date, balance: SQL): SQL {
  const boundary = new Date(floorHour(now.getTime())).toISOString();
  const first = sql`(p.book_hour IS NULL OR p.book_hour < ${boundary}::timestamptz)`;
  return sql`book_amount = CASE WHEN ${first} THEN ${balance} ELSE p.book_amount END,
    book_hour = CASE WHEN ${first} THEN ${boundary}::timestamptz ELSE p.book_hour END`;
}

/**
 * The write that adds subscriptions at `now` to their positions, given each position's id, the
 * amount and what its account held before the money moved (rows: id, amount, balance): the book
 * snapshot is kept
 * (keepBookSnapshot), what was put in grows, and they are kept out of the book of the next boundary
 * when they precede it by less than an hour. One made exactly at a boundary is already out of that
 * boundary's book (the snapshot holds the amount from before it) and is a whole hour before the next
 * one: it is not marked, or it would be left out twice.
 */
export function subscriptionsRecorded(subscriptions: SQL, now: Date): SQL {
  const boundary = new Date(ceilHour(now.getTime())).toISOString();
  const notInNextBook =
    now.getTime() === floorHour(now.getTime())
      ? sql``
      : sql`,
      prev_ineligible_boundary = CASE WHEN p.ineligible_boundary = ${boundary} THEN p.prev_ineligible_boundary ELSE p.ineligible_boundary END,
      prev_ineligible_amount = CASE WHEN p.ineligible_boundary = ${boundary} THEN p.prev_ineligible_amount ELSE p.ineligible_amount END,
      ineligible_amount = CASE WHEN p.ineligible_boundary = ${boundary} THEN p.ineligible_amount + s.amount ELSE s.amount END,
      ineligible_boundary = ${boundary}`;
  return sql`
    UPDATE flexible_positions p SET ${snapshotOf(now, sql`s.balance`)}, net_subscribed = p.net_subscribed + s.amount${notInNextBook}
    FROM (${subscriptions}) s WHERE p.id = s.id`;
}

/** A redemption (negative) or its cancellation (positive) changes what the user has put in. */
export async function changeNetSubscribed(db: Executor, position: FlexiblePosition, delta: Decimal): Promise<void> {
  await db.execute(
    sql`UPDATE flexible_positions SET net_subscribed = net_subscribed + ${delta.toFixed()}::numeric WHERE id = ${position.id}`,
  );
}

/** The position's two ledger balances. */
export async function balancesOf(
  db: Executor,
  position: FlexiblePosition,
): Promise<{ held: string; redeeming: string }> {
  const rows = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} IN (${position.accountId}, ${position.redeemingAccountId})`);
  const byId = new Map(rows.map((r) => [r.id, r.balance]));
  return { held: byId.get(position.accountId) ?? '0', redeeming: byId.get(position.redeemingAccountId) ?? '0' };
}

/**
 * After a redemption, the least the position held this hour (the hour's bonuses are paid on it). A
 * redemption's frozen part stays lent until the hour's end, and is held through it as its interest
 * is paid: it counts, so taking the redemption back changes nothing. Until the job has cleared this
 * hour, what is frozen is the last hour's, paid out by that job: it does not count.
 */
export async function recordHourLow(db: Executor, position: FlexiblePosition, now: Date): Promise<void> {
  const hour = new Date(floorHour(now.getTime())).toISOString();
  await db.execute(sql`
    INSERT INTO flexible_hour_lows (position_id, hour, low)
    SELECT ${position.id}, ${hour}::timestamptz, a.balance + CASE
      WHEN EXISTS (SELECT 1 FROM flexible_hours fh WHERE fh.coin = ${position.coin} AND fh.hour = ${hour}::timestamptz)
      THEN coalesce(r.balance, 0) ELSE 0 END
    FROM ledger_accounts a LEFT JOIN ledger_accounts r ON r.id = ${position.redeemingAccountId}
    WHERE a.id = ${position.accountId}
    ON CONFLICT (position_id, hour) DO UPDATE SET low = LEAST(flexible_hour_lows.low, EXCLUDED.low)`);
}

/**
 * What the current hour's clearing lent of position `p` (a query alias): the allocation of the
 * coin's latest clearing, while that is this hour's or, until the job has run, the last hour's.
 */
export function lentNowOf(p: SQL, nowMs: number): SQL {
  const since = new Date(floorHour(nowMs) - HOUR_MS).toISOString();
  return sql`coalesce((SELECT a.lent FROM flexible_allocations a WHERE a.position_id = ${p}.id AND a.hour = (
    SELECT max(fh.hour) FROM flexible_hours fh WHERE fh.coin = ${p}.coin AND fh.hour >= ${since}::timestamptz)), 0)`;
}

/** The interest position `p` was paid for the last hour (0 until that hour is settled, or when it lent nothing). */
export function lastHourInterestOf(p: SQL, nowMs: number): SQL {
  const lastHour = new Date(floorHour(nowMs) - HOUR_MS).toISOString();
  return sql`coalesce((SELECT a.interest FROM flexible_allocations a
    JOIN flexible_hours fh ON fh.coin = a.coin AND fh.hour = a.hour AND fh.settled
    WHERE a.position_id = ${p}.id AND a.hour = ${lastHour}::timestamptz), 0)`;
}

/** All the interest position `p` (joined with its account `held`) has earned: its balance less what was put in. */
export function earnedInterestOf(p: SQL, held: SQL): SQL {
  return sql`(${held}.balance - ${p}.net_subscribed)`;
}

/** What the current hour's clearing lent of the position (see lentNowOf). */
export async function lentNow(db: Executor, position: FlexiblePosition, nowMs: number): Promise<string> {
  const [row] = rowsOf<{ lent: string }>(
    await db.execute(
      sql`SELECT ${lentNowOf(sql.raw('p'), nowMs)}::text AS lent FROM flexible_positions p WHERE p.id = ${position.id}`,
    ),
  );
  return row?.lent ?? '0';
}
