import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, holdAppCode, login, startE2E, watchErrors } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('Soft staking in Chromium', () => {
  it('a user activates with the terms, and sees a reward two days later', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/soft-staking`);
    await page.getByTestId('soft-staking-activate').click();
    expect(await page.getByTestId('soft-staking-submit').isDisabled()).toBe(true);
    await page.getByTestId('soft-staking-terms').check();
    await page.getByTestId('soft-staking-submit').click();
    await page.getByTestId('soft-staking-on').waitFor();
    await expect.poll(() => page.getByTestId('soft-staking-schedule').textContent()).toContain('first reward at');
    // The terms are asked again on every opening.
    await page.getByTestId('soft-staking-close').click();
    await page.getByRole('button', { name: 'Cancel' }).click();

    const now = e2e.server.ctx.clock.now().getTime();
    const hours = Math.ceil((Math.floor(now / 86_400_000) * 86_400_000 + 2 * 86_400_000 - now) / 3_600_000);
    await e2e.admin('/admin/v1/clock/advance', { hours });
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/soft-staking`);
    // demo holds 60 SOL all day: the reward is 60 x 2.8% / 365.
    await expect
      .poll(() => page.getByTestId('soft-reward-amount').first().textContent())
      .toMatch(/ (SOL|DOT|ETH|USDT)$/);
    expect(await page.getByText('0.00460273 SOL').count()).toBe(1);
    // The first reward is paid: the schedule that announced it is gone.
    expect(await page.getByTestId('soft-staking-schedule').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: the page fits and the modal opens as a sheet', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'new@example.com');
    // Clicked before the app has run (the page is prerendered): the click is answered once it has,
    // for the signed-in user they turn out to be.
    const release = await holdAppCode(page);
    await page.goto(`${e2e.baseUrl}/soft-staking`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('soft-staking-activate').click();
    release();
    await page.getByTestId('soft-staking-modal').waitFor();
    expect(await page.getByTestId('soft-staking-terms').isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
