import { Decimal } from '@earn/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, enterFundPassword, expectText, holdRoute, login, startE2E, watchErrors } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

/** A call of the signed-in page's own session (what the screens read, to compute expectations). */
function pageApi<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await (await fetch(p)).json()).data, path) as Promise<T>;
}

async function spotOf(page: Page, coin: string): Promise<string> {
  const balances = await pageApi<{ asset: string; spot: string }[]>(page, '/apiw/v2/account/balances');
  return balances.find((b) => b.asset === coin)?.spot ?? '0';
}

describe('Simple Earn fixed-term in Chromium', () => {
  it('shows a sold-out term greyed, with its input disabled and the button reading Sold out', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'vip@example.com');
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('fixed-chip-ETH-1-1').click();
    await page.getByTestId('sold-out').waitFor();
    expect(await page.getByTestId('fixed-amount').isDisabled()).toBe(true);
    expect(await page.getByTestId('fixed-confirm').textContent()).toBe('Sold out');
    expect(await page.getByTestId('fixed-confirm').isDisabled()).toBe(true);
    await context.close();
  });

  it('on a phone: a new user subscribes the special product, sees it in the list, and redeems it early', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'new@example.com');
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('fixed-chip-USDT-7-3').click();
    await page.getByTestId('fixed-amount').fill('200');
    await page.getByTestId('fixed-confirm').click();
    await enterFundPassword(page, '123456');
    await page.getByRole('link', { name: 'View holdings' }).click();
    await page.waitForURL('**/simple-earn/my-lendings?tab=fixed');
    await expectText(page, 'Redeem early');
    await page.getByRole('button', { name: 'Redeem early' }).first().click();
    // Before confirming, the dialog says what arrives and what is given up.
    await expect.poll(() => page.getByTestId('early-amount').textContent()).toBe('200 USDT');
    await expectText(page, /You give up the .* USDT the order would have paid at maturity/);
    // Paid to the trading account (the order's redeem-to is for maturity).
    expect(await page.getByTestId('early-account').textContent()).toBe('Spot account');
    // The confirm button's label fits it.
    const confirm = page.getByTestId('early-confirm');
    const label = confirm.locator('.mantine-Button-label');
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await confirm.click();
    await enterFundPassword(page, '123456');
    await expect.poll(() => page.getByTestId('early-done-amount').textContent()).toBe('200 USDT');
    // Its detail strikes out the APR it was sold at and says what it was paid and gave up.
    const [redeemed] = (
      await pageApi<{ list: { order_id: number }[] }>(page, '/apiw/v2/fixed_earn/api/user/history?type=2')
    ).list;
    if (!redeemed) throw new Error('no early redemption in history');
    await page.goto(
      `${e2e.baseUrl}/simple-earn/my-lendings/${redeemed.order_id}?orderType=fixed&order_id=${redeemed.order_id}`,
    );
    const apr = page.getByTestId(`fixed-apr-${redeemed.order_id}`);
    await expect.poll(() => apr.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("estimates a second order's ladder bonus with what the user already holds in the product", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'us@example.com');
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    // The demo's 30-day USDT product pays 4% more on the first 1,000 USDT a user holds in it.
    // Until what the user holds in the product is read, no bonus is promised and nothing can be subscribed.
    const release = await holdRoute(page, '**/user/remaining-quota*');
    await page.getByTestId('fixed-chip-USDT-30-1').click();
    await expectText(page, 'Ladder +4.00% on the part from 0 to 1,000 USDT.');
    await page.getByTestId('fixed-amount').fill('600');
    expect(await page.getByTestId('fixed-est-bonus').textContent()).toBe('…');
    expect(await page.getByTestId('fixed-confirm').isDisabled()).toBe(true);
    release();
    await expect.poll(() => page.getByTestId('fixed-est-bonus').textContent()).toBe('1.97260273 USDT');
    // Zero is told the minimum, as any amount below it is.
    await page.getByTestId('fixed-amount').fill('0');
    await expectText(page, /The minimum subscription is \d+ USDT/);
    await page.getByTestId('fixed-amount').fill('600');
    expect(await page.getByTestId('fixed-bonus-at').count()).toBe(0);
    await page.getByTestId('fixed-confirm').click();
    await enterFundPassword(page, '123456');
    await page.getByTestId('fixed-subscribe-more').click();
    await page.getByTestId('fixed-amount').fill('800');
    await expectText(
      page,
      'Your open orders in this product take 600 USDT of the tiers; this order takes the lowest part they leave free: 600–1,000 USDT',
    );
    // Only 400 of the 800 are inside the tier: 400 x 4% x 30 / 365.
    const bonus = new Decimal(400).times('0.04').times(30).div(365).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    await expect.poll(() => page.getByTestId('fixed-estimate').textContent()).toContain(`${bonus.toFixed()} USDT`);
    await page.getByTestId('fixed-confirm').click();
    await enterFundPassword(page, '123456');
    await page.getByTestId('fixed-subscribe-more').waitFor();
    // Its detail shows the product APR, and the ladder pop-up the part of the tiers the order took.
    const second = (
      await pageApi<{ list: { id: number; order_id: string; principal: string; year_rate: string }[] }>(
        page,
        '/apiw/v2/fixed_earn/api/user/lend?order_type=1',
      )
    ).list.find((o) => o.principal === '800');
    if (!second) throw new Error('no order of 800');
    await page.goto(
      `${e2e.baseUrl}/simple-earn/my-lendings/${second.id}?orderType=fixed&asset=USDT&order_id=${second.order_id}`,
    );
    const apr = page.getByTestId('detail-apr');
    await expect.poll(() => apr.textContent()).toBe(`${new Decimal(second.year_rate).times(100).toFixed(2)}%`);
    await apr.locator('..').getByRole('button', { name: 'More information' }).click();
    await expectText(page, 'This order takes 600–1,000 USDT of the tiers');
    await expectText(page, `Est. bonus: ${bonus.toFixed()} USDT`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a user below a VIP product's tiers to the VIP page, which names the tier to reach", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    // A guest is asked to log in to see their tier, on the login page, which comes back here.
    await page.goto(`${e2e.baseUrl}/vip`);
    await expectText(page, 'Log in to see your VIP tier.');
    await page.getByTestId('vip-status').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill('new@example.com');
    await page.getByLabel('Password').first().fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL('**/vip');
    await page.goto(`${e2e.baseUrl}/vip-wealth`);
    const products = await pageApi<{ list: { id: number; min_vip: number; max_vip: number }[] }>(
      page,
      '/apiw/v2/vip/fixed_earn/api/product/2/list',
    );
    const forV1 = products.list.find((p) => p.min_vip === 1 && p.max_vip === 4);
    if (!forV1) throw new Error('no V1-4 product');
    await page.getByTestId(`vip-subscribe-${forV1.id}`).click();
    await expectText(page, 'This product is for V1-4. Raise your VIP tier by holding more assets or trading more.');
    await page.getByTestId('vip-banner').getByRole('link', { name: 'See VIP tiers' }).click();
    await page.waitForURL('**/vip?upTo=1');
    await expect.poll(() => page.getByTestId('vip-your-tier').textContent()).toBe('V0');
    // On a phone the tier's badge keeps its whole label beside the long sentence.
    await page.setViewportSize({ width: 390, height: 844 });
    const label = page.getByTestId('vip-your-tier').locator('.mantine-Badge-label');
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByTestId('vip-upgrade').textContent()).toBe(
      'Reach V1 to subscribe to the products marked for it. Your VIP tier rises as you hold more assets or trade more.',
    );
    // The V1-4 product opens at V1; the V5 ones from V5.
    const rows = page.getByRole('row');
    await expect.poll(() => rows.filter({ hasText: 'V1-4' }).textContent()).toContain('Opens at V1');
    expect(await rows.filter({ hasText: 'V5-9' }).textContent()).toContain('From V5');
    // A link asking for a higher tier marks each product it opens with the tier that first opens it.
    await page.goto(`${e2e.baseUrl}/vip?upTo=3`);
    await expect.poll(() => rows.filter({ hasText: 'V1-4' }).textContent()).toContain('Opens at V1');
    // A tier raised meanwhile shows as soon as the page is opened again, without a reload.
    // The wealth page reads the session afresh too: the change is made once that read is answered.
    const sessionRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/apiw/v2/auth/session');
    await page.getByRole('link', { name: 'Subscribe on the VIP wealth page' }).click();
    await page.waitForURL('**/vip-wealth');
    await sessionRead;
    await e2e.admin('/admin/v1/users/settings', { email: 'new@example.com', tier: 1 });
    await page.goBack();
    await expect.poll(() => page.getByTestId('vip-your-tier').textContent()).toBe('V1');
    expect(await rows.filter({ hasText: 'V1-4' }).textContent()).toContain('Open to you');
    await e2e.admin('/admin/v1/users/settings', { email: 'new@example.com', tier: 0 });
    // A VIP sees what is open to them.
    await login(page, e2e.baseUrl, 'vip@example.com');
    await page.goto(`${e2e.baseUrl}/vip?upTo=1`);
    await expect.poll(() => page.getByTestId('vip-your-tier').textContent()).toBe('V5');
    expect(await page.getByTestId('vip-upgrade').textContent()).toBe(
      'Your tier is V5, at or above V1: the products open to you are marked below.',
    );
    expect(await rows.filter({ hasText: 'V5-9' }).textContent()).toContain('Open to you');
    expect(await rows.filter({ hasText: 'V1-4' }).textContent()).toContain('Tiers up to V4');
    // A link to a tier that opens nothing more for them says so, rather than asking them to reach it.
    await page.goto(`${e2e.baseUrl}/vip?upTo=16`);
    await expect
      .poll(() => page.getByTestId('vip-upgrade').textContent())
      .toBe('Your tier is V5: every product V16 opens is already open to you.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a US user the special product is not for their region', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await e2e.admin('/admin/v1/users/settings', { email: 'us@example.com', is_new_user: true });
    await login(page, e2e.baseUrl, 'us@example.com');
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('fixed-chip-USDT-7-3').click();
    // The ineligible modal says why; once dismissed, the reason stays beside the disabled button.
    await expect
      .poll(() => page.getByTestId('ineligible-modal').textContent())
      .toBe('This product is not available in your region');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('ineligible-modal').count()).toBe(0);
    await expectText(page, 'This product is not available in your region');
    expect(await page.getByTestId('fixed-confirm').isDisabled()).toBe(true);
    expect(await page.getByTestId('fixed-quota').count()).toBe(0);
    await context.close();
  });
  it('subscribes a 7-day product with a voucher, switches auto-reinvest and redeem-to, and is paid and renewed at maturity', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await e2e.admin('/admin/v1/users/settings', { email: 'demo@example.com', mode: 'classic' });
    await login(page, e2e.baseUrl, 'demo@example.com');
    const spotBefore = Number(await spotOf(page, 'USDT'));

    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('fixed-chip-USDT-7-1').click();
    await page.getByTestId('fixed-amount').fill('5');
    await expectText(page, 'The minimum subscription is 10 USDT');
    await page.getByTestId('fixed-amount').fill('1000');
    // The demo's +3% voucher is recommended and selected; its interest is in the estimate.
    await expect.poll(() => page.getByTestId('voucher-select').inputValue()).toContain('+3.00% APR for 7 days');
    await expectText(page, 'Voucher interest');
    await page.getByTestId('fixed-confirm').click();
    await enterFundPassword(page, '123456');
    await expect.poll(() => page.getByTestId('fixed-success-Term').textContent()).toBe('7 days');
    // The product's 6%, as the form showed it, then with the +3% voucher over the whole term, as the
    // holdings will show it.
    expect(await page.getByTestId('fixed-success-APR').textContent()).toBe('6.00%');
    expect(await page.getByTestId('fixed-success-APR with bonus and voucher').textContent()).toBe('9.00%');
    expect(await page.getByTestId('fixed-success-Amount').textContent()).toBe('1,000 USDT');
    // Subscribe more reopens the dialog on the same term, empty.
    await page.getByTestId('fixed-subscribe-more').click();
    await expect.poll(() => page.getByTestId('fixed-amount').inputValue()).toBe('');
    await page.getByTestId('fixed-amount').fill('12');
    // A renewal below the product minimum is refused before it is sent.
    await page.getByRole('switch', { name: 'Auto-reinvest' }).check();
    await page.getByTestId('fixed-renew-amount').fill('5');
    await expectText(page, 'The amount to renew must be at least 10 USDT');
    expect(await page.getByTestId('fixed-confirm').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings?tab=fixed`);
    const [order] = (
      await pageApi<{ list: { order_id: string; total_interest: string; finish_time: number }[] }>(
        page,
        '/apiw/v2/fixed_earn/api/user/lend?order_type=1',
      )
    ).list;
    if (!order) throw new Error('no fixed order');
    await expect.poll(() => page.getByTestId(`fixed-principal-${order.order_id}`).textContent()).toBe('1,000');

    // The detail: auto-reinvest on for 400 of the principal (redeem-to follows: the trading account).
    await page.getByTestId('fixed-holdings').getByRole('link', { name: 'USDT' }).click();
    await page.waitForURL('**/simple-earn/my-lendings/*orderType=fixed*');
    await expect.poll(() => page.getByTestId('detail-principal').textContent()).toBe('1,000 USDT');
    // On a phone each field is a line, its value whole beside its label (not a date broken in two).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => (await page.getByTestId('detail-received').boundingBox())?.height ?? 99)
      .toBeLessThan(24);
    await page.setViewportSize({ width: 1280, height: 900 });
    const received = await page.getByTestId('detail-received').textContent();
    // Redeem-to: flexible Simple Earn (the default) to the spot account, then auto-reinvest.
    await page.getByTestId(`redeem-to-${order.order_id}`).click();
    await page.getByRole('option', { name: 'Spot account' }).click();
    await expectText(page, 'Modified');
    await expect.poll(() => page.getByTestId(`redeem-to-${order.order_id}`).inputValue()).toBe('Spot account');
    await page.getByTestId(`reinvest-${order.order_id}`).click({ force: true });
    await page.getByTestId('reinvest-part').fill('400');
    await page.getByTestId('reinvest-confirm').click();
    await expectText(page, 'Enabled successfully');
    await expectText(page, 'Renews 400 USDT');
    // With auto-reinvest on, redeem-to shows '--' (spec) and the detail says the rest goes to the
    // spot account; it shows the next subscription at maturity, then when the 600 not renewing arrive.
    await expect.poll(() => page.getByTestId(`redeem-to-${order.order_id}`).textContent()).toBe('--');
    expect(await page.getByTestId('redeem-to-reinvest').textContent()).toContain('goes to your spot account');
    const renews = (await page.getByTestId('detail-renews').textContent()) ?? '';
    expect(renews).toMatch(/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(renews).not.toBe(received);
    await page.getByText('The rest received').waitFor();
    expect(await page.getByTestId('detail-received').textContent()).toBe(received);
    // The holdings list says the same: the next subscription, where it said when the redemption arrives.
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings?tab=fixed`);
    const row = page.getByTestId(`fixed-principal-${order.order_id}`).locator('xpath=ancestor::tr');
    await row.getByText('Next subscription').waitFor();
    expect(await row.textContent()).toContain(renews.slice(-19, -9));

    // Past maturity: 600 and all the interest come back to spot, 400 renews, the inbox says so.
    const hours = Math.ceil((order.finish_time * 1000 - e2e.server.ctx.clock.now().getTime()) / 3_600_000) + 1;
    await e2e.admin('/admin/v1/clock/advance', { hours });
    // Sessions last 7 days of product time: sign in again.
    await login(page, e2e.baseUrl, 'demo@example.com');
    const spotAfter = Number(await spotOf(page, 'USDT'));
    expect(spotAfter - spotBefore).toBeCloseTo(-400 + Number(order.total_interest), 6);
    await page.goto(`${e2e.baseUrl}/simple-earn/my-lendings?tab=fixed`);
    await expectText(page, /^400$/);
    await page.getByTestId('inbox').click();
    await expectText(page, 'Your fixed order has paid out');
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.baseUrl}/simple-earn/history?tab=fixed`);
    const history = page.getByTestId('fixed-history');
    await expect.poll(() => history.textContent()).toContain('Rate-up');
    const text = (await history.textContent()) ?? '';
    for (const label of ['Subscribe', 'Redeem', 'Interest', 'auto-reinvest']) expect(text).toContain(label);
    // The subscription's row shows the APR its holding showed, and what it is made of.
    expect(text).toContain('9.00%6.00% + 3.00% voucher for 7 days');
    // The tab is the address's: the flexible one, then Back to the fixed one, which a reload keeps.
    await page.getByRole('tab', { name: 'Flexible' }).click();
    await page.waitForURL('**/simple-earn/history?tab=flexible');
    await page.goBack();
    await page.waitForURL('**/simple-earn/history?tab=fixed');
    await history.waitFor();
    await page.reload();
    await expect.poll(() => history.textContent()).toContain('Rate-up');

    // The return is shared as a poster with the referral QR code, downloadable as an image.
    await page.goto(`${e2e.baseUrl}/simple-earn`);
    await page.getByTestId('share-return').click();
    await page.getByTestId('share-poster').waitFor();
    expect(await page.getByTestId('share-download').getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByTestId('share-download').getAttribute('download')).toBe('simple-earn-return.png');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000); // a week of the clock moved hour by hour: about 100 s alone, more beside another journey
});
