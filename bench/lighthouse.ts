import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../apps/web/e2e/chromium.js';
import { startBenchServer } from './bench-server.js';

/** The pages a visitor lands on. */
const PAGES = ['/simple-earn', '/launchpool'];

/**
 * Lighthouse's mobile performance score (its default: a mid-range phone on a slow 4G link,
 * simulated) for the first pages, served by the app itself from the built web app with demo data,
 * in the machine's Chromium (target: 95 or more). Needs `npm run build` first.
 */
export async function benchLighthouse(webDist: string) {
  const app = await startBenchServer({ databaseUrl: undefined, demo: true, webDist: path.resolve(webDist) });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const scores = [];
    for (const page of PAGES) {
      // Lighthouse sometimes fails to record a trace (NO_NAVSTART): such a run measured nothing and
      // is tried again, up to twice.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 0; ; attempt++) {
        result = await lighthouse(`${app.url}${page}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        if (!result?.lhr.runtimeError || attempt === 2) break;
      }
      const lhr = result?.lhr;
      scores.push({
        page,
        score: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(Number(lhr?.audits['largest-contentful-paint']?.numericValue ?? 0)),
        tbtMs: Math.round(Number(lhr?.audits['total-blocking-time']?.numericValue ?? 0)),
      });
    }
    return scores;
  } finally {
    chrome.kill();
    await app.close();
  }
}
