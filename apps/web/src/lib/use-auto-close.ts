import { useEffect, useEffectEvent } from 'react';

/** Success views close after a short delay (spec), unless the user acts first. */
export const SUCCESS_CLOSE_MS = 8_000;

/**
 * Closes after the delay from when it became active. The page drawn again meanwhile (a clock, a
 * refetch) hands in a new onClose each time: the timer runs on, never started again by it.
 */
export function useAutoClose(active: boolean, onClose: () => void, delayMs = SUCCESS_CLOSE_MS) {
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(close, delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
}
