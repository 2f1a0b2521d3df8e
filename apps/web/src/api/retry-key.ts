import { useRef } from 'react';
import { newIdempotencyKey } from './client.js';
import { ApiError } from './errors.js';

/** How long a request whose answer never came is still the one a same request retries. */
export const RETRY_KEY_MS = 10 * 60_000;

/**
 * The Idempotency-Key of a money call sent from one form: a request whose answer never came (the
 * network failed, the server went down or answered 5xx) may have been done, so sending the same
 * request again from the form reuses its key, and the server answers it as the first time instead of
 * doing it twice. Any answer (done or refused), another request, or RETRY_KEY_MS gone by, and the
 * next call gets a new key.
 */
export function useRetryKey() {
  const unanswered = useRef<{ request: string; key: string; at: number } | null>(null);
  return async function send<T>(request: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const shape = JSON.stringify(request);
    const last = unanswered.current;
    const key = last && last.request === shape && Date.now() - last.at < RETRY_KEY_MS ? last.key : newIdempotencyKey();
    try {
      const done = await call(key);
      unanswered.current = null;
      return done;
    } catch (error) {
      const answered = error instanceof ApiError && !error.isNetwork && error.status < 500;
      unanswered.current = answered ? null : { request: shape, key, at: Date.now() };
      throw error;
    }
  };
}
