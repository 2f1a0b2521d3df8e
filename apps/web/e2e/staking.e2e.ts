import { dailyBonus, dailyReward, formatAmount, redeemFee } from '@earn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2E,
  EXCHANGE_URL,
  enterFundPassword,
  expectText,
  holdRoute,
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
    // The product's fee discount is for VIP 5 and above: a tier outside the range is shown none.
    expect(await page.getByTestId('staking-vip-discount').count()).toBe(0);
    await page.getByTestId('staking-amount').fill('0.001');
    await expectText(page, 'The minimum stake is 0.01 ETH');
    await page.getByTestId('staking-amount').fill('2');
    // Escape with the source list open closes the list, not the stake dialog.
    await page.getByTestId('staking-source').click();
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('option').first().waitFor({ state: 'hidden' });
    expect(await page.getByTestId('staking-amount').inputValue()).toBe('2');
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
    // The card says what a day pays the holding; no bonus runs on this product.
    expect(await page.getByTestId('staking-est-daily-1').textContent()).toBe(`${formatAmount(daily)} ETH`);
    expect(await page.getByTestId('staking-bonus-rate-1').count()).toBe(0);
    await page.getByTestId('redeem-1').click();
    // The fast card says its fee before an amount is typed.
    await expect.poll(() => page.getByTestId('redeem-fast').textContent()).toContain('for a 0.50% fee');
    await page.getByTestId('redeem-fast').click();
    await page.getByTestId('redeem-amount').fill('0.5');
    const { received } = redeemFee('0.5', '0.005');
    await expect.poll(() => page.getByTestId('redeem-received').textContent()).toBe(`${formatAmount(received)} ETH`);
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, 'Redeemed 0.5 ETH');
    // Paid at once: it says so, not that it will arrive.
    await expectText(page, `${formatAmount(received)} ETH (fee 0.0025 ETH) is in your spot account.`);
    await page.getByRole('link', { name: 'View holdings' }).click();
    await expect.poll(() => page.getByTestId('staking-held-1').textContent()).toBe('1.5 ETH');

    // Standard: queued, earning nothing, released after its days.
    await page.getByTestId('redeem-1').click();
    await page.getByTestId('redeem-amount').fill('1');
    await expectText(page, 'Arrives within 5 days');
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, 'Redeemed 1 ETH');
    await expectText(page, /arrives in your spot account by/);
    await page.getByRole('link', { name: 'View holdings' }).click();
    await expect.poll(() => page.getByTestId('staking-redeeming-1').textContent()).toBe('1 ETH');
    await expect.poll(() => page.getByTestId('staking-held-1').textContent()).toBe('0.5 ETH');

    // The product's APR trend has the days it paid.
    await page.goto(`${e2e.baseUrl}/staking/ETH?pid=1`);
    await page.getByRole('tab', { name: 'APR trend' }).click();
    await page.getByTestId('staking-trend').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stakes ETH for the GTETH receipt token, sees it minted and growing, and redeems it for more ETH', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'new@example.com');
    await page.goto(`${e2e.baseUrl}/staking/ETH?pid=6`);
    await page.getByTestId('staking-amount').fill('0.2');
    await expect.poll(() => page.getByTestId('staking-receipt-estimate').textContent()).toMatch(/^≈ 0\.\d+ GTETH$/);
    await page.getByTestId('staking-agree').check();
    await page.getByTestId('staking-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, 'Staked 0.2 ETH');
    await expectText(page, 'Your GTETH arrives by');
    await page.getByRole('link', { name: 'View holdings' }).click();
    await expect.poll(() => page.getByTestId('staking-pending-6').textContent()).toBe('0.2 ETH');

    // The day's close mints GTETH at the grown rate; the next close makes it worth more.
    const now = e2e.server.ctx.clock.now().getTime();
    const hours = Math.ceil((Math.floor(now / 86_400_000) * 86_400_000 + 2 * 86_400_000 - now) / 3_600_000);
    await e2e.admin('/admin/v1/clock/advance', { hours });
    await login(page, e2e.baseUrl, 'new@example.com');
    await page.goto(`${e2e.baseUrl}/staking?tab=mine`);
    await expect.poll(() => page.getByTestId('staking-pending-6').count()).toBe(0);
    const held = (await page.getByTestId('staking-held-6').textContent()) ?? '';
    expect(held).toMatch(/^0\.\d+ GTETH$/);
    const worth = Number.parseFloat((await page.getByTestId('staking-value-6').textContent()) ?? '0');
    expect(worth).toBeGreaterThan(0.2);
    expect(worth).toBeLessThan(0.2001);

    // Redeem every token: the received ETH is their worth at today's rate.
    await page.getByTestId('redeem-6').click();
    await page.getByRole('button', { name: 'Max' }).click();
    await expect
      .poll(() => page.getByTestId('redeem-received').textContent())
      .toBe(`${formatAmount(String(worth))} ETH`);
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, `Redeemed ${held}`);
    await page.getByRole('link', { name: 'View holdings' }).click();
    await expect
      .poll(() => page.getByTestId('staking-redeeming-6').textContent())
      .toBe(`${formatAmount(String(worth))} ETH`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stakes BTC as collateral through the confirm-order step, mints USDC, and repays it to redeem', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'us@example.com');
    await page.goto(`${e2e.baseUrl}/staking/BTC?pid=7`);
    // No transfer for a US user (spec): the balance's mark offers a deposit alone.
    expect(await page.getByTestId('staking-money-in').getAttribute('aria-label')).toBe('Deposit');
    // It opens the ways to add funds a US user has: a deposit, no transfer.
    await page.getByTestId('staking-money-in').click();
    expect(await page.getByTestId('add-funds-deposit').getAttribute('href')).toBe(
      `${EXCHANGE_URL}/myaccount/deposit/BTC`,
    );
    expect(await page.getByTestId('add-funds-transfer').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('add-funds-deposit').waitFor({ state: 'hidden' });
    await page.getByTestId('staking-amount').fill('0.1');
    await expect.poll(() => page.getByTestId('staking-mint-estimate').textContent()).toMatch(/ USDC$/);
    await page.getByTestId('staking-agree').check();
    await page.getByTestId('staking-confirm').click();
    await page.getByTestId('staking-confirm-order').waitFor();
    await page.getByTestId('staking-confirm-mint').click();
    await enterFundPassword(page, '123456');
    await page.getByTestId('mint-success').waitFor();
    await expectText(page, 'Minted');
    await page.getByRole('link', { name: 'View holdings' }).click();
    const debt = (await page.getByTestId('staking-debt-7').textContent()) ?? '';
    expect(debt).toMatch(/^[\d,.]+ USDC$/);
    // Releasing half repays half the debt (rounded up).
    await page.getByTestId('redeem-7').click();
    await page.getByTestId('redeem-amount').fill('0.05');
    await expect.poll(() => page.getByTestId('redeem-repays').textContent()).toMatch(/ USDC$/);
    await page.getByTestId('redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, 'Redeemed 0.05 BTC');
    await page.getByRole('link', { name: 'View holdings' }).click();
    await expect.poll(() => page.getByTestId('staking-held-7').textContent()).toBe('0.05 BTC');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside the assets frame (is_frame=1) tells the parent of success and close, and takes reopen from it only', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'demo@example.com');
    // A parent page of the app's own origin frames the staking view; another origin's frame sits beside it.
    await context.route('https://other.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<script>window.parent.frames[0].postMessage({ type: 'reopen' }, '*');</script>`,
      }),
    );
    await context.route(`${e2e.baseUrl}/frame-parent`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<iframe id="earn" src="/staking/SOL?pid=3&is_frame=1" style="width:1000px;height:800px"></iframe>
          <script>window.got = []; addEventListener('message', (e) => window.got.push(e.data));</script>`,
      }),
    );
    await page.goto(`${e2e.baseUrl}/frame-parent`);
    const frame = page.frameLocator('#earn');
    await frame.getByTestId('staking-amount').fill('1');
    await frame.getByTestId('staking-agree').check();
    await frame.getByTestId('staking-confirm').click();
    await enterFundPassword(page, '123456', frame);
    await frame.getByTestId('stake-success').waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { got: unknown[] }).got))
      .toContainEqual({
        type: 'success',
        side: 'stake',
        coin: 'SOL',
        pid: 3,
      });
    await frame.getByRole('button', { name: 'Close' }).first().click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { got: { type: string }[] }).got.map((m) => m.type)))
      .toContain('close');
    // The form leaves with the modal's closing transition.
    await expect.poll(() => frame.getByTestId('staking-amount').count()).toBe(0);
    // Another origin's reopen is ignored; the parent's reopens the product.
    await page.evaluate(() => {
      const other = document.createElement('iframe');
      other.src = 'https://other.example/';
      document.body.append(other);
    });
    await page.waitForTimeout(500);
    expect(await frame.getByTestId('staking-amount').count()).toBe(0);
    await page.evaluate(() =>
      (document.getElementById('earn') as HTMLIFrameElement).contentWindow?.postMessage(
        { type: 'reopen' },
        location.origin,
      ),
    );
    await frame.getByTestId('staking-amount').waitFor();
    await context.close();
  });

  it('says on a holding in a running bonus its extra APR and what a day pays, the bonus beside the reward', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await e2e.admin('/admin/v1/deposit', {
      email: 'unified@example.com',
      coin: 'SOL',
      amount: '150',
      wallet: 'unified',
    });
    await login(page, e2e.baseUrl, 'unified@example.com');
    await page.goto(`${e2e.baseUrl}/staking/SOL?pid=3`);
    await page.getByTestId('staking-amount').fill('150');
    await page.getByTestId('staking-agree').check();
    await page.getByTestId('staking-confirm').click();
    await enterFundPassword(page, '123456');
    await page.getByRole('link', { name: 'View holdings' }).click();
    await expect.poll(() => page.getByTestId('staking-held-3').textContent()).toBe('150 SOL');
    // 100 SOL at +3% and 50 at +1%: +2.33% on the whole.
    expect(await page.getByTestId('staking-bonus-rate-3').textContent()).toBe('+2.33%');
    const reward = dailyReward({ holding: '150', rate: '0.065', feeRate: '0.08' });
    const bonus = dailyBonus('150', [
      { money_min: '0', money_max: '100', money_rate: '0.03' },
      { money_min: '100', money_max: '-1', money_rate: '0.01' },
    ]);
    expect(await page.getByTestId('staking-est-daily-3').textContent()).toBe(
      `${formatAmount(reward)} SOL + ${formatAmount(bonus)} SOL`,
    );
    await context.close();
  });

  it('asks a guest following a stake link to sign up or log in first, and opens the stake form once they have', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/staking/ETH?pid=1`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Create your account').waitFor();
    expect(await page.getByTestId('staking-amount').count()).toBe(0);
    // Already registered: logged in from the dialog, on the same page, the stake form opens.
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.getByText('Log in to Earn').waitFor();
    await dialog.getByLabel('Email').fill('demo@example.com');
    await dialog.getByLabel('Password').first().fill('demo1234');
    await dialog.locator('button[type="submit"]').click();
    await page.getByTestId('staking-amount').waitFor();
    // On the hub the link led to: the link opened its form once and left the address.
    expect(new URL(page.url()).pathname).toBe('/staking');
    await context.close();
  });

  it('tells a reader whose link names no product so, above the products on offer', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // A NUL is no coin: the server answers the not-found page, the app names no product.
    const res = await page.goto(`${e2e.baseUrl}/staking/%00`);
    expect(res?.status()).toBe(404);
    await expect
      .poll(() => page.getByTestId('staking-link-missing').textContent())
      .toBe('That link names no staking product. Here are the products on offer.');
    await page.goto(`${e2e.baseUrl}/staking/NOPE`);
    await expect
      .poll(() => page.getByTestId('staking-link-missing').textContent())
      .toBe('There is no NOPE staking product on offer at that link. Here are the products on offer.');
    await context.close();
  });

  it('on a phone: the hub lists products and the stake sheet fits', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'vip@example.com');
    await page.goto(`${e2e.baseUrl}/staking`);
    await page.getByTestId('stake-ETH-1').click();
    // A VIP 5 user gets the product's fee discount.
    await expectText(page, 'Your VIP tier pays 50% less platform fee on this product.');
    expect(await page.getByTestId('staking-vip-discount').first().textContent()).toBe('VIP -50% fee');
    // Every control of the sheet takes a finger: Max, the transfer mark, the agreement's box and link.
    expect(await smallTapTargets(page)).toEqual([]);
    // The larger hit areas move nothing: the agreement stands where it does for a mouse (once the
    // sheet has come to rest).
    const agreement = async (p: typeof page) => {
      await p.goto(`${e2e.baseUrl}/staking/ETH?pid=1`);
      const text = p.getByText('I have read and agree to the');
      let last = JSON.stringify(await text.boundingBox());
      for (;;) {
        await p.waitForTimeout(250);
        const now = JSON.stringify(await text.boundingBox());
        if (now === last) return now;
        last = now;
      }
    };
    const mouse = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const mousePage = await mouse.newPage();
    await login(mousePage, e2e.baseUrl, 'vip@example.com');
    expect(await agreement(page)).toEqual(await agreement(mousePage));
    await mouse.close();
    await page.getByRole('tab', { name: 'FAQ' }).click();
    await page.getByRole('button', { name: 'When do rewards start?' }).click();
    await expectText(page, 'a stake starts earning from the next whole day');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows a Chinese reader the tips the operator wrote in Chinese, in a form opened before the switch took', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/staking`);
    await page.getByTestId('stake-DOT-5').waitFor();
    // The Chinese reads held back: the form opens on the list's English copy...
    const release = await holdRoute(page, /\/earn\/staking\/products?\?.*locale=zh-CN/);
    await page.getByRole('banner').getByText('中文').click();
    await page.getByTestId('stake-DOT-5').click();
    await expectText(page, 'Polkadot unbonds in 28 days: plan redemptions ahead.');
    // ...and turns Chinese when they come, without being opened again.
    release();
    await expectText(page, 'Polkadot 解绑需要 28 天，请提前安排赎回。');
    await context.close();
  });
});
