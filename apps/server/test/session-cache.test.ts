import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, NotificationHandlers } from '../src/db/client.js';
import type { SessionUser, User } from '../src/modules/account/repo.js';
import { hearSessionChanges, SessionCache } from '../src/modules/account/session-cache.js';

const NOW = new Date(Date.UTC(2026, 10, 2));
const LATER = new Date(NOW.getTime() + 3_600_000);

function sessionOf(userId: number, expiresAt = LATER): SessionUser {
  return {
    user: { id: userId } as User,
    expiresAt,
    session: { id: `s${userId}`, fundpassVerifiedAt: null },
    fundpassFailures: [],
  };
}

/** A cache on a hand-moved monotonic clock, hearing every change for good, and a loader that counts its reads. */
function setUp(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  let elapsed = 0;
  const cache = new SessionCache({ ...options, elapsedMs: () => elapsed });
  cache.heard(Number.POSITIVE_INFINITY);
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
    cache.stopHearing();
    expect(cache.isHearing).toBe(false);
    await read('a', 1);
    await read('a', 1);
    cache.heard(Number.POSITIVE_INFINITY);
    await read('a', 1);
    await read('a', 1);
    expect(loads).toEqual(['a', 'a', 'a', 'a']);
  });

  it('uses its reads only while hearing was proven moments ago (a listener that went quiet may be dead)', async () => {
    let elapsed = 0;
    const cache = new SessionCache({ maxUnheardMs: 1_000, elapsedMs: () => elapsed });
    const loads: number[] = [];
    const read = () =>
      cache.read('a', NOW, async () => {
        loads.push(elapsed);
        return sessionOf(1);
      });
    cache.heard(0);
    await read();
    elapsed = 1_000;
    await read();
    elapsed = 1_001;
    expect(cache.isHearing).toBe(false);
    await read();
    await read();
    cache.heard(1_001);
    await read();
    await read();
    expect(loads).toEqual([0, 1_001, 1_001, 1_001]);
  });

  it('does not keep a read begun before changes were heard', async () => {
    const { cache, loads } = setUp();
    cache.stopHearing();
    await cache.read('a', NOW, async () => {
      loads.push('a');
      // Listening begins while the read is on its way: a change just before it may be missed.
      cache.heard(Number.POSITIVE_INFINITY);
      return sessionOf(1);
    });
    await cache.read('a', NOW, async () => {
      loads.push('a again');
      return sessionOf(1);
    });
    expect(loads).toEqual(['a', 'a again']);
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

describe('hearing session changes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps one try to listen again at a time, however the connection fails', async () => {
    vi.useFakeTimers();
    let tries = 0;
    // A connection that is lost while it is opened, and then fails to open: two reports of one failure.
    const database = {
      async listen(_channel: string, handlers: NotificationHandlers) {
        tries++;
        handlers.lost(new Error('connection ended'));
        throw new Error('connection refused');
      },
    } as unknown as Database;
    const cache = new SessionCache();
    const stop = await hearSessionChanges(database, cache, () => {});
    await vi.advanceTimersByTimeAsync(3_500);
    expect(tries).toBe(4);
    await stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tries).toBe(4);
    expect(cache.isHearing).toBe(false);
  });

  it('hears again after losing the connection, and forgets the users it is told of', async () => {
    vi.useFakeTimers();
    const opened: NotificationHandlers[] = [];
    const database = {
      async listen(_channel: string, handlers: NotificationHandlers) {
        opened.push(handlers);
        handlers.heard(Number.POSITIVE_INFINITY);
        return async () => {};
      },
    } as unknown as Database;
    const cache = new SessionCache();
    const stop = await hearSessionChanges(database, cache, () => {});
    expect(cache.isHearing).toBe(true);
    const loads: string[] = [];
    const read = () =>
      cache.read('a', NOW, async () => {
        loads.push('a');
        return sessionOf(7);
      });
    await read();
    await read();
    opened[0]?.notify('7');
    await read();
    opened[0]?.lost(new Error('terminated'));
    expect(cache.isHearing).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(opened).toHaveLength(2);
    expect(cache.isHearing).toBe(true);
    await read();
    await read();
    expect(loads).toEqual(['a', 'a', 'a']);
    await stop();
  });
});
