import fs from 'node:fs';
import path from 'node:path';
import { APP_SHELL_PATH, asLocale, browserLocale, LOCALE_COOKIE } from '@earn/domain';
import type { FastifyRequest } from 'fastify';

/** Where the build writes the prerendered pages, inside the web app's dist. */
export const PRERENDERED_DIR = 'pages';

/**
 * The built web app's page for an address: the page prerendered in the reader's language when the
 * build made one (dist/pages/<path>.<locale>.html, by apps/web/scripts/prerender.mjs), else the
 * empty app in that language (APP_SHELL_PATH), else index.html. A prerendered page is a guest's
 * first view, so it is sent only for the bare address; with a query (a tab, a frame) the page would
 * differ, and the app draws it.
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
  const prerenderedAt = (pathname: string, locale: string) => {
    const file = `${PRERENDERED_DIR}${pathname}.${locale}.html`;
    return prerendered.has(file) ? file : undefined;
  };
  return (request: FastifyRequest): string => {
    const [pathname = '', query] = request.url.split('?');
    const locale = asLocale(request.cookies[LOCALE_COOKIE]) ?? browserLocale(request.languages());
    return (
      (query === undefined ? prerenderedAt(pathname, locale) : undefined) ??
      prerenderedAt(APP_SHELL_PATH, locale) ??
      'index.html'
    );
  };
}
