import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { ledgerAccounts } from '../db/schema.js';

/** User wallets a person moves money between. */
export type UserWallet = 'spot' | 'unified';

/** Platform accounts: the other side of money entering or leaving users' hands. */
export const PlatformAccount = {
  /** Funds deposited from outside (on-chain deposits, operator credits); goes negative as users are credited. */
  deposits: 'platform:deposits',
  /** Pays fixed-term interest, ladder bonuses and rate-up voucher interest; goes negative as it pays. */
  fixedInterest: 'platform:fixed-interest',
  fixedBonus: 'platform:fixed-bonus',
  rateUp: 'platform:rate-up',
  /** Pays staking rewards as the chains pay them (goes negative); the platform's fee share goes to stakingFees. */
  stakingYield: 'platform:staking-yield',
  stakingFees: 'platform:staking-fees',
} as const;

export interface AccountRef {
  /** null for a platform account. */
  userId: number | null;
  wallet: string;
  coin: string;
}

export function userAccount(userId: number, wallet: string, coin: string): AccountRef {
  return { userId, wallet, coin };
}

export function platformAccount(wallet: string, coin: string): AccountRef {
  return { userId: null, wallet, coin };
}

export function accountKey(ref: AccountRef): string {
  return `${ref.userId ?? 'platform'}|${ref.wallet}|${ref.coin}`;
}

/** Ids of the accounts, opening the ones that do not exist yet. */
export async function ensureAccounts(db: Executor, refs: readonly AccountRef[]): Promise<Map<string, number>> {
  // Inserted in one order everywhere, so two transactions opening the same accounts never deadlock.
  const unique = [...new Map(refs.map((r) => [accountKey(r), r])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, r]) => r);
  if (unique.length === 0) return new Map();
  await db
    .insert(ledgerAccounts)
    .values(unique.map((r) => ({ userId: r.userId, wallet: r.wallet, coin: r.coin })))
    .onConflictDoNothing();
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      userId: ledgerAccounts.userId,
      wallet: ledgerAccounts.wallet,
      coin: ledgerAccounts.coin,
    })
    .from(ledgerAccounts)
    .where(
      or(
        ...unique.map((r) =>
          and(
            r.userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, r.userId),
            eq(ledgerAccounts.wallet, r.wallet),
            eq(ledgerAccounts.coin, r.coin),
          ),
        ),
      ),
    );
  return new Map(rows.map((row) => [accountKey(row), row.id]));
}

/** A user's balances in the given wallets, by wallet and coin; missing accounts are zero. */
export async function userBalances(
  db: Executor,
  userId: number,
  wallets: readonly string[],
  coinsFilter?: readonly string[],
): Promise<{ wallet: string; coin: string; balance: string }[]> {
  return db
    .select({
      wallet: ledgerAccounts.wallet,
      coin: ledgerAccounts.coin,
      balance: sql<string>`${ledgerAccounts.balance}::text`,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        inArray(ledgerAccounts.wallet, [...wallets]),
        coinsFilter ? inArray(ledgerAccounts.coin, [...coinsFilter]) : undefined,
      ),
    );
}

/**
 * Ids of many user accounts at once, opening the missing ones: one insert and one read of a set,
 * for jobs that pay thousands of users (ensureAccounts serves the few accounts of one call).
 */
export async function userAccountIds(db: Executor, refs: readonly AccountRef[]): Promise<Map<string, number>> {
  const unique = [...new Map(refs.map((r) => [accountKey(r), r])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, r]) => r);
  if (unique.length === 0) return new Map();
  const list = (pick: (r: AccountRef) => string | number | null) => `{${unique.map(pick).join(',')}}`;
  const set = sql`SELECT * FROM unnest(${list((r) => r.userId)}::int[], ${list((r) => r.wallet)}::text[], ${list((r) => r.coin)}::text[]) AS r(user_id, wallet, coin)`;
  await db.execute(sql`
    INSERT INTO ledger_accounts (user_id, wallet, coin) SELECT user_id, wallet, coin FROM (${set}) r
    ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING`);
  const rows = rowsOf<{ id: number; user_id: number; wallet: string; coin: string }>(
    await db.execute(sql`
      SELECT a.id, a.user_id, a.wallet, a.coin FROM (${set}) r
      JOIN ledger_accounts a ON a.user_id = r.user_id AND a.wallet = r.wallet AND a.coin = r.coin`),
  );
  return new Map(rows.map((r) => [accountKey({ userId: r.user_id, wallet: r.wallet, coin: r.coin }), Number(r.id)]));
}
