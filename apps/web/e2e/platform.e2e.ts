import { Decimal, formatFixed } from '@earn/domain';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2E,
  EXCHANGE_URL,
  enterFundPassword,
  expectText,
  holdAppCode,
  holdRoute,
  login,
  startE2E,
  watchErrors,
} from './support.js';

let e2e: E2E;

/** Opens USDT's subscribe form on /simple-earn, types `amount` and confirms: returns the fund-password prompt, open. */
async function subscribeUpToPrompt(page: Page, amount: string) {
  await page.getByTestId('subscribe-USDT').click();
  await page.getByTestId('subscribe-amount').fill(amount);
  await page.getByTestId('subscribe-confirm').click();
  const prompt = page.getByRole('dialog', { name: 'Enter your fund password' });
  await prompt.waitFor();
  return prompt;
}

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('platform journey in Chromium', () => {
  it('registers, sets a fund password, logs in, sees balances, transfers with the prompt, toggles a notification, switches to Chinese, logs out', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // A guest lands on /login; registers through the modal.
    await page.goto(`${e2e.baseUrl}/assets`);
    await page.waitForURL('**/login');
    // An action that needs an account (the notification bell) opens the registration modal.
    await page.getByRole('button', { name: 'Subscribe to notifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByLabel('Email').fill('journey@example.com');
    await dialog.getByLabel('Password').first().fill('amber-kettle-71');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expectText(page, 'Welcome, journey@example.com');
    // Registered on the login page: on to the page that sent the guest there, as a login does, and
    // what the guest asked for opens.
    await page.waitForURL('**/assets');
    await page.getByRole('dialog', { name: 'Subscribe to notifications' }).waitFor();

    // Sets a fund password on the security page.
    await page.goto(`${e2e.baseUrl}/settings/security`);
    await expectText(page, 'You have not set a fund password yet.');
    await page.getByRole('group', { name: 'New fund password' }).locator('input').first().pressSequentially('246810');
    await page
      .getByRole('group', { name: 'Repeat the fund password' })
      .locator('input')
      .first()
      .pressSequentially('246810');
    // A double click sends it once (each try at a fund password counts toward its lockout).
    const sent: string[] = [];
    page.on('request', (r) => r.url().endsWith('/account/fundpass') && sent.push(r.method()));
    await page.getByRole('button', { name: 'Set fund password' }).dblclick();
    await expectText(page, 'Fund password saved');
    await expectText(page, 'Your fund password is set.');
    expect(sent).toEqual(['POST']);

    // Logs out, and back in. Signed out, the page asks for nothing of the user's (it would be refused).
    const refused: string[] = [];
    const onResponse = (r: Response) => {
      if (r.status() === 401) refused.push(r.url());
    };
    page.on('response', onResponse);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await e2e.admin('/admin/v1/deposit', { email: 'journey@example.com', coin: 'USDT', amount: '500', wallet: 'spot' });
    await e2e.admin('/admin/v1/deposit', { email: 'journey@example.com', coin: 'BTC', amount: '0.25', wallet: 'spot' });
    await page.getByLabel('Email').fill('journey@example.com');
    await page.getByLabel('Password').first().fill('amber-kettle-71');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL('**/assets');
    page.off('response', onResponse);
    expect(refused).toEqual([]);
    // Signed in, the login page passes them on.
    await page.goto(`${e2e.baseUrl}/login`);
    await page.waitForURL('**/assets');

    // Sees balances valued in USDT.
    await expect.poll(() => page.getByTestId('spot-USDT').textContent()).toBe('500');
    expect(await page.getByTestId('spot-BTC').textContent()).toBe('0.25');
    expect(await page.getByTestId('total-value').textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2} USDT$/);
    // The total is the sum of the rows' values as shown, to the cent.
    await page.getByLabel('Hide zero balances').check();
    const values = await page.locator('[data-testid^="value-"]').allTextContents();
    const sum = values.reduce((acc, v) => acc.plus(v.replaceAll(',', '')), new Decimal(0));
    expect(await page.getByTestId('total-value').textContent()).toBe(`${formatFixed(sum, 2)} USDT`);
    await page.getByLabel('Hide zero balances').uncheck();

    // Transfers 120 USDT to unified: the fund-password prompt appears; a wrong one is refused, the right one moves it.
    await page.getByTestId('transfer-USDT').click();
    await page.getByTestId('transfer-amount').fill('120');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectText(page, 'Enter your fund password');
    await enterFundPassword(page, '111111');
    await expectText(page, 'Fund password is incorrect; tries left: 4 (wrong tries count for 15 minutes)');
    await enterFundPassword(page, '246810');
    await expectText(page, 'Transferred 120 USDT');
    await expect.poll(() => page.getByTestId('spot-USDT').textContent()).toBe('380');
    expect(await page.getByTestId('unified-USDT').textContent()).toBe('120');

    // Changes only how often the fund password is asked: the current one, and the new left empty.
    await page.goto(`${e2e.baseUrl}/settings/security`);
    await page
      .getByRole('group', { name: 'Current fund password' })
      .locator('input')
      .first()
      .pressSequentially('246810');
    await page.getByRole('radio', { name: 'Once every 2 hours' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page, 'Fund password saved');
    await page.reload();
    await expect.poll(() => page.getByRole('radio', { name: 'Once every 2 hours' }).isChecked()).toBe(true);
    await page.goto(`${e2e.baseUrl}/assets`);

    // Add funds lists the four entries for a regular desktop user.
    await page.getByTestId('add-funds-BTC').click();
    for (const entry of ['deposit', 'express_buy', 'transfer', 'spot_trade']) {
      await page.getByTestId(`add-funds-${entry}`).waitFor();
    }
    await page.keyboard.press('Escape');

    // Toggles the Launchpool notification.
    await page.getByRole('button', { name: 'Subscribe to notifications' }).click();
    const launchpool = page.getByRole('switch', { name: 'Launchpool' });
    await launchpool.waitFor();
    expect(await launchpool.isChecked()).toBe(false);
    // The switch's input is visually hidden; a user clicks its visible track.
    await page.locator(`label[for="${await launchpool.getAttribute('id')}"]`).click();
    await expectText(page, 'Subscribed. We will notify you about new events.');
    await expect.poll(() => launchpool.isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The toast shows under the header, and nothing of the toasts' covers the rest of the page.
    const toasts = page.locator('.mantine-Notifications-root[data-position="top-center"]');
    expect((await toasts.boundingBox())?.y).toBeGreaterThanOrEqual(
      (await page.getByRole('banner').boundingBox())?.height ?? 0,
    );
    const covering = await page.evaluate(() =>
      [0.1, 0.5, 0.9].map((x) =>
        document.elementFromPoint(innerWidth * x, innerHeight - 4)?.closest('.mantine-Notifications-root'),
      ),
    );
    expect(covering).toEqual([null, null, null]);

    // Switches to Chinese: texts and number formats follow.
    await page.getByText('中文').click();
    await expectText(page, '资产');
    await expectText(page, '估值');
    // The choice is kept: a reload comes back in Chinese (its dictionary is fetched before the first paint).
    await page.reload();
    await expectText(page, '估值');

    // Logs out.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    await expectText(page, '登录理财');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws a guest's first page before its code runs, in their language, and takes it over as it is", async () => {
    // Without JavaScript the page is there, in the browser's language.
    const still = await e2e.browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const bare = await still.newPage();
    await bare.goto(`${e2e.baseUrl}/launchpool`);
    expect(await bare.locator('html').getAttribute('lang')).toBe('zh-CN');
    await expectText(bare, '质押币种，每小时赚取新币');
    // Its tab is titled for the page, in that language, and so is a page the app draws alone.
    expect(await bare.title()).toBe('Launchpool 挖矿 | 理财');
    await bare.goto(`${e2e.baseUrl}/login`);
    expect(await bare.title()).toBe('登录 | 理财');
    // As is a coin's staking page; an address with no page is answered 404, titled as such.
    await bare.goto(`${e2e.baseUrl}/staking/ETH`);
    expect(await bare.title()).toBe('链上质押 | 理财');
    const missing = await bare.goto(`${e2e.baseUrl}/simple-earn/nowhere`);
    expect(missing?.status()).toBe(404);
    expect(await bare.title()).toBe('页面不存在 | 理财');
    expect((await bare.goto(`${e2e.baseUrl}/simple-earn/faq`))?.status()).toBe(200);
    await still.close();

    // On a phone, with the app's code held back a moment: the drawn page becomes the app without
    // being drawn again (the marked element stays), turns to the phone's layout and answers clicks.
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    let release = await holdAppCode(page);
    await page.goto(`${e2e.baseUrl}/simple-earn`, { waitUntil: 'commit' });
    const subtitle = page.getByText('Lend idle coins and earn interest every hour');
    await subtitle.waitFor();
    await subtitle.evaluate((el) => el.setAttribute('data-drawn-first', ''));
    // Text typed before the app runs is what it then searches for.
    const search = page.getByPlaceholder('Search coin');
    await search.fill('BT');
    release();
    await page.getByTestId('market-BTC').waitFor();
    await expect.poll(() => page.getByTestId('market-USDT').count()).toBe(0);
    expect(await search.inputValue()).toBe('BT');
    expect(await page.locator('[data-drawn-first]').count()).toBe(1);
    expect(await page.title()).toBe('Simple Earn | Earn');
    await page.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL('**/simple-earn/faq');
    // The tab's title follows the page.
    await expect.poll(() => page.title()).toBe('FAQ | Earn');

    // A button clicked before the app runs is answered once it does: a guest is asked to register.
    release = await holdAppCode(page);
    await page.goto(`${e2e.baseUrl}/soft-staking`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('soft-staking-activate').click();
    release();
    await page.getByText('Create your account').waitFor();

    // A reader whose chosen language differs from the page sent gets the app drawn in theirs, with
    // what they typed meanwhile, and their next page comes in it.
    await page.evaluate(() => localStorage.setItem('earn.locale', 'zh-CN'));
    await context.addCookies([{ name: 'earn_locale', value: 'en', url: e2e.baseUrl }]);
    release = await holdAppCode(page);
    await page.goto(`${e2e.baseUrl}/simple-earn`, { waitUntil: 'domcontentloaded' });
    await page.getByPlaceholder('Search coin').fill('ET');
    release();
    await expectText(page, '出借闲置资产，每小时赚取利息');
    await page.getByTestId('market-ETH').waitFor();
    await expect.poll(() => page.getByTestId('market-BTC').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('余币宝 | 理财');
    const next = await page.goto(`${e2e.baseUrl}/simple-earn`);
    expect(await next?.text()).toContain('data-locale="zh-CN"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a phone that says so the page laid out for a phone, and takes it over without drawing it again', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      locale: 'en-US',
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const release = await holdAppCode(page);
    const sent = await page.goto(`${e2e.baseUrl}/launchpool`, { waitUntil: 'domcontentloaded' });
    expect(await sent?.text()).toContain('data-layout="phone"');
    // Before the app runs, the header is the phone's: a menu button where the desktop has links.
    const header = page.getByRole('banner');
    expect(await header.getByRole('button', { name: 'menu' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Launchpool' }).isVisible()).toBe(false);
    await header.evaluate((el) => el.setAttribute('data-drawn-first', ''));
    release();
    await page.getByTestId('stake-LPX-GT').waitFor();
    // Taken over as sent: the marked element stays, nothing was redrawn for a mismatch (React's
    // error 418 would be reported), and the phone's menu, holding what the desktop header shows
    // beside it, is the app's.
    expect(await page.locator('[data-drawn-first]').count()).toBe(1);
    await page.getByRole('button', { name: 'menu' }).click();
    await page.getByRole('navigation').getByText('Subscribe to notifications').click();
    await page.getByText('Create your account').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("closes the header's menu on any change of page, on Escape and at the wide header's width", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const burger = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('market-USDT').waitFor();
    await page.goto(`${e2e.baseUrl}/launchpool`);
    await page.getByTestId('stake-LPX-GT').waitFor();
    // The keyboard's first stop skips the header: it takes the reader to the page.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    await burger.click();
    await menu.waitFor();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    // The page under the menu does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // A toast shown meanwhile (Chinese cannot be fetched) leaves the menu's items free: it is at the bottom.
    await page.route(/\/assets\/zh-CN-[\w-]{8}\.js$/, (route) => route.abort());
    await menu.getByText('中文').click();
    const toast = page.locator('.mantine-Notification-root');
    await toast.waitFor();
    expect((await toast.boundingBox())?.y).toBeGreaterThan(844 / 2);
    await page.unroute(/\/assets\/zh-CN-[\w-]{8}\.js$/);
    await toast.getByRole('button').click();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    // It covers the page: Back closes it and stays, as it closes a dialog; the next Back leaves.
    await burger.click();
    await menu.waitFor();
    await page.goBack();
    await menu.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/launchpool');
    await page.goBack();
    await page.waitForURL('**/simple-earn');
    // Coming forward again to the page it was open on, it stays closed.
    await page.goForward();
    await page.waitForURL('**/launchpool');
    await page.getByTestId('stake-LPX-GT').waitFor();
    expect(await menu.count()).toBe(0);

    await burger.click();
    // The logo leads to the earn area's first page, a guest's too (not to the assets, which ask to log in).
    await page.getByRole('banner').getByRole('link', { name: 'Earn' }).click();
    await page.waitForURL('**/simple-earn');
    await menu.waitFor({ state: 'detached' });

    await burger.click();
    await page.setViewportSize({ width: 1280, height: 844 });
    await menu.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await menu.count()).toBe(0);

    // Nothing of the page under the menu takes a tap or the focus: a phone's stake form keeps its
    // button in a bar fixed at the bottom of the screen.
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/launchpool/stake?pid=1&rid=1`);
    const stakeBar = page.getByTestId('stake-bottom-bar');
    await stakeBar.waitFor();
    await burger.click();
    const created: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('create-order')) created.push(r.url());
    });
    const bar = await stakeBar.boundingBox();
    if (!bar) throw new Error('no stake bar');
    await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height / 2);
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') ?? null)).toBeNull();
    expect(created).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await burger.evaluate((el) => el === document.activeElement)).toBe(true);

    // At a tablet's width the header keeps to one row: the products are in the menu.
    await page.setViewportSize({ width: 800, height: 844 });
    expect(await burger.isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Launchpool' }).isVisible()).toBe(false);
    await burger.click();
    await menu.getByRole('link', { name: 'Launchpool' }).click();
    await page.getByTestId('stake-LPX-GT').waitFor();
    expect(await menu.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a choice made before even the first script ran', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const release = await holdRoute(page, '**/assets/index-*.js');
    // The page is drawn while its first script is still on its way (it would hold DOMContentLoaded).
    await page.goto(`${e2e.baseUrl}/launchpool`, { waitUntil: 'commit' });
    await page.getByRole('banner').getByText('中文').click();
    release();
    await expectText(page, '质押币种，每小时赚取新币');
    expect(await page.getByRole('banner').getByRole('radio', { name: '中文' }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a choice or a list opened before the app runs: the language switch, a select', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    let release = await holdAppCode(page);
    await page.goto(`${e2e.baseUrl}/launchpool`, { waitUntil: 'domcontentloaded' });
    // Every click counts, in order: a tab, then the language.
    await page.getByRole('tab', { name: 'Completed' }).click();
    await page.getByRole('banner').getByText('中文').click();
    // Not shown as chosen while the app, taking the page over, would still hold English.
    expect(await page.getByRole('banner').getByRole('radio', { name: 'EN' }).isChecked()).toBe(true);
    release();
    await expectText(page, '质押币种，每小时赚取新币');
    await expect.poll(() => page.getByRole('tab', { name: '已结束' }).getAttribute('aria-selected')).toBe('true');

    release = await holdAppCode(page);
    await page.goto(`${e2e.baseUrl}/staking`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('staking-filter').click();
    release();
    await page.getByRole('option', { name: '有额外奖励' }).waitFor();
    // The language changed only once React had the whole page: no part of it was taken over in the
    // wrong language (React's error 418).
    expect(errors).toEqual([]);

    // The app's code cannot be fetched: the page says so, in its language, and offers to try again.
    await page.route('**/assets/main-*.js', (route) => route.abort());
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    const failed = page.getByRole('alert').filter({ hasText: '页面未能加载' });
    await failed.waitFor();
    await page.unroute('**/assets/main-*.js');
    await failed.getByRole('button', { name: '重新加载' }).click();
    await page.getByTestId('market-USDT').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it("fetches the reader's language's dictionary alone, and says so when none can be fetched", async () => {
    const dictionary = /\/assets\/(en|zh-CN)-[\w-]{8}\.js$/;
    for (const [locale, own, other] of [
      ['zh-CN', 'zh-CN', 'en'],
      ['en-US', 'en', 'zh-CN'],
    ] as const) {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 }, locale });
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (r) => {
        const match = dictionary.exec(new URL(r.url()).pathname);
        if (match?.[1]) fetched.push(match[1]);
      });
      await page.goto(`${e2e.baseUrl}/simple-earn`);
      await page.getByTestId('market-USDT').waitFor();
      expect(fetched).toContain(own);
      expect(fetched).not.toContain(other);
      await context.close();
    }

    // The language chosen last wins, though it is the one shown while the other's dictionary comes.
    {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
      const page = await context.newPage();
      await page.goto(`${e2e.baseUrl}/simple-earn`);
      await page.getByTestId('market-USDT').waitFor();
      const release = await holdRoute(page, /\/assets\/zh-CN-[\w-]{8}\.js$/);
      const header = page.getByRole('banner');
      await header.getByText('中文').click();
      expect(await header.getByRole('radio', { name: '中文' }).isChecked()).toBe(true);
      await header.getByText('EN').click();
      release();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('earn.locale'))).toBe('en');
      await page.waitForTimeout(500);
      expect(await page.getByRole('heading', { name: 'Simple Earn', exact: true }).count()).toBe(1);
      expect(await header.getByRole('radio', { name: 'EN' }).isChecked()).toBe(true);
      await context.close();
    }

    // The reader's dictionary cannot be fetched: the page is drawn anew in English (not taken over in
    // a language it was not sent in), and a toast says so in theirs.
    {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-CN' });
      const page = await context.newPage();
      const errors = watchErrors(page);
      page.on('console', (m) => m.type() === 'error' && m.text().includes('React') && errors.push(m.text()));
      await page.route(/\/assets\/zh-CN-[\w-]{8}\.js$/, (route) => route.abort());
      await page.goto(`${e2e.baseUrl}/simple-earn`);
      const missing = page.getByRole('alert').filter({ hasText: '中文内容未能加载，暂以英文显示。' });
      await missing.waitFor();
      await page.getByRole('heading', { name: 'Simple Earn', exact: true }).waitFor();
      await page.getByTestId('market-USDT').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      // Said under the header, which stays usable.
      const header = await page.getByRole('banner').boundingBox();
      expect((await missing.boundingBox())?.y).toBeGreaterThanOrEqual(header?.height ?? 0);
      await missing.getByRole('button', { name: '关闭' }).click();
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      // Its choice is kept: Chinese comes on the next visit that can fetch it.
      await page.unroute(/\/assets\/zh-CN-[\w-]{8}\.js$/);
      await page.reload();
      await page.getByRole('heading', { name: '余币宝', exact: true }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }

    // Neither the reader's dictionary nor English can be fetched: the page says so, in its language.
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.route(dictionary, (route) => route.abort());
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByRole('alert').filter({ hasText: '页面未能加载' }).waitFor();
    await context.close();
  });

  it('keeps every tab on the one session: a sign-out and a login in one tab show in the others', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const first = await context.newPage();
    // The first tab has read what its page shows before the other tab signs out: a read still on
    // its way then is refused, whatever the tab does.
    const read = (path: string) => first.waitForResponse((r) => new URL(r.url()).pathname === path && r.ok());
    const settled = Promise.all([read('/apiw/v2/inbox'), read('/apiw/v2/account/balances')]);
    await login(first, e2e.baseUrl, 'new@example.com');
    await settled;
    const account = first.getByTestId('account-menu');
    const before = await account.textContent();
    const second = await context.newPage();
    await second.goto(`${e2e.baseUrl}/assets`);
    const refused: string[] = [];
    first.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url());
    });
    await second.getByTestId('account-menu').click();
    await second.getByRole('menuitem', { name: 'Log out' }).click();
    await second.waitForURL('**/login');
    // The first tab follows without a reload: signed out, its header has no account, and it asks
    // for nothing of the user's (it would be refused).
    await expect.poll(() => account.count()).toBe(0);
    await first.waitForURL('**/login');
    // A guest there opens the registration dialog; a login in the other tab closes it.
    await first.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
    const registering = first.getByText('Create your account');
    await registering.waitFor();
    await second.getByLabel('Email').fill('vip@example.com');
    await second.getByLabel('Password').first().fill('demo1234');
    await second.getByRole('button', { name: 'Log in' }).last().click();
    await second.waitForURL('**/assets');
    // And signed in again, its header is the new user's.
    await expect.poll(() => account.textContent()).not.toBe(before);
    expect(await account.textContent()).toBe(await second.getByTestId('account-menu').textContent());
    await registering.waitFor({ state: 'detached' });
    expect(refused).toEqual([]);
    await context.close();
  });

  it('drops what a user who has left had open, a dialog and its fund-password prompt, so nothing acts as the next user', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const first = await context.newPage();
    await login(first, e2e.baseUrl, 'new@example.com');
    await first.goto(`${e2e.baseUrl}/simple-earn`);
    const prompt = await subscribeUpToPrompt(first, '5');
    const subscribes: string[] = [];
    first.on(
      'request',
      (r) => r.method() === 'POST' && r.url().includes('/earn/subscribe') && subscribes.push(r.url()),
    );
    // In another tab the user signs out and another signs in.
    const second = await context.newPage();
    await second.goto(`${e2e.baseUrl}/assets`);
    await second.getByTestId('account-menu').click();
    await second.getByRole('menuitem', { name: 'Log out' }).click();
    await second.waitForURL('**/login');
    await second.getByLabel('Email').fill('vip@example.com');
    await second.getByLabel('Password').first().fill('demo1234');
    await second.getByRole('button', { name: 'Log in' }).last().click();
    await second.waitForURL('**/assets');
    await expect.poll(() => first.getByTestId('account-menu').textContent()).toBe('vip');
    // It says why the page changed under the user: the logout, or the new user where it read the
    // session once both had happened.
    await first
      .getByText(
        /^(You logged out in another tab: log in again to continue|Now signed in as vip@example\.com, as in your other tab)$/,
      )
      .first()
      .waitFor();
    // The first tab shows the new user with neither the prompt nor the subscription dialog left open.
    await prompt.waitFor({ state: 'detached' });
    expect(await first.getByTestId('subscribe-amount').count()).toBe(0);
    expect(await first.getByRole('dialog').count()).toBe(0);
    expect(subscribes).toEqual([]);
    await context.close();
  });

  it('closes the top-most dialog on Back and stays on the page; a dialog closed otherwise leaves no step behind', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/launchpool`);
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    const path = () => new URL(page.url()).pathname;
    // A sheet with its fund-password prompt over it: Back closes the prompt alone, the sheet keeps what was typed.
    const prompt = await subscribeUpToPrompt(page, '5');
    await page.goBack();
    await prompt.waitFor({ state: 'detached' });
    expect(await page.getByTestId('subscribe-amount').inputValue()).toBe('5');
    await page.goBack();
    await page.getByTestId('subscribe-amount').waitFor({ state: 'detached' });
    expect(path()).toBe('/simple-earn');
    // Closed by its button, the sheet takes its step back with it: Back then leaves the page.
    await page.getByTestId('subscribe-USDT').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('subscribe-amount').waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL('**/launchpool');
    // On a phone the header's menu and the inbox cover the page: Back closes them too.
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    await page.goBack();
    await menu.waitFor({ state: 'hidden' });
    await page.getByTestId('inbox').click();
    await page.getByText('Mark all read').or(page.getByText('No messages yet')).waitFor();
    await page.goBack();
    await page.getByText('No messages yet').or(page.getByText('Mark all read')).waitFor({ state: 'hidden' });
    expect(path()).toBe('/simple-earn');
    // A link followed from the menu: Back passes over the menu's entry, and Forward over it again.
    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Launchpool' }).click();
    await page.waitForURL('**/launchpool');
    // The menu's entry is on /simple-earn too: passed over once history.state names no dialog.
    const passedOver = () => page.waitForFunction(() => !window.history.state?.earnDialog);
    await page.goBack();
    await page.waitForURL('**/simple-earn');
    await passedOver();
    await page.goForward();
    await page.waitForURL('**/launchpool');
    await page.goBack();
    await page.waitForURL('**/simple-earn');
    await passedOver();
    await page.goBack();
    await page.waitForURL('**/launchpool');
    // A stake link opens its form once: Back closes it on the hub, and Forward does not bring it back.
    await page.goto(`${e2e.baseUrl}/staking/ETH?pid=1`);
    await page.getByTestId('staking-amount').waitFor();
    expect(path()).toBe('/staking');
    await page.goBack();
    await page.getByTestId('staking-amount').waitFor({ state: 'detached' });
    expect(path()).toBe('/staking');
    await page.goForward();
    await page.getByTestId('stake-ETH-1').waitFor();
    expect(await page.getByTestId('staking-amount').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a dialog open on Back while its money call is on its way, and leaves no dead Back after Forward or a reload', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/launchpool`);
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    // Back while the subscription is on its way: the form stays and shows what came of it.
    await subscribeUpToPrompt(page, '5');
    const release = await holdRoute(page, '**/uni-loan/earn/subscribe');
    await enterFundPassword(page, '123456');
    await page.goBack();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('subscribe-amount').inputValue()).toBe('5');
    release();
    await expect.poll(() => page.getByTestId('success-amount').textContent()).toBe('5 USDT');
    await page.goBack();
    await page.getByTestId('success-amount').waitFor({ state: 'detached' });
    // Forward onto the prompt Back closed changes nothing: the form keeps what was typed.
    const prompt = await subscribeUpToPrompt(page, '6');
    await page.goBack();
    await prompt.waitFor({ state: 'detached' });
    await page.goForward();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('subscribe-amount').inputValue()).toBe('6');
    await page.goBack();
    await page.getByTestId('subscribe-amount').waitFor({ state: 'detached' });
    // Reloaded with a dialog open, the page starts beneath it: one Back leaves.
    await page.getByTestId('subscribe-USDT').click();
    await page.getByTestId('subscribe-amount').waitFor();
    await page.reload();
    await page.getByTestId('subscribe-USDT').waitFor();
    await page.goBack();
    await page.waitForURL('**/launchpool');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('turns to the guest when a read is refused because the session ended unheard, and brings the user back after login', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.getByTestId('account-menu').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Simple Earn' }).click();
    await page.waitForURL('**/simple-earn');
    // The session ends where no tab hears it (as when it expires): the next read of the user's is refused.
    await context.clearCookies({ name: 'sid' });
    await page.getByRole('banner').getByRole('link', { name: 'Assets' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByTestId('account-menu').count()).toBe(0);
    await page.getByText('Your session has ended: log in again to continue').waitFor();
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password').first().fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL('**/assets');
    await page.getByTestId('total-value').waitFor();
    await context.close();
  });

  it('shows a US user no express buy and no transfer', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'us@example.com');
    await page.getByTestId('add-funds-BTC').click();
    await page.getByTestId('add-funds-deposit').waitFor();
    expect(await page.getByTestId('add-funds-express_buy').count()).toBe(0);
    expect(await page.getByTestId('add-funds-transfer').count()).toBe(0);
    expect(await page.getByTestId('add-funds-spot_trade').count()).toBe(1);
    // Deposit and trade are the exchange's own pages, not routes of this app.
    expect(await page.getByTestId('add-funds-deposit').getAttribute('href')).toBe(
      `${EXCHANGE_URL}/myaccount/deposit/BTC`,
    );
    expect(await page.getByTestId('add-funds-spot_trade').getAttribute('href')).toBe(`${EXCHANGE_URL}/trade/BTC_USDT`);
    expect(await page.getByTestId('transfer-BTC').count()).toBe(0);
    await context.close();
  });

  it('serves every tab of a browser, however many, and tells each when an hour settles', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const read = (page: Page) =>
      page.waitForResponse((r) => /^\/apiw\/v2\/(?!earn\/events)/.test(new URL(r.url()).pathname) && r.ok());
    // More tabs than the six connections a browser opens to one server: one stream serves them all.
    const pages: Page[] = [];
    for (let i = 0; i < 8; i++) {
      const page = await context.newPage();
      const data = read(page);
      await page.goto(`${e2e.baseUrl}/simple-earn`);
      await data;
      await page.getByTestId('market-USDT').waitFor();
      pages.push(page);
    }
    // Whichever tab listens, the others are told: each reads its page again.
    const again = pages.map(read);
    await e2e.admin('/admin/v1/clock/advance', { hours: 1 });
    await Promise.all(again);
    await context.close();
  });

  it('lets the operator move the manual clock a day from the browser', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'admin@example.com');
    await page.goto(`${e2e.baseUrl}/operator/clock`);
    const now = page.getByTestId('clock-now');
    await expect.poll(() => now.textContent()).not.toBe('--');
    const before = await now.textContent();
    await page.getByRole('button', { name: '+1 day' }).click();
    // A day settles 24 hours of every engine before the answer: 5 to 7 s alone, over 15 s beside other journeys.
    await expectText(page, /Moved 24 hours; \d+ job periods settled/, 60_000);
    await expect.poll(() => now.textContent()).not.toBe(before);
    // A double click moves the clock once: the other steps wait, and the server takes one move at a time.
    const clockMs = async () =>
      ((await e2e.admin('/admin/v1/clock', undefined, 'GET')) as { data: { now_ms: number } }).data.now_ms;
    const start = await clockMs();
    await page.getByRole('button', { name: '+1 hour' }).dblclick();
    await expectText(page, /Moved 1 hour; \d+ job periods settled/);
    expect(await clockMs()).toBe(start + 3_600_000);
    await context.close();
  });
});
