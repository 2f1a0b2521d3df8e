import { and, eq } from 'drizzle-orm';
import { AppError, conflict } from '../errors.js';
import type { Db, Tx } from './client.js';
import { retryTransaction } from './retry.js';
import { idempotencyKeys } from './schema.js';

export interface IdempotencyRequest {
  userId: number;
  key: string;
  /** Hash of what the request asks for; the same key with another body is refused. */
  requestHash: string;
  now: Date;
}

/**
 * The one transaction runner; a transaction the database aborts as a deadlock victim or for a
 * serialization conflict is run again (see retry.ts). With an Idempotency-Key, the key is claimed in
 * the same transaction as the work: a concurrent duplicate waits on the key's unique index until the
 * first commits, then replays its stored answer; if the first rolls back, the duplicate does the work
 * instead. So a key yields exactly one effect, and a crash can never leave an answer without it.
 */
export async function runTx<T>(db: Db, work: (tx: Tx) => Promise<T>, idempotency?: IdempotencyRequest): Promise<T> {
  return retryTransaction(() => (idempotency ? db.transaction(onceByKey(work, idempotency)) : db.transaction(work)));
}

/** The same Idempotency-Key sent with another request: refused, whatever that request asks. */
const reusedKey = () =>
  conflict('This Idempotency-Key was already used for a different request', 'common.requestReused');

/**
 * What this request's key has been used for: nothing yet ('first'), this same request, which will
 * be answered as it was the first time, so checks made ahead of the work (a route's precheck) no
 * longer apply to it ('repeat'), or another request, which is refused here (409) before any of
 * this one's checks, as it would be by the work.
 */
async function keyUse(db: Db, idempotency: IdempotencyRequest | undefined): Promise<'first' | 'repeat'> {
  if (!idempotency) return 'first';
  const { userId, key, requestHash } = idempotency;
  const [first] = await db
    .select({ requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!first) return 'first';
  if (first.requestHash !== requestHash) throw reusedKey();
  return 'repeat';
}

/**
 * Runs a call's checks ahead of its work (a precheck, the fund password), unless the call is a repeat
 * of a request already answered, which moves nothing and gets the first answer. A duplicate sent
 * while the first was on its way may be refused by what the first did (the balance it spent): the
 * first commits its key with its work, so the key, read again, then says it is a repeat.
 */
export async function unlessRepeat(
  db: Db,
  idempotency: IdempotencyRequest | undefined,
  checks: () => Promise<void>,
): Promise<void> {
  if ((await keyUse(db, idempotency)) === 'repeat') return;
  try {
    await checks();
  } catch (error) {
    if (error instanceof AppError && (await keyUse(db, idempotency)) === 'repeat') return;
    throw error;
  }
}

/** The work, run only by the first request that claims the Idempotency-Key; later ones get its answer. */
function onceByKey<T>(work: (tx: Tx) => Promise<T>, idempotency: IdempotencyRequest) {
  const { userId, key, requestHash, now } = idempotency;
  return async (tx: Tx): Promise<T> => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!first || first.requestHash !== requestHash) throw reusedKey();
      return first.response as T;
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: result ?? null })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return result;
  };
}
