import type { Database } from '../../db/client.js';
import type { SessionUser } from './repo.js';

/** A read is trusted this long at most, whatever is heard (a try left pending by a dead server turns into a failure by time alone). */
const MAX_AGE_MS = 5_000;
/** Reads are used only while the listening connection has proved, this recently, that it hears. */
const MAX_UNHEARD_MS = 1_000;
/** Sessions kept at most; past it the oldest read goes first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  found: SessionUser;
  /** When it was read, on the monotonic `elapsedMs`. */
  readAt: number;
}

export interface SessionCacheOptions {
  maxAgeMs?: number;
  maxUnheardMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds, as performance.now() (real time: freshness has nothing to do with the product clock). */
  elapsedMs?: () => number;
}

/**
 * Sessions read in the last moments, so that a signed-in user's calls in quick succession read their
 * session once (a subscription is then one statement, not two). An entry is forgotten as soon as
 * anything it holds may have changed: this server forgets a user after changing them (forgetUser),
 * and every server hears the database's session_changed notifications (migration 0024) and forgets
 * the user named. Entries are used only while that hearing is proven (`heard`, by the listening
 * connection's heartbeats): a server that cannot be sure to hear other servers' changes reads every
 * session.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensOf = new Map<number, Set<string>>();
  /** Counts forgets, so a read that a change overtook is not kept. */
  private forgets = 0;
  /** Everything notified before this moment has been heard (−∞: not listening). */
  private heardUntil = Number.NEGATIVE_INFINITY;
  private readonly maxAgeMs: number;
  private readonly maxUnheardMs: number;
  private readonly maxEntries: number;
  private readonly elapsedMs: () => number;

  constructor(options: SessionCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
    this.maxUnheardMs = options.maxUnheardMs ?? MAX_UNHEARD_MS;
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
  }

  /** The session of `token` at `now` (the product clock): kept if read moments ago, else `load`ed. */
  async read(token: string, now: Date, load: () => Promise<SessionUser | undefined>): Promise<SessionUser | undefined> {
    const hearing = this.isHearing;
    const entry = this.entries.get(token);
    if (entry) {
      if (hearing && entry.found.expiresAt > now && this.elapsedMs() - entry.readAt < this.maxAgeMs) {
        return entry.found;
      }
      this.drop(token, entry.found.user.id);
    }
    const forgets = this.forgets;
    const found = await load();
    // Kept only if changes were heard since before the read began, and none of them overtook it.
    if (found && hearing && forgets === this.forgets) this.keep(token, found);
    return found;
  }

  /** Anything of this user's may have changed: their sessions are read afresh. */
  forgetUser(userId: number): void {
    this.forgets++;
    for (const token of this.tokensOf.get(userId) ?? []) this.entries.delete(token);
    this.tokensOf.delete(userId);
  }

  /** Everything notified before `at` (on `elapsedMs`) has been heard. */
  heard(at: number): void {
    this.heardUntil = Math.max(this.heardUntil, at);
  }

  /** Changes are no longer heard: everything kept is dropped, and nothing is kept until they are. */
  stopHearing(): void {
    this.heardUntil = Number.NEGATIVE_INFINITY;
    this.forgets++;
    this.entries.clear();
    this.tokensOf.clear();
  }

  /** Whether changes are heard, as proven moments ago (and reads used and kept). */
  get isHearing(): boolean {
    return this.elapsedMs() - this.heardUntil <= this.maxUnheardMs;
  }

  private keep(token: string, found: SessionUser): void {
    const oldest = this.entries.has(token) ? undefined : this.entries.entries().next().value;
    if (oldest && this.entries.size >= this.maxEntries) this.drop(oldest[0], oldest[1].found.user.id);
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
 * Keeps `cache` hearing the database's session_changed notifications: from the moment the listening
 * connection is lost, or stops proving it hears, every session is read afresh until it is back (one
 * try every RELISTEN_MS). Returns the stop.
 */
export async function hearSessionChanges(
  database: Database,
  cache: SessionCache,
  warn: (message: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let stopListening: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = (message: string) => {
    warn(`session changes ${message}: every session is read afresh until they are heard again`);
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, RELISTEN_MS).unref();
  };
  const listen = async () => {
    try {
      const stop = await database.listen('session_changed', {
        notify: (payload) => cache.forgetUser(Number(payload)),
        heard: (at) => cache.heard(at),
        lost: (error) => {
          stopListening = undefined;
          cache.stopHearing();
          again(`no longer heard (${error.message})`);
        },
      });
      if (stopped) return void (await stop());
      stopListening = stop;
    } catch (error) {
      again(`not heard (${(error as Error).message})`);
    }
  };
  await listen();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    cache.stopHearing();
    await stopListening?.();
  };
}
