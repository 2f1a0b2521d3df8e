import { useSyncExternalStore } from 'react';

/**
 * Mobile below the spec's 768 px breakpoint, the same edge as the header's (Mantine's sm, 48em), so
 * at exactly 768 px the header and the content agree.
 */
export const MOBILE_QUERY = '(max-width: 47.99em)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The width is known at once in the browser; a prerendered page is laid out for a desktop, and
 * React takes it over as such before it turns to the phone's layout, so the two never disagree.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
