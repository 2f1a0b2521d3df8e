import type { Database } from '../../db/client.js';
import type { SessionUser } from './repo.js';

/** A read is trusted this long at most, whatever is heard (a try left pending by a dead server turns into a failure by time alone). */
const MAX_AGE_MS = 5_000;
/** Sessions kept at most; past it the oldest read goes first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  found: SessionUser;
  /** When it was read, on the monotonic `elapsedMs`. */
  readAt: number;
}

export interface SessionCacheOptions {
  maxAgeMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds (real time: how fresh a read is has nothing to do with the product clock). */
  elapsedMs?: () => number;
}

/**
 * Sessions read in the last moments, so that a signed-in user's calls in quick succession read their
 * session once (a subscription is then one statement, not two). An entry is forgotten as soon as
 * anything it holds may have changed: this server forgets a user after changing them (forgetUser),
 * and every server hears the database's session_changed notifications (migration 0024) and forgets
 * the user named. Entries are used only while that hearing is on (`hearing`): a server that cannot
 * hear other servers' changes reads every session.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensOf = new Map<number, Set<string>>();
  /** Counts forgets, so a read that a change overtook is not kept. */
  private forgets = 0;
  private hearing = false;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly elapsedMs: () => number;

  constructor(options: SessionCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
  }

  /** The session of `token` at `now` (the product clock): kept if read moments ago, else `load`ed. */
  async read(token: string, now: Date, load: () => Promise<SessionUser | undefined>): Promise<SessionUser | undefined> {
    const entry = this.entries.get(token);
    if (entry) {
      if (entry.found.expiresAt > now && this.elapsedMs() - entry.readAt < this.maxAgeMs) return entry.found;
      this.drop(token, entry.found.user.id);
    }
    const forgets = this.forgets;
    const found = await load();
    if (found && this.hearing && forgets === this.forgets) this.keep(token, found);
    return found;
  }

  /** Anything of this user's may have changed: their sessions are read afresh. */
  forgetUser(userId: number): void {
    this.forgets++;
    for (const token of this.tokensOf.get(userId) ?? []) this.entries.delete(token);
    this.tokensOf.delete(userId);
  }

  /** Whether changes are heard; entries are kept only while they are, and dropped when that changes. */
  setHearing(hearing: boolean): void {
    this.hearing = hearing;
    this.forgets++;
    this.entries.clear();
    this.tokensOf.clear();
  }

  /** Whether changes are heard now (and reads kept). */
  get isHearing(): boolean {
    return this.hearing;
  }

  private keep(token: string, found: SessionUser): void {
    if (this.entries.size >= this.maxEntries) {
      const [oldest] = this.entries;
      if (oldest) this.drop(oldest[0], oldest[1].found.user.id);
    }
    this.entries.set(token, { found, readAt: this.elapsedMs() });
    let tokens = this.tokensOf.get(found.user.id);
    if (!tokens) {
      tokens = new Set();
      this.tokensOf.set(found.user.id, tokens);
    }
    tokens.add(token);
  }

  private drop(token: string, userId: number): void {
    this.entries.delete(token);
    const tokens = this.tokensOf.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensOf.delete(userId);
  }
}

/** How long after losing the notifications the server tries to hear them again. */
const RELISTEN_MS = 1_000;

/**
 * Keeps `cache` hearing the database's session_changed notifications: on while listening, off (every
 * session read afresh) from the moment the listening connection is lost until it is back. Returns
 * the stop.
 */
export async function hearSessionChanges(
  database: Database,
  cache: SessionCache,
  warn: (message: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let stopListening: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const listen = async () => {
    try {
      const stop = await database.listen('session_changed', {
        notify: (payload) => cache.forgetUser(Number(payload)),
        lost: (error) => {
          cache.setHearing(false);
          warn(`session changes no longer heard (${error.message}): every session is read afresh until they are`);
          schedule();
        },
      });
      if (stopped) return void (await stop());
      stopListening = stop;
      cache.setHearing(true);
    } catch (error) {
      warn(`session changes not heard (${(error as Error).message}): every session is read afresh until they are`);
      schedule();
    }
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(listen, RELISTEN_MS);
    retry.unref();
  };
  await listen();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    cache.setHearing(false);
    await stopListening?.();
  };
}
