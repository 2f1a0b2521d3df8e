import { AppError } from '../errors.js';
import { sqlStateOf } from './driver-errors.js';

/** SQLSTATEs after which the whole transaction may simply be run again. */
const RETRYABLE = new Set(['40001' /* serialization_failure */, '40P01' /* deadlock_detected */]);
const MAX_TX_ATTEMPTS = 6;

function isRetryable(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && RETRYABLE.has(state);
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
      if (!isRetryable(error)) throw error;
      if (n >= MAX_TX_ATTEMPTS) {
        throw new AppError(-1, 'The system is busy; please try again', 503, { key: 'common.busy' });
      }
      // Jittered, growing pause so the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** n));
    }
  }
}
