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
 * Where the web's build writes the empty app in `locale`, titled for the page at the route `pattern`
 * ('/login', '/staking/:coin'; the app draws the page), under its pages directory. APP_SHELL_PATH's
 * is titled with the app's name alone, NOT_FOUND_SHELL_PATH's as the not-found page.
 */
export function appShellFile(pattern: string, locale: Locale): string {
  // A parameter as [coin]: a colon cannot be in a file's name everywhere.
  return `${pattern.slice(1).replace(/:(\w+)/g, '[$1]')}.${locale}.app.html`;
}

/** The empty app titled as the not-found page, sent with status 404 for an address the app has no page at. */
export const NOT_FOUND_SHELL_PATH = '/_not-found';

/** Where the web's build writes the app's route patterns (a JSON array), under its pages directory. */
export const ROUTES_FILE = 'routes.json';

/**
 * The route pattern of the web app's router that `pathname` is at, matched as React Router matches:
 * case and trailing slashes aside, a parameter (':coin') standing for one segment that is not
 * empty, the first pattern that matches with the fewest parameters winning; undefined for none.
 */
export function routeAt(patterns: readonly string[], pathname: string): string | undefined {
  const segments = decodedSegments(pathname);
  if (segments === undefined) return undefined;
  let best: { pattern: string; params: number } | undefined;
  for (const pattern of patterns) {
    const wanted = pattern.split('/').filter((s) => s !== '');
    if (wanted.length !== segments.length) continue;
    let params = 0;
    const matches = wanted.every((w, i) => {
      if (w.startsWith(':')) {
        params++;
        return true;
      }
      return w.toLowerCase() === segments[i]?.toLowerCase();
    });
    if (matches && (best === undefined || params < best.params)) best = { pattern, params };
  }
  return best?.pattern;
}

/**
 * A path's segments, decoded, with trailing slashes aside; undefined when one is empty, ill-encoded
 * or holds a control character (no page's address does: %00 is an attack, not a coin).
 */
function decodedSegments(pathname: string): string[] | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (!pathname.startsWith('/') || parts.some((p) => p === '')) return undefined;
  try {
    const segments = parts.map((p) => decodeURIComponent(p));
    return segments.some(hasControlCharacter) ? undefined : segments;
  } catch {
    return undefined;
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
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
