import type { Executor } from './client.js';

/** How long a cached read serves (wall time: it bounds staleness, it is not product time). */
const FRESH_MS = 1_000;

const entries = new WeakMap<
  Executor,
  Map<string, { until: number; version: string | number; value: Promise<unknown> }>
>();

/**
 * Reference data every public page reads (coins, markets) changes only by an operator's action:
 * read at most once a second per database, and shared by the requests of that second. A change
 * made by this process forgets it at once (forgetCachedReads); another instance's shows within
 * a second.
 */
export function cachedRead<T>(
  db: Executor,
  key: string,
  load: () => Promise<T>,
  /** What the read is of (the hour it reads, say): a read of another version is read afresh. */
  version: string | number = '',
): Promise<T> {
  let byKey = entries.get(db);
  if (!byKey) {
    byKey = new Map();
    entries.set(db, byKey);
  }
  const now = performance.now();
  const hit = byKey.get(key);
  if (hit && hit.until > now && hit.version === version) return hit.value as Promise<T>;
  // A real promise, settled once: a query builder would run its query again on every await.
  const value = Promise.resolve(load());
  byKey.set(key, { until: now + FRESH_MS, version, value });
  // A failed read is not kept: the next request tries again.
  value.catch(() => byKey.delete(key));
  return value;
}

/**
 * After an operator changed reference data, or a job settled: the next read goes to the database.
 * With a prefix, only the reads whose key starts with it (what a user's own change touched).
 */
export function forgetCachedReads(db: Executor, prefix?: string): void {
  if (prefix === undefined) {
    entries.delete(db);
    return;
  }
  const byKey = entries.get(db);
  for (const key of byKey?.keys() ?? []) if (key.startsWith(prefix)) byKey?.delete(key);
}
