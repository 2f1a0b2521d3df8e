import { useEffect } from 'react';
import { pageTakenOver } from './page-taken-over.js';

/**
 * Placed last inside the page's boundary, which React takes over after the frame around it: its
 * effect runs once the whole page is React's, and says so (outside React's own work on the page,
 * as the reader's own input would come).
 */
export function PageTakenOver() {
  useEffect(() => {
    const timer = setTimeout(pageTakenOver);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
