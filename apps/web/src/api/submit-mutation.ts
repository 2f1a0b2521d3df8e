import { type DefaultError, type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { clearDialogRefusal } from '../lib/notify.js';

/**
 * A change the user submits from a form, a dialog or a confirmation (a stake, a subscription, a
 * redemption, a transfer, a login, a fund password, a setting): while one is on its way, another call
 * is dropped, not sent. A double click comes before the button is drawn as pending, and would
 * otherwise move money twice, or count twice toward a password's lockout. Every such hook is one of
 * these, so the forms and dialogs need no guard of their own. Sending clears the refusal the dialog
 * shows for the try before (a success view must not sit under an old refusal).
 *
 * `refresh` re-reads what the change touches: after it is done (awaited up to REFRESH_WAIT_MS, so a
 * dialog closes on the new figures, but a read that fails and is retried never holds back the news
 * that the change was made), and after a refusal too, without waiting (a refusal such as "at most
 * 0.0008 can be redeemed" means the figures the user saw were stale, and the open dialog should show
 * the new ones).
 */
/** How long a done change waits for its re-reads before it says it is done. */
export const REFRESH_WAIT_MS = 2_000;

export function useSubmitMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>({
  refresh,
  ...options
}: UseMutationOptions<TData, TError, TVariables, TContext> & { refresh?: () => Promise<unknown> }): UseMutationResult<
  TData,
  TError,
  TVariables,
  TContext
> {
  const sending = useRef(false);
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    ...(refresh
      ? {
          onSuccess: async (...done) => {
            let timer: ReturnType<typeof setTimeout> | undefined;
            const waited = new Promise((resolve) => {
              timer = setTimeout(resolve, REFRESH_WAIT_MS);
            });
            const refreshed = Promise.race([refresh(), waited]).finally(() => clearTimeout(timer));
            await Promise.all([refreshed, options.onSuccess?.(...done)]);
          },
          onError: (...failed) => {
            void refresh();
            return options.onError?.(...failed);
          },
        }
      : {}),
    // On the mutation itself, so it runs even if the dialog has closed meanwhile.
    onSettled: (...settled) => {
      sending.current = false;
      return options.onSettled?.(...settled);
    },
  });
  const send = mutation.mutate;
  const mutate = useCallback<typeof send>(
    (...call) => {
      if (sending.current) return;
      sending.current = true;
      clearDialogRefusal();
      send(...call);
    },
    [send],
  );
  return { ...mutation, mutate };
}
