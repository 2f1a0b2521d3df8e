import fs from 'node:fs';
import path from 'node:path';
import {
  APP_SHELL_PATH,
  appShellFile,
  asLocale,
  browserLayout,
  browserLocale,
  LOCALE_COOKIE,
  type Locale,
  NOT_FOUND_SHELL_PATH,
  type PageLayout,
  prerenderedPageFile,
  ROUTES_FILE,
  routeAt,
} from '@earn/domain';
import accepts from 'accepts';
import type { FastifyRequest } from 'fastify';

/** Where the build writes the prerendered pages, inside the web app's dist. */
export const PRERENDERED_DIR = 'pages';

/** What a page sent for an address varies by: the reader's language and the width it guesses. */
export const PAGE_VARY = 'Cookie, Accept-Language, Sec-CH-UA-Mobile, User-Agent';

/** The file the server sends for a page navigation, and with which status. */
export interface WebPage {
  file: string;
  status: 200 | 404;
}

/**
 * The built web app's page for an address: the page prerendered in the reader's language, for the
 * layout their browser most likely shows (a phone's or a desktop's), when the build made one
 * (dist/pages/<path>.<locale>[.phone].html, by apps/web/scripts/prerender.mjs), else the
 * empty app in that language titled for the page's route (<route>.<locale>.app.html) or for no
 * page in particular (APP_SHELL_PATH), else index.html. A prerendered page is a guest's
 * first view, so it is sent only for the bare address; with a query (a tab, a frame) the page would
 * differ, and the app draws it. An address at none of the app's routes (the build's ROUTES_FILE)
 * gets the empty app titled as the not-found page, with 404.
 */
export function webPages(webDist: string) {
  const pagesDir = path.join(webDist, PRERENDERED_DIR);
  const prerendered = new Set(
    fs.existsSync(pagesDir)
      ? fs
          .readdirSync(pagesDir, { recursive: true })
          .map(String)
          .filter((file) => file.endsWith('.html'))
          .map((file) => `${PRERENDERED_DIR}/${file.split(path.sep).join('/')}`)
      : [],
  );
  const routesFile = path.join(pagesDir, ROUTES_FILE);
  // Without the build's routes (an older build), every address is taken to be a page.
  const routes = fs.existsSync(routesFile) ? (JSON.parse(fs.readFileSync(routesFile, 'utf8')) as string[]) : undefined;
  const built = (file: string) =>
    prerendered.has(`${PRERENDERED_DIR}/${file}`) ? `${PRERENDERED_DIR}/${file}` : undefined;
  const prerenderedAt = (pathname: string, locale: Locale, layout: PageLayout) =>
    built(prerenderedPageFile(pathname, locale, layout));
  const shellAt = (pattern: string, locale: Locale) => built(appShellFile(pattern, locale));
  return (request: FastifyRequest): WebPage => {
    const [pathname = '', query] = request.url.split('?');
    // The reader's languages in their order of preference (Accept-Language), read from the raw
    // request: a request refused before any hook (a broken address) has no decorators.
    const locale = asLocale(request.cookies[LOCALE_COOKIE]) ?? browserLocale(accepts(request.raw).languages());
    const route = routes === undefined ? pathname : routeAt(routes, pathname);
    if (route === undefined) {
      return {
        file: shellAt(NOT_FOUND_SHELL_PATH, locale) ?? shellAt(APP_SHELL_PATH, locale) ?? 'index.html',
        status: 404,
      };
    }
    const layout = browserLayout(
      request.headers['sec-ch-ua-mobile']?.toString(),
      request.headers['user-agent']?.toString(),
    );
    const file =
      (query === undefined
        ? (prerenderedAt(pathname, locale, layout) ?? prerenderedAt(pathname, locale, 'desktop'))
        : undefined) ??
      shellAt(route, locale) ??
      shellAt(APP_SHELL_PATH, locale) ??
      'index.html';
    return { file, status: 200 };
  };
}
