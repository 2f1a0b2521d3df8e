import { useRef } from 'react';

/** Spec: wealth actions are debounced 200 ms, so a double click sends one order. */
export const WEALTH_ACTION_DEBOUNCE_MS = 200;

export function useDebouncedAction(action: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, WEALTH_ACTION_DEBOUNCE_MS);
  };
}
