import { useEffect } from 'react';

/** Success views close after a short delay (spec), unless the user acts first. */
export const SUCCESS_CLOSE_MS = 8_000;

export function useAutoClose(active: boolean, onClose: () => void, delayMs = SUCCESS_CLOSE_MS) {
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(onClose, delayMs);
    return () => clearTimeout(timer);
  }, [active, onClose, delayMs]);
}
