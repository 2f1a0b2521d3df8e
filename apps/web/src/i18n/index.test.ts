import { expect, it } from 'vitest';
import { currentLocale, i18n, setLocale } from './index.js';

it('shows the language chosen last, though an earlier choice’s dictionary arrives after it', async () => {
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
