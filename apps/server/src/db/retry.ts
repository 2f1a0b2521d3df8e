import { AppError } from '../errors.js';
import { sqlStateOf } from './driver-errors.js';

/** SQLSTATEs after which the whole transaction may simply be run again. */
const RETRYABLE = new Set(['40001' /* serialization_failure */, '40P01' /* deadlock_detected */]);
const MAX_TX_ATTEMPTS = 6;

/** Transactions this process ran again, by SQLSTATE: a deadlock counted here is a broken lock order. */
const retried = new Map<string, number>();

/** How many transactions were run again after a deadlock and after a serialization conflict. */
export function transactionRetries(): { deadlocks: number; serializationFailures: number } {
  return { deadlocks: retried.get('40P01') ?? 0, serializationFailures: retried.get('40001') ?? 0 };
}

/**
 * Runs a whole transaction again when the database aborted it as a deadlock victim or for a
 * serialization conflict: the aborted attempt changed nothing, so running it again is safe. After
 * the last attempt the caller gets a clear "try again", never a server error.
 */
export async function retryTransaction<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const state = sqlStateOf(error);
      if (state === undefined || !RETRYABLE.has(state)) throw error;
      retried.set(state, (retried.get(state) ?? 0) + 1);
      if (n >= MAX_TX_ATTEMPTS) {
        throw new AppError(-1, 'The system is busy; please try again', 503, { key: 'common.busy' });
      }
      // Jittered, growing pause so the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** n));
    }
  }
}
