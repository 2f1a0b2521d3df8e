import { describe, expect, it } from 'vitest';
import type { SessionUser, User } from '../src/modules/account/repo.js';
import { SessionCache } from '../src/modules/account/session-cache.js';

const NOW = new Date(Date.UTC(2026, 10, 2));
const LATER = new Date(NOW.getTime() + 3_600_000);

function sessionOf(userId: number, expiresAt = LATER): SessionUser {
  return { user: { id: userId } as User, expiresAt, fundpassFailures: [] };
}

/** A cache on a hand-moved monotonic clock, hearing changes, and a loader that counts its reads. */
function setUp(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  let elapsed = 0;
  const cache = new SessionCache({ ...options, elapsedMs: () => elapsed });
  cache.setHearing(true);
  const loads: string[] = [];
  const read = (token: string, userId: number, now = NOW, missing = false) =>
    cache.read(token, now, async () => {
      loads.push(token);
      return missing ? undefined : sessionOf(userId);
    });
  return { cache, loads, read, pass: (ms: number) => (elapsed += ms) };
}

describe('sessions read moments ago', () => {
  it('reads a session once for the calls that follow it, and a missing session every time', async () => {
    const { loads, read } = setUp();
    expect((await read('a', 1))?.user.id).toBe(1);
    expect((await read('a', 1))?.user.id).toBe(1);
    await read('gone', 2, NOW, true);
    expect(await read('gone', 2, NOW, true)).toBeUndefined();
    expect(loads).toEqual(['a', 'gone', 'gone']);
  });

  it('reads afresh once the read is older than its age, or the session has ended by the product clock', async () => {
    const { loads, read, pass } = setUp({ maxAgeMs: 1_000 });
    await read('a', 1);
    pass(999);
    await read('a', 1);
    pass(1);
    await read('a', 1);
    expect(loads).toEqual(['a', 'a']);
    await read('a', 1, LATER);
    expect(loads).toEqual(['a', 'a', 'a']);
  });

  it('forgets every session of a changed user, and only theirs', async () => {
    const { cache, loads, read } = setUp();
    await read('a1', 1);
    await read('a2', 1);
    await read('b', 2);
    cache.forgetUser(1);
    await read('a1', 1);
    await read('a2', 1);
    await read('b', 2);
    expect(loads).toEqual(['a1', 'a2', 'b', 'a1', 'a2']);
  });

  it('does not keep a read that a change overtook while it was loading', async () => {
    const { cache, loads } = setUp();
    const stale = cache.read('a', NOW, async () => {
      loads.push('a');
      // The change is heard while this read's answer is on its way: the answer may predate it.
      cache.forgetUser(1);
      return sessionOf(1);
    });
    expect((await stale)?.user.id).toBe(1);
    await cache.read('a', NOW, async () => {
      loads.push('a again');
      return sessionOf(1);
    });
    expect(loads).toEqual(['a', 'a again']);
  });

  it('keeps nothing while changes are not heard, and drops what it had when hearing stops', async () => {
    const { cache, loads, read } = setUp();
    await read('a', 1);
    cache.setHearing(false);
    expect(cache.isHearing).toBe(false);
    await read('a', 1);
    await read('a', 1);
    cache.setHearing(true);
    await read('a', 1);
    await read('a', 1);
    expect(loads).toEqual(['a', 'a', 'a', 'a']);
  });

  it('keeps at most its bound, dropping the oldest read first', async () => {
    const { loads, read } = setUp({ maxEntries: 2 });
    await read('a', 1);
    await read('b', 2);
    await read('c', 3);
    await read('b', 2);
    await read('c', 3);
    await read('a', 1);
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });
});
