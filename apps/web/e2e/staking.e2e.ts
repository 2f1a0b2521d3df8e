import { dailyReward, formatAmount, redeemFee } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, enterFundPassword, expectText, login, startE2E, watchErrors } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('On-chain staking in Chromium', () => {
  it('stakes ETH from its link, is paid for each whole day, and redeems fast and standard', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'demo@example.com');
    // /staking/{coin}?pid= opens the stake modal of that product.
    await page.goto(`${e2e.baseUrl}/staking/ETH?pid=1`);
    // ETH has two sources of return; the link's is chosen.
    await expect.poll(() => page.getByTestId('staking-source').inputValue()).toBe('Ethereum 2.0 · 3.20%');
    await page.getByTestId('staking-amount').fill('0.001');
    await expectText(page, 'The minimum stake is 0.01 ETH');
    await page.getByTestId('staking-amount').fill('2');
    const daily = dailyReward({ holding: '2', rate: '0.032', feeRate: '0.1' });
    await expect.poll(() => page.getByTestId('staking-est-daily').textContent()).toBe(`${formatAmount(daily)} ETH`);
    expect(await page.getByTestId('staking-confirm').isDisabled()).toBe(true);
    await page.getByTestId('staking-agree').check();
    await page.getByTestId('staking-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, 'Staked 2 ETH');

    // Two day starts later the first whole day has been paid.
    const now = e2e.server.ctx.clock.now().getTime();
    const hours = Math.ceil((Math.floor(now / 86_400_000) * 86_400_000 + 2 * 86_400_000 - now) / 3_600_000);
    await e2e.admin('/admin/v1/clock/advance', { hours });
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/staking?tab=rewards`);
    await expect
      .poll(() => page.getByTestId('staking-reward-amount').first().textContent())
      .toBe(`${formatAmount(daily)} ETH`);

    // Fast: at once, less its fee. The exchange's account-side path leads to My staking.
    await page.goto(`${e2e.baseUrl}/myaccount/myfunds/financial_staking?asset=ETH&product-type=0`);
    await page.waitForURL('**/staking?asset=ETH&product-type=0&tab=mine');
    await expect.poll(() => page.getByTestId('staking-held-1').textContent()).toBe('2 ETH');
    await page.getByTestId('redeem-1').click();
    await page.getByTestId('redeem-fast').click();
    await page.getByTestId('redeem-amount').fill('0.5');
    const { received } = redeemFee('0.5', '0.005');
    await expect.poll(() => page.getByTestId('redeem-received').textContent()).toBe(`${formatAmount(received)} ETH`);
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, 'Redeemed 0.5 ETH');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('staking-held-1').textContent()).toBe('1.5 ETH');

    // Standard: queued, earning nothing, released after its days.
    await page.getByTestId('redeem-1').click();
    await page.getByTestId('redeem-amount').fill('1');
    await expectText(page, 'Arrives within 5 days');
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, 'Redeemed 1 ETH');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('staking-redeeming-1').textContent()).toBe('1 ETH');
    await expect.poll(() => page.getByTestId('staking-held-1').textContent()).toBe('0.5 ETH');

    // The product's APR trend has the days it paid.
    await page.goto(`${e2e.baseUrl}/staking/ETH?pid=1`);
    await page.getByRole('tab', { name: 'APR trend' }).click();
    await page.getByTestId('staking-trend').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a guest following a stake link to sign up or log in instead of opening the stake form', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/staking/ETH?pid=1`);
    await page.getByRole('dialog').getByText('Create your account').waitFor();
    expect(await page.getByTestId('staking-amount').count()).toBe(0);
    await context.close();
  });

  it('on a phone: the hub lists products and the stake sheet fits', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'vip@example.com');
    await page.goto(`${e2e.baseUrl}/staking`);
    await page.getByTestId('stake-ETH-1').click();
    // A VIP 5 user gets the product's fee discount.
    await expectText(page, 'Your VIP tier pays 50% less platform fee on this product.');
    await page.getByRole('tab', { name: 'FAQ' }).click();
    await page.getByRole('button', { name: 'When do rewards start?' }).click();
    await expectText(page, 'a stake starts earning from the next whole day');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
