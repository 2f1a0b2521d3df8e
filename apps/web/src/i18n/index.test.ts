import { checkFixedSubscribe } from '@earn/domain';
import { expect, it } from 'vitest';
import { currentLocale, i18n, sayTradingAccountOf, setLocale } from './index.js';

it('shows the language chosen last, though an earlier choice’s dictionary arrives after it', async () => {
  // Chinese not yet fetched, whichever of this file's tests ran first.
  i18n.removeResourceBundle('zh-CN', 'translation');
  expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(false);
  const chinese = setLocale('zh-CN');
  await setLocale('en');
  await chinese;
  expect(currentLocale()).toBe('en');
  expect(i18n.t('nav.menu')).toBe('Menu');
  expect(localStorage.getItem('earn.locale')).toBe('en');
  expect(document.documentElement.lang).toBe('en');
});

it('keeps a choice from the moment it is made, before its dictionary arrives', async () => {
  const chosen = setLocale('zh-CN');
  // A reload now comes back in the language chosen.
  expect(localStorage.getItem('earn.locale')).toBe('zh-CN');
  expect(document.cookie).toContain('earn_locale=zh-CN');
  await chosen;
  expect(currentLocale()).toBe('zh-CN');
  await setLocale('en');
});

it('counts a single hour and a single day as one, not as "1 hours" or "1 days"', async () => {
  await setLocale('en');
  const sim = { filled: 1, partly: 0 };
  expect(i18n.t('earn.minApr.simulation', { ...sim, count: 1 })).toBe(
    'In the last hour this minimum would have lent fully in 1 and partly in 0.',
  );
  expect(i18n.t('earn.minApr.simulation', { ...sim, count: 24 })).toContain('In the last 24 hours');
  const voucher = { ratio: '1.50%', low: '0', coin: 'BTC' };
  expect(i18n.t('fixed.voucher.option', { ...voucher, count: 1 })).toBe('+1.50% APR for 1 day (from 0 BTC)');
  expect(i18n.t('fixed.voucher.option', { ...voucher, count: 7 })).toContain('for 7 days');
});

it("says a voucher's minimum as the voucher's, in both languages, from the domain's refusal", async () => {
  const refused = checkFixedSubscribe('12', {
    asset: 'USDT',
    minLendAmount: '10',
    available: '1000',
    productRemaining: '1000',
    userRemaining: '1000',
    voucher: { buy_limit_low: '100', buy_limit_high: '5000' },
  });
  if (refused.ok) throw new Error('12 is below the voucher’s minimum');
  await setLocale('en');
  expect(i18n.t(refused.key, refused.params)).toBe(
    'The chosen voucher needs at least 100 USDT: subscribe more, or choose no voucher',
  );
  await setLocale('zh-CN');
  expect(i18n.t(refused.key, refused.params)).toContain('加息券');
  await setLocale('en');
  // Without a voucher, the product's own minimum.
  const below = checkFixedSubscribe('5', {
    asset: 'USDT',
    minLendAmount: '10',
    available: '1000',
    productRemaining: '1000',
    userRemaining: '1000',
  });
  if (below.ok) throw new Error('5 is below the minimum');
  expect(i18n.t(below.key, below.params)).toBe('The minimum subscription is 10 USDT');
});

it('names the trading account a payout goes to as the reader’s own wallet, spot or unified, in either language', async () => {
  const arrived = () => i18n.t('staking.redeemedBodyArrived', { received: '1', coin: 'ETH', fee: '0' });
  await setLocale('en');
  sayTradingAccountOf('classic');
  expect(arrived()).toBe('1 ETH (fee 0 ETH) is in your spot account.');
  sayTradingAccountOf('multi_currency');
  expect(arrived()).toBe('1 ETH (fee 0 ETH) is in your unified account.');
  // The language changes the name with it.
  await setLocale('zh-CN');
  expect(arrived()).toBe('1 ETH（手续费 0 ETH）已到账统一账户。');
  // Launchpool's rewards and soft staking's coins are in the same wallet.
  expect(i18n.t('launch.note.2')).toBe('奖励每小时发放至统一账户。');
  sayTradingAccountOf(undefined);
  expect(i18n.t('fixed.redeemAccount.unsupported')).toBe('该产品只能赎回至现货账户');
  expect(i18n.t('softStaking.subtitle')).toMatch(/^现货账户中的币种/);
  await setLocale('en');
});
