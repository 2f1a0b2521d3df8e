import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { rereadSessionAfterRefusal } from './account.js';
import { ApiError } from './errors.js';
import { whenServerAnswers } from './server-back.js';

/** The app's server-state cache. */
export function createQueryClient(): QueryClient {
  let rereading: Promise<void> | null = null;
  // A call refused for want of a session means the session ended where this tab could not hear it
  // (it expired, or was ended before the call reached the server): the session is read again, once
  // for the refusals that come together, so the page shows the guest it now is and nothing of the
  // user's is left on it.
  const noSession = (error: unknown): boolean => {
    if (!(error instanceof ApiError && error.status === 401)) return false;
    if (!rereading) {
      rereading = rereadSessionAfterRefusal(client).finally(() => {
        rereading = null;
      });
    }
    return true;
  };
  // A read that gave up on an unreachable server (after its tries) is read again once the server
  // answers, with every other read that failed meanwhile: no figure waits for a Retry or a reload.
  let awaitingServer = false;
  const serverLost = (error: unknown) => {
    if (!(error instanceof ApiError && error.isNetwork) || awaitingServer) return;
    awaitingServer = true;
    whenServerAnswers(() => {
      awaitingServer = false;
      void client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (!noSession(error)) serverLost(error);
      },
    }),
    // A refused change (too little balance, a quota reached, a product closed) usually means the
    // page showed something out of date: what it shows is read again.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (noSession(error)) return;
        if (error instanceof ApiError && !error.isNetwork && error.key !== 'fundpass.cancelled')
          void client.invalidateQueries();
      },
    }),
    defaultOptions: {
      queries: {
        // Retry transient failures (spec: up to 10), never a refusal the server meant.
        retry: (count, error) => count < 10 && error instanceof ApiError && error.isNetwork,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 15_000),
      },
      // A change asked for while the browser is offline is tried at once and refused as a network
      // error, never held until it is back online: by then the user may have given it up, and money
      // would move behind a closed dialog.
      mutations: { networkMode: 'always' },
    },
  });
  return client;
}
