import { type Decimal, ZERO } from '@earn/domain';
import { sql } from 'drizzle-orm';
import { pgArray } from '../db/arrays.js';
import type { Executor } from '../db/client.js';
import { type AccountRef, accountKey, ensureAccounts, userAccountIds } from './accounts.js';
import { postSet } from './post-set.js';

/**
 * The legs of one bulk journal entry built in code (a settlement paying many users), summed per
 * account, then booked with postSet: user accounts are opened as a set, platform accounts ensured.
 */
export class LegSet {
  private readonly legs = new Map<string, { ref: AccountRef; amount: Decimal }>();

  add(ref: AccountRef, amount: Decimal) {
    if (amount.isZero()) return;
    const key = accountKey(ref);
    this.legs.set(key, { ref, amount: (this.legs.get(key)?.amount ?? ZERO).plus(amount) });
  }

  /** Every account the set touches (a caller may need to lock in order before booking). */
  refs(): AccountRef[] {
    return [...this.legs.values()].map((l) => l.ref);
  }

  async post(db: Executor, entry: { kind: string; ref: string; at: Date }) {
    const list = [...this.legs.values()].filter((l) => !l.amount.isZero());
    if (list.length === 0) return;
    const refs = list.map((l) => l.ref);
    const ids = new Map([
      ...(await userAccountIds(
        db,
        refs.filter((r) => r.userId !== null),
      )),
      ...(await ensureAccounts(
        db,
        refs.filter((r) => r.userId === null),
      )),
    ]);
    await postSet(db, {
      ...entry,
      legs: sql`SELECT * FROM unnest(
        ${pgArray(list.map((l) => ids.get(accountKey(l.ref)) ?? 0))}::bigint[],
        ${pgArray(list.map((l) => l.ref.coin))}::text[],
        ${pgArray(list.map((l) => l.amount.toFixed()))}::numeric[]) AS l(account_id, coin, amount)`,
    });
  }
}
