import { ceilHour, type Decimal, floorHour } from '@earn/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flexiblePositions, ledgerAccounts } from '../../db/schema.js';
import { ensureAccounts, userAccount } from '../../ledger/accounts.js';
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
  const ids = await ensureAccounts(db, [
    userAccount(userId, FLEXIBLE, market.coin),
    userAccount(userId, FLEXIBLE_REDEEMING, market.coin),
  ]);
  await db
    .insert(flexiblePositions)
    .values({
      userId,
      coin: market.coin,
      accountId: ids.get(`${userId}|${FLEXIBLE}|${market.coin}`) as number,
      redeemingAccountId: ids.get(`${userId}|${FLEXIBLE_REDEEMING}|${market.coin}`) as number,
      minRate: market.limitMinRate,
      priorityAt: now,
      prevMinRate: market.limitMinRate,
      prevPriorityAt: now,
      rateChangedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing();
  const [position] = await db
    .select()
    .from(flexiblePositions)
    .where(and(eq(flexiblePositions.userId, userId), eq(flexiblePositions.coin, market.coin)))
    .for('update');
  if (!position) throw new Error('flexible position was not opened');
  return position;
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
 * the clearing of that hour reads it, whatever happened after.
 */
export async function keepBookSnapshot(db: Executor, position: FlexiblePosition, now: Date): Promise<void> {
  const boundary = new Date(floorHour(now.getTime()));
  await db.execute(sql`
    UPDATE flexible_positions p SET book_hour = ${boundary.toISOString()}, book_amount = a.balance
    FROM ledger_accounts a
    WHERE p.id = ${position.id} AND a.id = p.account_id AND (p.book_hour IS NULL OR p.book_hour < ${boundary.toISOString()})`);
}

/** A subscription at `now` is not in the book of the boundary it precedes by less than an hour. */
export async function markNotYetInBook(
  db: Executor,
  position: FlexiblePosition,
  amount: Decimal,
  now: Date,
): Promise<void> {
  const boundary = new Date(ceilHour(now.getTime())).toISOString();
  const a = amount.toFixed();
  await db.execute(sql`
    UPDATE flexible_positions SET
      prev_ineligible_boundary = CASE WHEN ineligible_boundary = ${boundary} THEN prev_ineligible_boundary ELSE ineligible_boundary END,
      prev_ineligible_amount = CASE WHEN ineligible_boundary = ${boundary} THEN prev_ineligible_amount ELSE ineligible_amount END,
      ineligible_amount = CASE WHEN ineligible_boundary = ${boundary} THEN ineligible_amount + ${a}::numeric ELSE ${a}::numeric END,
      ineligible_boundary = ${boundary}
    WHERE id = ${position.id}`);
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

/** After a redemption, the least the position held this hour (the hour's bonuses are paid on it). */
export async function recordHourLow(db: Executor, position: FlexiblePosition, now: Date): Promise<void> {
  const hour = new Date(floorHour(now.getTime())).toISOString();
  await db.execute(sql`
    INSERT INTO flexible_hour_lows (position_id, hour, low)
    SELECT ${position.id}, ${hour}::timestamptz, a.balance FROM ledger_accounts a WHERE a.id = ${position.accountId}
    ON CONFLICT (position_id, hour) DO UPDATE SET low = LEAST(flexible_hour_lows.low, EXCLUDED.low)`);
}
