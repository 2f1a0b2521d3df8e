import { useEffect } from 'react';
import { replayEarlyInput } from './early-input.js';

/**
 * Placed last inside the page's boundary, which React takes over after the frame around it: its
 * effect runs once the whole page is React's, and gives it what the reader did before.
 */
export function EarlyInputReplay() {
  useEffect(() => {
    // Outside React's own work on the page, as the reader's own input would come.
    const timer = setTimeout(replayEarlyInput);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
