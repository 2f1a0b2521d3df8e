import type { Locale } from './format.js';

/**
 * The widths a page is prerendered for: a desktop's, and a phone's (below the 768 px breakpoint,
 * where the app draws cards and menus of its own), so a phone is sent the page it will show.
 */
export type PageLayout = 'desktop' | 'phone';

export const PAGE_LAYOUTS: readonly PageLayout[] = ['desktop', 'phone'];

/** Where the web's build writes a prerendered page, under its pages directory. */
export function prerenderedPageFile(path: string, locale: Locale, layout: PageLayout): string {
  return `${path.slice(1)}.${locale}${layout === 'phone' ? '.phone' : ''}.html`;
}

/**
 * Where the web's build writes the empty app in `locale`, titled for the page at `path` (the app
 * draws the page), under its pages directory; APP_SHELL_PATH's is titled with the app's name alone.
 */
export function appShellFile(path: string, locale: Locale): string {
  return `${path.slice(1)}.${locale}.app.html`;
}

/**
 * The layout a browser most likely shows: a phone's when it says it is on a phone, by its client
 * hint (Sec-CH-UA-Mobile, ?1 or ?0) or, without one, by "Mobi" in its user agent (as phone browsers
 * write it); else a desktop's. A guess: the app turns to the other layout if the width says so.
 */
export function browserLayout(mobileHint: string | undefined, userAgent: string | undefined): PageLayout {
  if (mobileHint !== undefined) return mobileHint.trim() === '?1' ? 'phone' : 'desktop';
  return /Mobi/.test(userAgent ?? '') ? 'phone' : 'desktop';
}
