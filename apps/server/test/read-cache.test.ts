import { describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.js';
import { cachedRead, forgetCachedReads } from '../src/db/read-cache.js';

// The cache keys on the database object only: any object stands in for one here.
const fakeDb = () => ({}) as unknown as Executor;

describe('cached reads of reference data', () => {
  it('loads once for the requests of a second, once per database, and again after a change is made', async () => {
    const db = fakeDb();
    let loads = 0;
    // A query builder runs its query on every await: the cache must keep its result, not the builder.
    const builder = () => ({
      // biome-ignore lint/suspicious/noThenProperty: it stands in for a thenable query builder
      then(resolve: (v: number) => void) {
        loads += 1;
        resolve(loads);
      },
    });
    const read = () => cachedRead(db, 'coins', () => builder() as unknown as Promise<number>);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    expect(await read()).toBe(1);
    expect(await cachedRead(fakeDb(), 'coins', async () => 'other database')).toBe('other database');
    forgetCachedReads(db);
    expect(await read()).toBe(2);
    expect(loads).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const db = fakeDb();
    await expect(cachedRead(db, 'markets', () => Promise.reject(new Error('connection lost')))).rejects.toThrow(
      'connection lost',
    );
    expect(await cachedRead(db, 'markets', async () => 'read again')).toBe('read again');
  });

  it('reads afresh a read of another version, and forgets only the reads of a prefix when asked', async () => {
    const db = fakeDb();
    let loads = 0;
    const read = (key: string, version: number) => cachedRead(db, key, async () => ++loads, version);
    expect(await read('pool:1', 10)).toBe(1);
    expect(await read('pool:1', 10)).toBe(1);
    expect(await read('pool:1', 11)).toBe(2);
    expect(await read('coins', 0)).toBe(3);
    forgetCachedReads(db, 'pool:');
    expect(await read('pool:1', 11)).toBe(4);
    expect(await read('coins', 0)).toBe(3);
  });
});
