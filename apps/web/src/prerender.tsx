import {
  APP_SHELL_PATH,
  appShellFile,
  LOCALES,
  type Locale,
  NOT_FOUND_SHELL_PATH,
  PAGE_LAYOUTS,
  prerenderedPageFile,
} from '@earn/domain';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders, AppRoutes, appRoutes, pageTitle } from './app/App.js';
import { changeLocale, i18n, i18nReady } from './i18n/index.js';
import { setPrerenderedLayout } from './lib/use-is-mobile.js';

export { ROUTES_FILE } from '@earn/domain';

/**
 * The pages a guest can open without an id in the address. Each is prerendered, in each language
 * and for a desktop's and a phone's width, as a guest who has no data yet sees it (its header,
 * titles and loading blocks), so the page shows before its JavaScript has arrived; the browser's
 * React then takes over the same markup.
 */
export const PRERENDERED_PATHS = [
  '/simple-earn',
  '/simple-earn/faq',
  '/vip-wealth',
  '/vip',
  '/launchpool',
  '/staking',
  '/soft-staking',
  '/soft-staking/agreement',
  '/asset-management/institution/disclaimer',
] as const;

async function renderPage(path: string): Promise<string> {
  // Waits for the page's lazy code, so the page itself is in the markup, not its loader.
  const { prelude } = await prerenderToNodeStream(
    <AppProviders>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    // One piece: the page is in place in the markup, with no script to move it there (and none for
    // the Content-Security-Policy to allow).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

export interface PrerenderedPage {
  /** Where under the pages directory the server looks for it (prerenderedPageFile). */
  file: string;
  html: string;
}

/** The app's route patterns, which the server tells its pages from addresses it has none at by. */
export function routePatterns(): string[] {
  return appRoutes().map((r) => r.pattern);
}

/**
 * The built index.html saying the language it is in and, in that language, the title of the page at
 * `path` (an address or a route pattern: '/staking/:coin' is titled as any coin's page).
 */
function inLocale(template: string, locale: Locale, path: string): string {
  // Titles are the app's own texts; none holds markup, but one could hold an ampersand.
  // The empty app for any page is titled with the app's name (not as the not-found page).
  const title = (path === APP_SHELL_PATH ? i18n.t('app.name') : pageTitle(path))
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;');
  const html = template
    .replace('<html lang="en"', `<html lang="${locale}"`)
    .replace('<title>Earn</title>', `<title>${title}</title>`);
  if (!html.includes(`<title>${title}</title>`)) throw new Error('index.html has no <title>Earn</title> to fill');
  return html;
}

/**
 * Every prerendered page in every language and layout, each as the built index.html with the page
 * inside, and the empty app in each language, titled for each page, for the addresses not prerendered.
 */
export async function prerenderPages(template: string): Promise<PrerenderedPage[]> {
  // The app's own first choice of language settles first, so it cannot land in a page being drawn.
  await i18nReady;
  const pages: PrerenderedPage[] = [];
  for (const locale of LOCALES) {
    await changeLocale(locale);
    // The empty app, titled for each page (drawn by the app where none is prerendered, or with a
    // query), for no page in particular, and for an address with no page (sent with 404).
    const titled = appRoutes().flatMap((r) => (r.title ? [r.pattern] : []));
    for (const path of [APP_SHELL_PATH, NOT_FOUND_SHELL_PATH, ...titled]) {
      pages.push({ file: appShellFile(path, locale), html: inLocale(template, locale, path) });
    }
    for (const layout of PAGE_LAYOUTS) {
      setPrerenderedLayout(layout);
      for (const path of PRERENDERED_PATHS) {
        const body = await renderPage(path);
        const html = inLocale(template, locale, path).replace(
          '<div id="root"></div>',
          `<div id="root" data-locale="${locale}" data-layout="${layout}">${body}</div>`,
        );
        if (!html.includes(`data-locale="${locale}"`)) throw new Error('index.html has no empty #root to fill');
        pages.push({ file: prerenderedPageFile(path, locale, layout), html });
      }
    }
  }
  return pages;
}
