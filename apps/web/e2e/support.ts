import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type FrameLocator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { createServer, type Server } from '../../server/src/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { e2eConfig } from './demo-database.js';

export { EXCHANGE_URL } from './demo-database.js';

export interface E2E {
  server: Server;
  baseUrl: string;
  browser: Browser;
  /** Calls the operator API with a signed-in admin session. */
  admin(path: string, body: unknown, method?: 'GET' | 'POST' | 'PUT'): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The real server with the built web app, the demo data and a manual clock, on a free port, over a
 * copy of the demo database written for the run (PGlite: PostgreSQL is not needed here), and
 * Debian's Chromium driven by playwright-core.
 */
export async function startE2E(): Promise<E2E> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earn-e2e-'));
  fs.cpSync(inject('demoDataDir'), dataDir, { recursive: true });
  const server = await createServer(e2eConfig(dataDir));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });

  const adminCookies = await loginCookies(baseUrl, 'admin@example.com', 'demo1234');
  return {
    server,
    baseUrl,
    browser,
    async admin(p, body, method = 'POST') {
      const res = await fetch(`${baseUrl}${p}`, {
        method,
        headers: { 'content-type': 'application/json', cookie: adminCookies.cookie, 'x-csrf-token': adminCookies.csrf },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    async close() {
      await browser.close();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function loginCookies(baseUrl: string, email: string, password: string) {
  const first = await fetch(`${baseUrl}/healthz`);
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const res = await fetch(`${baseUrl}/apiw/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
    body: JSON.stringify({ email, password }),
  });
  const set = res.headers.getSetCookie().join(';');
  const sid = /sid=([^;]+)/.exec(set)?.[1] ?? '';
  // The session comes with its own CSRF token.
  const sessionCsrf = /csrf_token=([^;]+)/.exec(set)?.[1] ?? '';
  return { cookie: `csrf_token=${sessionCsrf}; sid=${sid}`, csrf: sessionCsrf };
}

/**
 * The controls on the page a finger could miss: shown links, buttons, check boxes and radios whose
 * box (where a tap lands) is under 24 x 24 px (WCAG 2.5.8), each named by its text or label.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const least = 24;
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, [role="button"], input[type="checkbox"], input[type="radio"]',
    );
    return [...controls].flatMap((el) => {
      const box = el.getBoundingClientRect();
      // Text for screen readers alone (a 1 px box) is not a target.
      if (!el.checkVisibility({ visibilityProperty: true }) || box.width <= 1 || box.height <= 1) return [];
      if (box.width >= least - 0.5 && box.height >= least - 0.5) return [];
      const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
      const name = el.getAttribute('aria-label') ?? label ?? el.textContent?.trim() ?? el.outerHTML.slice(0, 60);
      return [`${name} (${Math.round(box.width)} x ${Math.round(box.height)})`];
    });
  });
}

/**
 * Closes the open dialog with Escape and waits until it is gone and has taken back its history entry
 * (lib/dialog-history.ts): a reload while that step back is under way is aborted.
 */
export async function escapeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await expect.poll(() => page.evaluate(() => window.history.state?.earnDialog ?? null)).toBeNull();
}

/** Fails the test on any uncaught page error. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export async function expectText(page: Page, text: string | RegExp, timeout = 15_000) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
  expect(await page.getByText(text).first().isVisible()).toBe(true);
}

/**
 * Holds back what `pattern` matches until the returned function is called (an earlier hold on the
 * same pattern is replaced).
 */
export async function holdRoute(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.unroute(pattern);
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds back the app's code on the page's next load, so the prerendered page stands without it;
 * returns what lets it through.
 */
export function holdAppCode(page: Page): Promise<() => void> {
  return holdRoute(page, '**/assets/main-*.js');
}

/**
 * Signs in as `email` through the login page and waits for the assets page, whoever was signed in
 * before (the login page passes a signed-in user on).
 */
export async function login(page: Page, baseUrl: string, email: string, password = 'demo1234') {
  await page.context().clearCookies({ name: 'sid' });
  // From a new document: a page whose session has just ended sends its reader to the login page with
  // the way back, and loading the address it is already at would keep that (a reload keeps history
  // state), so the sign-in would lead back there.
  await page.goto('about:blank');
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').first().fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/apiw/v2/auth/login'));
  await page.getByRole('button', { name: 'Log in' }).last().click();
  expect((await answer).status()).toBe(200);
  await page.waitForURL('**/assets');
}

/** Answers the fund-password prompt (in `within` when the page is embedded in a frame). */
export async function enterFundPassword(page: Page, pin: string, within: Page | FrameLocator = page) {
  // The prompt opens with the cursor in its first box: the user just types.
  const first = within.getByRole('group', { name: 'Fund password' }).locator('input').first();
  await first.waitFor();
  await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(pin);
  await within
    .getByRole('dialog', { name: 'Enter your fund password' })
    .getByRole('button', { name: 'Confirm' })
    .click();
}
