import type { Clock } from './clock.js';
import type { Db } from './db/client.js';

/** What every use case needs: the database and the one clock (and the few links the operator sets). */
export interface AppContext {
  db: Db;
  clock: Clock;
  /** Where "Go to CandyDrop" leads; undefined hides it. */
  candyDropUrl?: string | undefined;
}
