import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type E2E,
  EXCHANGE_URL,
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

/** How many texts in `within` say stake, where a US reader is told commit (spec §1). */
function stakeWords(within: Locator, words = /\bstak(e|ed|ing)\b/i): Promise<number> {
  return within.getByText(words).count();
}

describe('Launchpool in Chromium', () => {
  it('stakes with Max, shows the success modal, accrues rewards every hour, and redeems early', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/launchpool`);
    // The project's header: its total rewards and how much of its time has passed.
    await expect.poll(() => page.getByTestId('total-rewards-LPX').textContent()).toMatch(/Total rewards [\d,.]+ LPX/);
    await page.getByTestId('stake-LPX-GT').click();
    // Max is applied by itself once: min(1500 GT available, 20000 quota).
    // (once the form's code, the balance and the user's stakes have arrived: on a loaded machine, over a second)
    await expect.poll(() => page.getByTestId('stake-amount').inputValue(), { timeout: 10_000 }).toBe('1500');
    // What the stake would earn, as it is typed.
    await expect.poll(() => page.getByTestId('stake-est-reward').textContent()).toMatch(/^≈ [\d,.]+ LPX \/ hour/);
    await page.getByTestId('stake-amount').fill('0.5');
    await expectText(page, 'The minimum stake is 1 GT');
    await page.getByTestId('stake-max').click();
    // The success modal's earn-more call carries the reader's locale (spec §7).
    const earnMore = page.waitForRequest((r) => r.url().includes('/launch-pool/earn-more'));
    await page.getByTestId('stake-confirm').click();
    await enterFundPassword(page, '123456');
    await expect.poll(() => page.getByTestId('stake-success-amount').textContent()).toBe('1,500 GT');
    expect(new URL((await earnMore).url()).searchParams.get('locale')).toBe('en');
    expect(
      await page.evaluate(() => (window as unknown as { dataLayer?: { event: string; result: string }[] }).dataLayer),
    ).toContainEqual(expect.objectContaining({ event: 'launchpool_stake_result', result: 'success' }));
    await expectText(page, 'Earn more');
    // No CandyDrop link is set in the demo, so no button leads nowhere.
    expect(await page.getByTestId('go-to-candy').count()).toBe(0);
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => page.getByTestId('my-stake-GT').textContent()).toBe('1,500 GT');

    // Hours pass: rewards arrive every hour, on the open page, without a reload.
    await e2e.admin('/admin/v1/clock/advance', { hours: 2 });
    await expect
      .poll(async () => Number((await page.getByTestId('rewards-GT').textContent())?.replace(/[^\d.]/g, '')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const first = Number((await page.getByTestId('rewards-GT').textContent())?.replace(/[^\d.]/g, ''));
    await e2e.admin('/admin/v1/clock/advance', { hours: 1 });
    await expect
      .poll(async () => Number((await page.getByTestId('rewards-GT').textContent())?.replace(/[^\d.]/g, '')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(first);
    // "Last hour" opens the statement of the hour just settled.
    await page.getByTestId('last-hour-GT').click();
    await page.getByTestId('hour-statement').waitFor();
    await expectText(page, 'Pool budget for the hour');
    await page.keyboard.press('Escape');

    // Early redeem.
    await page.getByTestId('redeem-GT').click();
    await page.getByTestId('early-redeem-amount').fill('500');
    // Where it goes, and what becomes of this hour's reward.
    expect(await page.getByTestId('early-redeem-note').textContent()).toMatch(
      /goes back to your Spot account at once and stops earning; the \w+ it earned this hour so far is paid at the hour’s end/,
    );
    await page.getByTestId('early-redeem-confirm').click();
    await enterFundPassword(page, '123456');
    await expectText(page, 'Redeemed 500 GT');
    await expect.poll(() => page.getByTestId('my-stake-GT').textContent()).toBe('1,000 GT');
    // With a stake in the pool, the estimate is what more adds, and the reward with it is said beside it.
    await page.getByTestId('stake-LPX-GT').click();
    await page.getByTestId('stake-amount').fill('100');
    await expectText(page, 'Extra reward');
    await expect
      .poll(() => page.getByTestId('stake-est-reward-with').textContent())
      .toMatch(/^In all with it ≈ [\d,.]+ LPX \/ hour$/);
    await page.keyboard.press('Escape');
    // History, filtered to rewards; a reward opens the statement of its hour.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('launch-history-type').click();
    await page.getByRole('option', { name: 'Reward' }).click();
    const reward = page.getByTestId('reward-statement').first();
    await reward.waitFor();
    // Each row names its project, not only the coin it pays.
    await expectText(page, 'Launch Pixel (LPX) · GT pool');
    const rewardText = (await reward.textContent()) ?? '';
    await reward.click();
    await expectText(page, 'Hourly statement');
    await expect.poll(() => page.getByTestId('statement-paid').textContent()).toBe(rewardText);
    // The worked formula ends in exactly what was paid.
    const worked = (await page.getByTestId('statement-worked').textContent()) ?? '';
    expect(worked.endsWith(`= ${rewardText.split(' ')[0]}`), worked).toBe(true);
    await expectText(page, 'Your time-weighted stake');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says where a release goes, and offers add funds from the stake form', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/launchpool`);
    await page.getByTestId('stake-LPX-USDT').click();
    await expectText(page, 'At the end, move my stake to');
    // Fixed Simple Earn is open: the release opens a fixed order of the term, so there is nothing to warn of.
    await page.getByText('Fixed 30d +1%').click();
    await page.getByText('Flexible', { exact: true }).click();
    expect(await page.getByTestId('release-notice').count()).toBe(0);
    await page.getByTestId('stake-amount').fill('12');
    await page.getByTestId('stake-add-funds').click();
    await expectText(page, 'Add USDT');
    await page.getByTestId('add-funds-deposit').waitFor();
    // Escape closes only the add-funds dialog on top; the stake form keeps its amount.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('add-funds-deposit').count()).toBe(0);
    expect(await page.getByTestId('stake-amount').inputValue()).toBe('12');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('stake-amount').count()).toBe(0);
    // One choice is the whole stake's: a second stake starts from it, and changing it says so.
    await page.getByTestId('stake-LPX-USDT').click();
    await page.getByText('Spot', { exact: true }).click();
    await page.getByTestId('stake-amount').fill('20');
    await page.getByTestId('stake-confirm').click();
    await enterFundPassword(page, '123456');
    await expect.poll(() => page.getByTestId('stake-success-amount').textContent()).toBe('20 USDT');
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByTestId('stake-LPX-USDT').click();
    await expect.poll(() => page.getByRole('radio', { name: 'Spot' }).isChecked()).toBe(true);
    expect(await page.getByTestId('whole-stake-notice').count()).toBe(0);
    await page.getByText('Flexible', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('whole-stake-notice').textContent())
      .toContain('the 20 USDT already staked will go there too');
    await page.keyboard.press('Escape');

    // A pool with volume tiers: the cap link opens the eligibility steps with the volume still needed.
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    // A fixed choice whose term has no product on sale says the stake would go into flexible instead.
    const products = (await e2e.admin('/apiw/v2/fixed_earn/api/product/1/list', undefined, 'GET')) as {
      data: { list: { id: number; asset: string; lock_up_period: number }[] };
    };
    const btc30 = products.data.list.find((p) => p.asset === 'BTC' && p.lock_up_period === 30);
    if (!btc30) throw new Error('no 30-day BTC product in the demo');
    await page.getByTestId('stake-AVAX-BTC').click();
    await page.getByText('Fixed 30d +2%').click();
    expect(await page.getByTestId('release-notice').count()).toBe(0);
    await escapeDialog(page);
    await e2e.admin(`/admin/v1/fixed-earn/products/${btc30.id}`, { sale: 'closed' }, 'PUT');
    await page.reload();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await page.getByTestId('stake-AVAX-BTC').click();
    await page.getByText('Fixed 30d +2%').click();
    await expect
      .poll(() => page.getByTestId('release-notice').textContent())
      .toContain('No 30-day fixed BTC product is on sale now');
    await e2e.admin(`/admin/v1/fixed-earn/products/${btc30.id}`, { sale: 'open' }, 'PUT');
    await page.keyboard.press('Escape');
    await page.getByTestId('stake-AVAX-ETH').click();
    await page.getByTestId('stake-raise-cap').click();
    const cap = page.getByTestId('eligibility-cap');
    await cap.waitFor();
    await expectText(page, 'to reach T');
    // Trading to raise the volume is on the exchange's pages, in the pool's coin.
    expect(await cap.getByRole('link', { name: 'Trade' }).getAttribute('href')).toBe(`${EXCHANGE_URL}/trade/ETH_USDT`);
    expect(await cap.getByRole('link', { name: 'Futures' }).getAttribute('href')).toBe(
      `${EXCHANGE_URL}/futures/USDT/ETH_USDT`,
    );
    // One tab per reward pool; USDT trades against BTC.
    await cap.getByRole('tab', { name: 'USDT' }).click();
    await expectText(page, 'Staking USDT in this pool has no trading-volume requirement.');
    expect(await cap.getByRole('link', { name: 'Trade' }).getAttribute('href')).toBe(`${EXCHANGE_URL}/trade/BTC_USDT`);
    await context.close();
  });

  it("leaves one pool's notices behind when another pool's tab is chosen, and closes a new-users pool to others", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'demo@example.com');
    await page.goto(`${e2e.baseUrl}/launchpool`);
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    // demo@ is not a new user: the newcomers' pool says so before anything is typed, and takes no stake.
    await page.getByTestId('stake-AVAX-USDT').click();
    const newUsersOnly = page.getByTestId('new-users-only');
    await expect.poll(() => newUsersOnly.textContent()).toBe('This pool is for new users only');
    expect(await page.getByTestId('stake-amount').isDisabled()).toBe(true);
    expect(await page.getByTestId('stake-max').isDisabled()).toBe(true);
    expect(await page.getByTestId('stake-confirm').isDisabled()).toBe(true);
    // The BTC pool is open to all, and releases into fixed Simple Earn only: its notice says so.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'BTC' }).click();
    expect(await newUsersOnly.count()).toBe(0);
    expect(await page.getByTestId('stake-amount').isDisabled()).toBe(false);
    const fixedOnly = page.getByText('This pool moves stakes into fixed Simple Earn at the end');
    await fixedOnly.waitFor();
    // The ETH pool releases anywhere: the BTC pool's notice goes.
    await dialog.getByRole('tab', { name: 'ETH' }).click();
    await expect.poll(() => fixedOnly.count()).toBe(0);
    await context.close();
    // A new user finds the newcomers' pool open.
    const newcomer = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const theirs = await newcomer.newPage();
    await login(theirs, e2e.baseUrl, 'new@example.com');
    await theirs.goto(`${e2e.baseUrl}/launchpool`);
    await theirs.getByRole('tab', { name: 'Upcoming' }).click();
    await theirs.getByTestId('stake-AVAX-USDT').click();
    await theirs.getByTestId('stake-amount').fill('20');
    await expect.poll(() => theirs.getByTestId('stake-confirm').isEnabled()).toBe(true);
    expect(await theirs.getByTestId('new-users-only').count()).toBe(0);
    await newcomer.close();
  });

  it('says Commit to a US user', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'us@example.com');
    await page.goto(`${e2e.baseUrl}/launchpool`);
    await expect.poll(() => page.getByTestId('stake-LPX-USDT').textContent()).toBe('Commit');
    // The page's words say commit throughout, not stake.
    await expectText(page, 'Commit coins, earn new tokens every hour');
    expect(await page.getByRole('columnheader', { name: 'My commitment' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('columnheader', { name: 'Total committed' }).count()).toBeGreaterThan(0);
    expect(await stakeWords(page.locator('main'))).toBe(0);
    // Its notes too (on-chain staking, another product, keeps its name).
    await page.getByRole('button', { name: 'About redemption earn' }).click();
    await expectText(page, 'Your commitment is yours: redeem any time while the project runs.');
    expect(await stakeWords(page.getByRole('dialog'), /\bstak(e|ed|es)\b/i)).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The APR's info opens beside its mark (the pop-over is placed by the mark it comes from).
    const mark = page.getByRole('button', { name: 'info' }).first();
    await mark.click();
    const tip = page.getByText('The rate shown is fixed for the event period').first();
    await tip.waitFor();
    const [at, box] = [await mark.boundingBox(), await tip.boundingBox()];
    expect(Math.abs((box?.y ?? 0) - (at?.y ?? 0))).toBeLessThan(80);
    expect(Math.abs((box?.x ?? 0) - (at?.x ?? 0))).toBeLessThan(300);
    // One pop-over at a time: opening another, from the keyboard too, closes the first.
    const marks = page.getByRole('button', { name: 'info' });
    const dropdowns = page.locator('.mantine-Popover-dropdown');
    const first = await dropdowns.boundingBox();
    await marks.nth(1).focus();
    await page.keyboard.press('Enter');
    // Settled when one pop-over is left and it is not the first (which closes with a transition).
    await expect
      .poll(async () => ((await dropdowns.count()) === 1 ? (await dropdowns.boundingBox())?.y : first?.y))
      .not.toBe(first?.y);
    expect(await dropdowns.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dropdowns.count()).toBe(0);
    await page.getByTestId('stake-LPX-USDT').click();
    await expectText(page, 'Commit to earn LPX');
    // The form's own words and checks say commit too.
    await page.getByTestId('stake-amount').fill('5');
    await expectText(page, 'The minimum commitment is 10 USDT');
    await page.getByTestId('stake-amount').fill('');
    expect(await stakeWords(page.getByRole('dialog'))).toBe(0);
    // Escape closes an info pop-over in the dialog, and only the pop-over.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'info' }).first().click();
    const balanceTip = page.getByText('Your USDT balance in your spot account.');
    await balanceTip.waitFor();
    await page.keyboard.press('Escape');
    await balanceTip.waitFor({ state: 'hidden' });
    await expectText(page, 'Commit to earn LPX');
    // A click outside the dialog with a pop-over open dismisses only the pop-over.
    await dialog.getByRole('button', { name: 'info' }).first().click();
    await balanceTip.waitFor();
    await page.mouse.click(5, 5);
    await balanceTip.waitFor({ state: 'hidden' });
    await expectText(page, 'Commit to earn LPX');
    await expect.poll(() => page.getByTestId('stake-confirm').textContent()).toBe('Commit');
    // Adding funds from the commit form: deposit, but no express buy and no transfer.
    await page.getByTestId('stake-add-funds').click();
    await page.getByTestId('add-funds-deposit').waitFor();
    expect(await page.getByTestId('add-funds-express_buy').count()).toBe(0);
    expect(await page.getByTestId('add-funds-transfer').count()).toBe(0);
    await context.close();
  });

  it('tells a user subscribed to Launchpool about a new project in the inbox', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'new@example.com');
    await page.getByRole('button', { name: 'Subscribe to notifications' }).click();
    const launchpool = page.getByRole('switch', { name: 'Launchpool' });
    await launchpool.waitFor({ state: 'attached' });
    await page.locator(`label[for="${await launchpool.getAttribute('id')}"]`).click();
    await expectText(page, 'Subscribed. We will notify you about new events.');
    await page.keyboard.press('Escape');
    const startSec = Math.ceil(Date.now() / 3_600_000) * 3600 + 7 * 24 * 3600;
    // Projects that start sooner are listed above it, far enough that the page must scroll to it.
    for (let i = 1; i <= 5; i++) {
      await e2e.admin('/admin/v1/launch-pool/projects', {
        coin: 'UNI',
        name: `Sooner ${i}`,
        start_timest: startSec - i * 3600,
        end_timest: startSec + 24 * 3600,
        pools: [{ coin: 'GT', total_reward: '10', personal_min_amount: '1' }],
      });
    }
    await e2e.admin('/admin/v1/launch-pool/projects', {
      coin: 'UNI',
      name: 'Inbox test',
      start_timest: startSec,
      end_timest: startSec + 24 * 3600,
      pools: [{ coin: 'GT', total_reward: '10', personal_min_amount: '1' }],
    });
    await page.reload();
    await page.getByTestId('inbox').click();
    await expectText(page, 'New Launchpool: Inbox test');
    await page.keyboard.press('Escape');
    await page.getByText('New Launchpool: Inbox test').waitFor({ state: 'hidden' });
    await page.getByTestId('inbox').click();
    await page.getByText('New Launchpool: Inbox test').click();
    // The project starts in a week: the message opens the Upcoming tab, which lists it.
    await page.waitForURL('**/launchpool?pid=*');
    await expect.poll(() => page.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
    await expectText(page, 'Inbox test');
    // Its card is the one marked, and in view.
    const card = page.locator('[data-linked]');
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain('Inbox test');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(() => card.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(900);
    await context.close();
  });

  it('keeps what the user typed over the Max applied once the balance arrives, and reads an input method only once committed', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, e2e.baseUrl, 'demo@example.com');
    // The user's stakes arrive late, as on a slow network: Max waits for them. Every read is held
    // back, the page's own too, or the dialog could open on stakes the page had read already.
    await page.route('**/user-project-statistics*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    const statsArrived = page.waitForResponse((r) => r.url().includes('/user-project-statistics'));
    await page.goto(`${e2e.baseUrl}/launchpool`);
    await page.getByTestId('stake-LPX-GT').click();
    const field = page.getByTestId('stake-amount');
    await field.pressSequentially('10');
    await statsArrived;
    await page.waitForTimeout(300);
    expect(await field.inputValue()).toBe('10');

    // A Japanese input method in full-width mode composes '５０' before committing it.
    await field.fill('');
    const ime = await context.newCDPSession(page);
    await ime.send('Input.imeSetComposition', { text: '５', selectionStart: 1, selectionEnd: 1 });
    await ime.send('Input.imeSetComposition', { text: '５０', selectionStart: 2, selectionEnd: 2 });
    expect(await field.inputValue()).toBe('５０');
    await ime.send('Input.insertText', { text: '５０' });
    await expect.poll(() => field.inputValue()).toBe('50');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stakes on a phone through the stake page with its fixed bottom bar', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await login(page, e2e.baseUrl, 'vip@example.com');
    // A stake link that names no project, or one too large to be an id, says so.
    for (const pid of ['999999', '99999999999999999999']) {
      await page.goto(`${e2e.baseUrl}/launchpool/stake?pid=${pid}`);
      await expectText(page, 'This link names no Launchpool project');
      // The projects' page says the same for a link to it.
      await page.goto(`${e2e.baseUrl}/launchpool?pid=${pid}`);
      await page.getByTestId('no-project').waitFor();
    }
    await page.goto(`${e2e.baseUrl}/launchpool`);
    // All four tabs (history too, signed in) fit the phone's width: none is cut off at the edge.
    await page.getByRole('tab', { name: 'History' }).waitFor();
    expect(await page.getByRole('tablist').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    // Every control takes a finger: the pools' info marks, their last hour's links, the buttons.
    await page.getByTestId('stake-LPX-GT').waitFor();
    expect(await smallTapTargets(page)).toEqual([]);
    await page.getByTestId('stake-LPX-GT').click();
    await page.waitForURL('**/launchpool/stake?pid=*&rid=*');
    const bar = page.getByTestId('stake-bottom-bar');
    await bar.waitFor();
    await expect.poll(() => page.getByTestId('stake-amount').inputValue()).not.toBe('');
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // The header fits: nothing on the page is wider than the phone, and the confirm button spans the bar.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const [barBox, buttonBox] = await Promise.all([bar.boundingBox(), page.getByTestId('stake-confirm').boundingBox()]);
    expect((buttonBox?.width ?? 0) / (barBox?.width ?? 1)).toBeGreaterThan(0.9);
    await expect.poll(() => page.getByTestId('stake-amount').inputValue()).not.toBe('');
    await page.getByTestId('stake-amount').fill('100');
    // The estimate stands beside its label, not on a line of its own below it.
    const estimate = page.getByTestId('stake-est-reward');
    await estimate.waitFor();
    const [labelBox, estimateBox] = await Promise.all([
      page.getByText('Estimated reward', { exact: true }).boundingBox(),
      estimate.boundingBox(),
    ]);
    expect(Math.abs((estimateBox?.y ?? 0) - (labelBox?.y ?? 999))).toBeLessThan(4);
    await page.getByTestId('stake-confirm').click();
    await enterFundPassword(page, '123456');
    await expect.poll(() => page.getByTestId('stake-success-amount').textContent()).toBe('100 GT');
    // The stake view is closed behind the success, not left filled in.
    expect(await page.getByTestId('stake-amount').count()).toBe(0);
    // Done: back to the projects rather than a form still filled in.
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.waitForURL('**/launchpool');
    await context.close();
  });

  it('labels the APR of an ended project as the APR at its end', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // A link to the project opens the tab it is in: the demo's third project has ended.
    await page.goto(`${e2e.baseUrl}/launchpool?pid=3`);
    await expect.poll(() => page.getByRole('tab', { name: 'Completed' }).getAttribute('aria-selected')).toBe('true');
    await expectText(page, 'Cosmos hub');
    await page.getByRole('columnheader', { name: 'APR at end' }).first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Est. APR' }).count()).toBe(0);
    // Its stakes are back with their holders: the total shown is the one at its end.
    await page.getByRole('columnheader', { name: 'Total staked at end' }).first().waitFor();
    // Its hours are over: the last one it paid is its final hour, not the last hour.
    await expectText(page, 'Final hour avg 0 GT');
    expect(await page.getByText(/Last hour/).count()).toBe(0);
    await page.getByRole('button', { name: 'info' }).first().click();
    await expectText(
      page,
      'The APR when the project ended: the ATOM paid per year over the value staked then, at the prices of then.',
    );
    await context.close();
  });

  it('marks a VIP pool, and says beside an ended project’s total that the reader’s stake came back', async () => {
    const clock = (await e2e.admin('/admin/v1/clock', null, 'GET')) as { data: { now_ms: number } };
    const hour = Math.floor(clock.data.now_ms / 3_600_000) * 3600;
    const pools = [{ coin: 'GT', total_reward: '10', personal_min_amount: '1' }];
    const created = (await e2e.admin('/admin/v1/launch-pool/projects', {
      coin: 'UNI',
      name: 'Short one',
      start_timest: hour,
      end_timest: hour + 2 * 3600,
      pools: [...pools, { ...pools[0], vip_config: { min_tier: 5, quota: '100' } }],
    })) as { data: { pid: number } };
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // A reader no other test here stakes for, so their 200 GT are all there.
    await login(page, e2e.baseUrl, 'new@example.com');
    await page.goto(`${e2e.baseUrl}/launchpool?pid=${created.data.pid}`);
    const card = page.locator('[data-linked]');
    await card.getByText('Short one').waitFor();
    // Two GT pools: the VIP one says so.
    expect(await card.locator('[data-testid^="vip-pool-"]').count()).toBe(1);
    await card.getByTestId('stake-UNI-GT').first().click();
    // Max is applied by itself once the form has what it needs; then the reader types over it.
    await expect.poll(() => page.getByTestId('stake-amount').inputValue(), { timeout: 10_000 }).toBe('200');
    await page.getByTestId('stake-amount').fill('10');
    await page.getByTestId('stake-confirm').click();
    await enterFundPassword(page, '123456');
    await page.getByRole('button', { name: 'Got it' }).click();
    await e2e.admin('/admin/v1/clock/advance', { hours: 2 });
    await page.goto(`${e2e.baseUrl}/launchpool?pid=${created.data.pid}`);
    await expect.poll(() => page.getByRole('tab', { name: 'Completed' }).getAttribute('aria-selected')).toBe('true');
    const ended = page.locator('[data-linked]');
    await ended.getByRole('columnheader', { name: 'Total staked at end' }).waitFor();
    expect(await ended.locator('[data-testid^="returned-"]').textContent()).toBe('Your stake was returned at the end');
    // The last hour it paid is its final hour.
    expect(await ended.getByTestId('last-hour-GT').first().textContent()).toMatch(/^Final hour [\d.,]+ UNI$/);
    await context.close();
  });

  it('names the projects in Chinese for a Chinese reader, where the operator wrote the name', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/launchpool`);
    await expectText(page, '像素启动 (LPX)');
    await page.getByRole('tab', { name: '已结束' }).click();
    await expectText(page, 'Cosmos 中心 (ATOM)');
    await context.close();
  });
});
