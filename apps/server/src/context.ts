import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import type { SessionCache } from './modules/account/session-cache.js';

/** What every use case needs: the database and the one clock (and the few links the operator sets). */
export interface AppContext {
  db: Db;
  clock: Clock;
  /** Sessions read moments ago; a use case that changes a user forgets theirs. */
  sessions: SessionCache;
  /** Where "Go to CandyDrop" leads; undefined hides it. */
  candyDropUrl?: string | undefined;
  /** Accounts one address may open per hour; undefined is the domain's REGISTER_IP_LIMIT. */
  registrationsPerHour?: number | undefined;
  /** Origin of the exchange's own deposit, buy and trade pages; undefined hides links to them. */
  exchangeUrl?: string | undefined;
}
