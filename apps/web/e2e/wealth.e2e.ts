import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, enterFundPassword, expectText, login, startE2E, watchErrors } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** Hours from the clock to the next 09:00 UTC, when the day's 08:30 valuation has run. */
function hoursPastValuation(): number {
  const now = e2e.server.ctx.clock.now().getTime();
  const day = Math.floor(now / 86_400_000) * 86_400_000;
  const target = now < day + 9 * 3_600_000 ? day + 9 * 3_600_000 : day + 33 * 3_600_000;
  return Math.round((target - now) / 3_600_000);
}

describe('Private wealth in Chromium', () => {
  it('a VIP subscribes, sees the order pending, gets units at the valuation, reads the charts and redeems', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'vip@example.com');
    await page.goto(`${e2e.baseUrl}/myaccount/funds/finance/vip-wealth`);
    await page.waitForURL('**/vip-wealth');
    await page.getByTestId('wealth-buy-1').click();
    // A refusal names the field in the reader's words, not the API's.
    await page.getByTestId('wealth-amount').fill('0');
    await expectText(page, 'Amount must be greater than 0');
    await page.getByTestId('wealth-amount').fill('500');
    await expectText(page, 'The minimum purchase is 1,000 USDT');
    await page.getByTestId('wealth-amount').fill('9999999');
    await expectText(page, 'Insufficient balance');
    await page.getByTestId('wealth-amount').fill('2000');
    expect(await page.getByTestId('wealth-subscribe-confirm').isDisabled()).toBe(true);
    await page.getByTestId('wealth-disclaimer').check();
    await page.getByTestId('wealth-subscribe-confirm').click();
    await enterFundPassword(page, '123456');
    await page.getByTestId('wealth-success').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('wealth-pending-1').textContent()).toBe('2,000 USDT');

    await e2e.admin('/admin/v1/clock/advance', { hours: hoursPastValuation() });
    await login(page, e2e.baseUrl, 'vip@example.com');
    await page.goto(`${e2e.baseUrl}/vip-wealth`);
    await expect
      .poll(async () => Number.parseFloat((await page.getByTestId('wealth-units-1').textContent()) ?? '0'))
      .toBeGreaterThan(0);
    expect(await page.getByTestId('wealth-pending-1').count()).toBe(0);

    await page.getByTestId('wealth-details-1').click();
    await page.getByTestId('wealth-detail').waitFor();
    await page.getByTestId('wealth-chart-balance').waitFor();
    // The return, with what it counts and why it can be a hair below zero just after a purchase.
    await expect.poll(() => page.getByTestId('wealth-income').textContent()).toMatch(/^-?[\d,.]+ USDT$/);
    await page.getByTestId('wealth-detail').getByRole('button', { name: 'info' }).click();
    await expectText(page, 'Units are counted to 6 decimal places');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Change' }).click();
    await page.getByText('730 days').click();
    await page.getByTestId('wealth-chart-rate').waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();

    await page.getByTestId('wealth-redeem-1').click();
    await page.getByTestId('wealth-units').fill('0');
    await expectText(page, 'Enter a number of units above 0');
    await page.getByTestId('wealth-units').fill('999999');
    await expectText(page, 'You can redeem at most');
    // No value is estimated for units that cannot be redeemed.
    expect(await page.getByTestId('wealth-est-value').textContent()).toBe('--');
    await page.getByTestId('wealth-units').fill('100');
    await expect.poll(() => page.getByTestId('wealth-est-value').textContent()).toMatch(/^≈ [\d,.]+ USDT$/);
    await page.getByTestId('wealth-redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await page.getByTestId('wealth-success').waitFor();
    await expectText(page, 'Redemption of 100 units placed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the dual-investment orders in the assets area, each with its detail', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/assets`);
    await page.getByTestId('dual-orders').waitFor();
    await expectText(page, 'System error');
    await page.getByTestId('dual-orders').getByRole('button').first().click();
    await page.getByTestId('dual-order-detail').waitFor();
    await expectText(page, 'Target price');
    await context.close();
  });

  it('on a phone: the wealth products and the detail sheet fit', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'vip@example.com');
    await page.goto(`${e2e.baseUrl}/vip-wealth`);
    await page.getByTestId('wealth-details-2').click();
    await page.getByTestId('wealth-chart-rate').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
