import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createServer } from '../apps/server/src/server.js';

/** The pages a visitor lands on. */
const PAGES = ['/simple-earn', '/launchpool'];

/**
 * Lighthouse's mobile performance score (its default: a mid-range phone on a slow 4G link,
 * simulated) for the first pages, served by the app itself from the built web app with demo data,
 * in the machine's Chromium (target: 95 or more). Needs `npm run build` first.
 */
export async function benchLighthouse(webDist: string) {
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: undefined,
    demo: true,
    clock: 'system',
    webDist: path.resolve(webDist),
    logLevel: 'silent',
    trustedProxies: [],
  });
  const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const scores = [];
    for (const page of PAGES) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
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
    await server.close();
  }
}
