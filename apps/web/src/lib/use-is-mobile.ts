import type { PageLayout } from '@earn/domain';
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

let prerenderedAsPhone = false;

/**
 * The layout the page being drawn ahead (by the build) or taken over (in the browser) was
 * prerendered in. Set before React starts.
 */
export function setPrerenderedLayout(layout: PageLayout): void {
  prerenderedAsPhone = layout === 'phone';
}

/**
 * The width is known at once in the browser. A prerendered page is laid out for the width the
 * server guessed (src/prerender.tsx): React takes it over as such, and only if the guess was wrong
 * turns it to the other layout, so the two never disagree.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => prerenderedAsPhone,
  );
}
