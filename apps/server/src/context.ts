import type { Clock } from './clock.js';
import type { Db } from './db/client.js';

/** What every use case needs: the database and the one clock. */
export interface AppContext {
  db: Db;
  clock: Clock;
}
