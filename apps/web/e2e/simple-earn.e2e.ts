import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2E,
  enterFundPassword,
  escapeDialog,
  expectText,
  login,
  smallTapTargets,
  startE2E,
  watchErrors,
} from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('Simple Earn flexible in Chromium', () => {
  it('subscribes from the home page, earns hourly, shows the APR chart, edits the minimum APR, redeems, sweeps with auto-earn, filters history', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await e2e.admin('/admin/v1/users/settings', { email: 'demo@example.com', mode: 'classic' });
    await login(page, e2e.baseUrl, 'demo@example.com');

    // Subscribe 1000 USDT from the home page; the fund password is asked for.
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    // The headline APR is the market rate; bonuses show as 'Up to', the same on every screen.
    const homeApr = (await page.getByTestId('apr-USDT').first().textContent()) ?? '';
    expect(homeApr).toMatch(/^\d+\.\d{2}%$/);
    await expectText(page, /Up to \d+\.\d{2}%/);
    // Each row's button is named with its coin, for a screen reader's list of buttons.
    expect(await page.getByRole('button', { name: 'Subscribe GT', exact: true }).count()).toBe(1);
    await page.getByTestId('subscribe-USDT').click();
    await page.getByTestId('subscribe-amount').fill('0.5');
    await expectText(page, 'The minimum subscription is 1 USDT');
    await page.getByTestId('subscribe-amount').fill('1000');
    expect(await page.getByTestId('estimated-daily').textContent()).toMatch(/ USDT$/);
    // The ladder's first tier (3% on up to 1,000 USDT) is all this amount's: 1,000 x 3% / 365.
    expect(await page.getByTestId('estimated-ladder').textContent()).toBe('0.08219178 USDT');
    // USDT's award pool pays in GT: its estimate is in GT, once the prices are here.
    await expect.poll(() => page.getByTestId('estimated-award').textContent()).toMatch(/^0\.\d+ GT$/);
    await page.getByTestId('subscribe-confirm').click();
    await enterFundPassword(page, '123456');
    await expect.poll(() => page.getByTestId('success-amount').textContent()).toBe('1,000 USDT');
    await page.getByRole('link', { name: 'View holdings' }).click();
    await page.waitForURL('**/simple-earn/my-lendings?tab=flexible');
    await expect.poll(() => page.getByTestId('principal-USDT').textContent()).toBe('1,000');
    expect(await page.getByTestId('apr-USDT').first().textContent()).toBe(homeApr);

    // Three hours pass: interest arrives every hour and compounds, on the open page, without a reload.
    await e2e.admin('/admin/v1/clock/advance', { hours: 3 });
    await expect
      .poll(async () => Number((await page.getByTestId('cumulative-USDT').textContent())?.replace(/,/g, '')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);

    // Bonuses are paid on the whole holding: a second subscription's estimate is what it adds on top
    // of the 1,000 held, which fill the ladder's first tier already.
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('subscribe-USDT').click();
    await page.getByTestId('subscribe-amount').fill('100');
    await expect.poll(() => page.getByTestId('estimated-ladder').textContent()).toBe('0 USDT');
    expect(await page.getByTestId('bonus-on-top').textContent()).toMatch(
      /^Bonuses count the 1,000\.\d+ USDT you hold first$/,
    );
    await expect.poll(() => page.getByTestId('estimated-award').textContent()).toMatch(/^0\.\d+ GT$/);
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings?tab=flexible`);

    // The detail: APR chart, minimum APR edit, last 24 hours of lending.
    await page.getByRole('link', { name: 'USDT' }).first().click();
    await page.waitForURL('**/simple-earn/my-lendings/*');
    await page.getByTestId('open-apr-chart').click();
    await page.getByTestId('apr-chart').waitFor();
    // The APR detail's second tab edits the minimum APR in place.
    await page.getByTestId('apr-detail-min-tab').click();
    await page.getByTestId('min-apr-input').waitFor();
    await page.keyboard.press('Escape');
    // Subscribing again shows the holding's minimum, marked while it is the system default.
    await page.getByTestId('detail-subscribe').click();
    await page.getByTestId('min-apr-default').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('edit-min-apr').waitFor({ state: 'detached' });
    await page.getByTestId('detail-edit-min-apr').click();
    await page.getByTestId('min-apr-input').fill('6');
    await expectText(page, 'The minimum APR can be at most 5%');
    await page.getByTestId('min-apr-input').fill('2.5');
    await page.getByTestId('min-apr-simulation').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectText(page, 'Modified');
    await expect.poll(() => page.getByTestId('detail-min-apr').textContent()).toBe('2.50%');
    // Subscribing again keeps it, and says so.
    await page.getByTestId('detail-subscribe').click();
    await expect.poll(() => page.getByTestId('edit-min-apr').textContent()).toBe('2.50%');
    expect(await page.getByTestId('min-apr-default').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('edit-min-apr').waitFor({ state: 'detached' });
    expect(await page.getByTestId('lend-hours').locator('tbody tr').count()).toBeGreaterThan(0);

    // Redeem part.
    await page.getByTestId('detail-redeem').click();
    await page.getByTestId('redeem-amount').fill('999999');
    const redeemable = (await page.getByTestId('redeemable').textContent())?.replace(/[, A-Z]/g, '') ?? '';
    // The redeemable is shown as the field takes it, to 8 places: what the field is capped at.
    expect(await page.getByTestId('redeem-amount').inputValue()).toBe(redeemable);
    await page.getByTestId('redeem-amount').fill('250');
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, /250 USDT|arrives at/);

    // An address without its coin shows no holding, not the first one.
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings/99999`);
    await expectText(page, 'This link names no coin.');
    expect(await page.getByTestId('detail-redeem').count()).toBe(0);
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings/1?asset=DOGE`);
    await expectText(page, 'You hold no DOGE in flexible Simple Earn.');
    // A fixed order's address with an id no row can have, or another's, says so, with the way back.
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings/2147483648?orderType=fixed&order_id=2147483648`);
    await expectText(page, 'This link names no order.');
    // Two different ids name no order either.
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings/2?orderType=fixed&order_id=3`);
    await expectText(page, 'This link names no order.');
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings/2147483647?orderType=fixed&order_id=2147483647`);
    await expectText(page, 'You have no fixed-term order 2147483647.');
    await page.getByRole('link', { name: 'My holdings' }).click();
    await page.waitForURL('**/simple-earn/my-lendings?tab=fixed');

    // Switch auto-earn on for SOL; its idle balance is swept after the next hour.
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('auto-earn-setup').click();
    const solSwitch = page.getByRole('switch', { name: 'Auto-earn SOL' });
    // The dialog's own search box (its code may still be arriving when the button is clicked).
    await page.getByRole('dialog').getByPlaceholder('Search coin').fill(' sol ');
    await solSwitch.waitFor({ state: 'attached' });
    await page.locator(`label[for="${await solSwitch.getAttribute('id')}"]`).click();
    await page.getByTestId('auto-earn-confirm').click();
    await expectText(page, 'Enabled successfully');
    await page.keyboard.press('Escape');
    await page.getByTestId('auto-earn-enabling').waitFor();
    await e2e.admin('/admin/v1/clock/advance', { hours: 1 });
    await page.goto(`${e2e.baseUrl}/assets`);
    await expect.poll(() => page.getByTestId('spot-SOL').count()).toBe(0);
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings?tab=flexible`);
    await expect.poll(() => page.getByTestId('principal-SOL').textContent()).toBe('60');

    // Redeem 20 SOL with auto-earn left on: the 20 stays in spot after the next hour.
    await page.getByTestId('redeem-SOL').click();
    await expect.poll(() => page.getByTestId('redeem-auto-earn').isChecked()).toBe(true);
    await page.getByTestId('redeem-amount').fill('20');
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, /20 SOL/);
    await e2e.admin('/admin/v1/clock/advance', { hours: 1 });
    await page.goto(`${e2e.baseUrl}/assets`);
    await expect.poll(() => page.getByTestId('spot-SOL').textContent()).toMatch(/^20(\.0+)?$/);
    // Redeem again with the box unticked: auto-earn goes off for SOL.
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings?tab=flexible`);
    await page.getByTestId('redeem-SOL').click();
    await page.getByTestId('redeem-amount').fill('5');
    await page.getByTestId('redeem-auto-earn').uncheck();
    await expectText(page, 'Auto-earn will be turned off for this coin.');
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, /5 SOL/);
    // The redeem dialog is open while another tab redeems most of the SOL: its refusal says the new
    // maximum before any fund-password prompt (it would be refused anyway), and the dialog shows the
    // new redeemable without being opened again.
    await page.getByTestId('redeem-SOL').click();
    // Auto-earn is off for SOL now: the box starts unticked, offering to turn it on (spec: it starts from the status).
    await expect.poll(() => page.getByTestId('redeem-auto-earn').isChecked()).toBe(false);
    await expectText(page, 'Turn on auto-earn for SOL');
    const shownBefore = await page.getByTestId('redeemable').textContent();
    const other = await page.context().newPage();
    await other.goto(`${e2e.baseUrl}/simple-earn/my-lendings?tab=flexible`);
    await other.getByTestId('redeem-SOL').click();
    await other.getByTestId('redeem-amount').fill('30');
    await other.getByTestId('redeem-confirm').click();
    await enterFundPassword(other, '123456');
    await expectText(other, /30 SOL/);
    await other.close();
    await page.getByTestId('redeem-amount').fill('10');
    await page.getByTestId('redeem-confirm').click();
    await expectText(page, /The current maximum is/);
    expect(await page.getByRole('dialog', { name: 'Enter your fund password' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('redeemable').textContent()).not.toBe(shownBefore);
    const shownAfter = Number((await page.getByTestId('redeemable').textContent())?.replace(/[, A-Z]/g, ''));
    expect(shownAfter).toBeLessThan(10);
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('auto-earn-setup').click();
    await page.getByRole('dialog').getByPlaceholder('Search coin').fill('sol');
    await expect.poll(() => page.getByRole('switch', { name: 'Auto-earn SOL' }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');

    // History: filter to interest. Spec: pages of 8 rows (a first probe of one row finds the type).
    const historyLimits: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      const hourly = url.pathname.endsWith('/earn/history') && !url.searchParams.has('is_daily_log');
      if (hourly) historyLimits.push(url.searchParams.get('limit') ?? '');
    });
    await page.goto(`${e2e.baseUrl}/simple-earn/history`);
    await page.getByTestId('history-type').click();
    await page.getByRole('option', { name: 'Interest' }).click();
    await expectText(page, 'Interest');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await rows.count()).toBeLessThanOrEqual(8);
    expect(historyLimits).toContain('8');
    expect(historyLimits.every((limit) => limit === '1' || limit === '8')).toBe(true);
    for (const text of await rows.allTextContents()) expect(text).toContain('Interest');
    // USDT's award pool pays in GT: its rows are in GT, earned on USDT; its ladder pays in USDT.
    await page.getByTestId('history-type').click();
    await page.getByRole('option', { name: 'Bonus' }).click();
    await expect
      .poll(async () => (await rows.allTextContents()).some((text) => /BonusGTon USDT[\d.]+ GT--$/.test(text)))
      .toBe(true);
    expect((await rows.allTextContents()).some((text) => /BonusUSDT[\d.]+ USDT--$/.test(text))).toBe(true);
    await page.getByTestId('history-type').click();
    await page.getByRole('option', { name: 'Interest' }).click();
    await expect.poll(async () => (await rows.first().textContent()) ?? '').toContain('Interest');

    // Interest per day, from the interest cache; a day opens its hour-by-hour details.
    await page.getByLabel('Per day').check();
    await page.getByTestId('interest-day').first().click();
    const details = page.getByRole('dialog', { name: /^Interest on / });
    await details.waitFor();
    await expect.poll(() => details.locator('tbody tr').count()).toBeGreaterThan(0);
    await escapeDialog(page);

    // show_history_modal=1 opens the history over the holdings; the stored preference (interest) is used.
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings?tab=flexible&show_history_modal=1`);
    const dialog = page.getByRole('dialog', { name: 'History' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('history-type').inputValue()).toBe('Interest');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a phone: bottom sheet with 6 decimals, card list', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Every control takes a finger: the login page's links, the products' info marks and buttons.
    await page.goto(`${e2e.baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).last().waitFor();
    expect(await smallTapTargets(page)).toEqual([]);
    await login(page, e2e.baseUrl, 'vip@example.com');
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    // Nothing scrolls sideways: the header fits and the products are cards with Subscribe in reach.
    await page.getByTestId('subscribe-USDT').waitFor();
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const subscribe = await page.getByTestId('subscribe-USDT').boundingBox();
    expect((subscribe?.x ?? 999) + (subscribe?.width ?? 0)).toBeLessThanOrEqual(390);
    // A card's minimum names its coin, as the table's column does.
    expect(await page.getByTestId('min-amount-USDT').textContent()).toMatch(/^Minimum [\d,.]+ USDT$/);
    // VIP users have no auto-earn.
    // The search takes only what a coin symbol holds: 'b t' is a search for BT, and '.*' for nothing.
    const search = page.getByPlaceholder('Search coin');
    await search.fill('.*');
    expect(await search.inputValue()).toBe('');
    await search.fill('b t');
    expect(await search.inputValue()).toBe('bt');
    await search.fill('btc');
    await page.getByTestId('market-BTC').waitFor();
    await search.fill('xyz');
    await expectText(page, 'No coin matches your search');
    await search.fill('btc');
    await page.getByTestId('market-BTC').waitFor();
    expect(await page.getByTestId('auto-earn-setup').count()).toBe(0);
    await page.getByTestId('subscribe-BTC').click();
    await page.getByTestId('subscribe-amount').fill('0.1234567891');
    expect(await page.getByTestId('subscribe-amount').inputValue()).toBe('0.123456');
    await page.getByTestId('subscribe-confirm').click();
    await enterFundPassword(page, '123456');
    await expect.poll(() => page.getByTestId('success-amount').textContent()).toBe('0.123456 BTC');
    await page.getByRole('link', { name: 'View holdings' }).click();
    await page.waitForURL('**/simple-earn/my-lendings?tab=flexible&show_history_modal=1');
    const history = page.getByRole('dialog', { name: 'History' });
    await history.waitFor();
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    // The card's principal, on its own line: the label, then the figure.
    await expect
      .poll(() => page.getByText('Principal', { exact: true }).first().locator('xpath=..').textContent())
      .toBe('Principal0.123456');

    // The detail's table of the last 24 hours is wider than the phone: it scrolls sideways, and a
    // shade on the side where more of it is hidden says so.
    await page.locator('a[href*="orderType=flexible&asset=BTC"]:visible').first().click();
    await page.waitForURL('**/simple-earn/my-lendings/*');
    const box = page.getByTestId('lend-hours').locator('xpath=../..');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect.poll(() => edgeBrightness(box)).toSatisfy(({ left, right }) => left > 250 && right < 235);
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => edgeBrightness(box)).toSatisfy(({ left, right }) => left < 235 && right > 250);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says at once when a list cannot be read, with a retry, rather than loading through every automatic try', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'vip@example.com');
    // The network fails for everything but the session (the pages are for a signed-in reader).
    await page.route('**/{apiw,api}/**', (route) =>
      route.request().url().includes('/auth/session') ? route.continue() : route.abort('internetdisconnected'),
    );
    for (const path of [
      '/simple-earn/my-lendings?tab=flexible',
      '/simple-earn/history',
      '/staking?tab=mine',
      '/vip-wealth',
      '/simple-earn/faq',
      '/simple-earn/my-lendings/0?orderType=flexible&asset=USDT',
      '/simple-earn/my-lendings/1?orderType=fixed&asset=USDT&order_id=1',
      '/simple-earn',
    ]) {
      await page.goto(`${e2e.baseUrl}${path}`);
      // Well before the automatic tries end (about two minutes).
      await page
        .getByRole('alert')
        .filter({ hasText: 'Network error, please retry later' })
        .first()
        .waitFor({ timeout: 15_000 });
      // Every read of the page fails within moments of the first (each on its own first try).
      await expect
        .poll(() => page.getByRole('button', { name: 'Retry' }).count(), { message: path, timeout: 5_000 })
        .toBeGreaterThan(0);
      // Said in place of the placeholders, not under them.
      await expect.poll(() => page.getByTestId('loading').count(), { message: path, timeout: 5_000 }).toBe(0);
    }
    await context.close();

    // Auto-earn's card offers Enable only once it knows the reader's status: here it says it could not read it.
    const demoContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const reader = await demoContext.newPage();
    await login(reader, e2e.baseUrl, 'demo@example.com');
    await reader.route('**/{apiw,api}/**', (route) =>
      route.request().url().includes('/auth/session') ? route.continue() : route.abort('internetdisconnected'),
    );
    await reader.goto(`${e2e.baseUrl}/simple-earn`);
    await reader.getByTestId('auto-earn-unread').waitFor({ timeout: 15_000 });
    expect(await reader.getByTestId('auto-earn-unread').textContent()).toBe('Network error, please retry later');
    expect(await reader.getByTestId('auto-earn-setup').count()).toBe(0);
    await demoContext.close();

    // A session that cannot be read leaves a way to log in, not an empty corner for minutes.
    const guestContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const guest = await guestContext.newPage();
    await guest.route('**/{apiw,api}/**', (route) => route.abort('internetdisconnected'));
    await guest.goto(`${e2e.baseUrl}/simple-earn`);
    await guest.getByRole('link', { name: 'Log in' }).waitFor({ timeout: 15_000 });
    // Nor is auto-earn offered as if the reader were known to be a guest.
    await guest.getByTestId('auto-earn-unread').waitFor();
    expect(await guest.getByTestId('auto-earn-setup').count()).toBe(0);
    await guestContext.close();
  });
});

/**
 * The brightest pixel (luminance 0-255) in the outermost column of each side of an element, as
 * drawn: a shade over the whole side darkens even the gaps between its lines of text.
 */
async function edgeBrightness(element: Locator): Promise<{ left: number; right: number }> {
  // The page's pixels where the element is (an element's own screenshot leaves out what is drawn over it).
  const clip = await element.boundingBox();
  if (!clip) throw new Error('the element is not shown');
  const png = (await element.page().screenshot({ clip })).toString('base64');
  return element.page().evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const brightest = (x: number) => {
      const { data: pixels } = context.getImageData(x, 0, 1, image.height);
      let most = 0;
      for (let i = 0; i < pixels.length; i += 4)
        most = Math.max(most, 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0));
      return most;
    };
    return { left: brightest(0), right: brightest(image.width - 1) };
  }, png);
}
