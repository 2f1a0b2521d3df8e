import { useDebouncedCallback } from '@mantine/hooks';

/** Spec: wealth actions are debounced 200 ms, so a double click sends one order. */
export const WEALTH_ACTION_DEBOUNCE_MS = 200;

/** A wealth action: the first click acts at once, clicks within the next 200 ms do not. */
export function useDebouncedAction(action: () => void) {
  return useDebouncedCallback(action, { delay: WEALTH_ACTION_DEBOUNCE_MS, leading: true });
}
