import { describe, expect, it } from 'vitest';
import { asLocale, browserLocale } from './locale.js';

describe('the reader’s language', () => {
  it('takes a stored choice only when the app is written in it', () => {
    expect(asLocale('en')).toBe('en');
    expect(asLocale('zh-CN')).toBe('zh-CN');
    for (const other of ['zh-cn', 'fr', '', ' en', undefined]) expect(asLocale(other)).toBeUndefined();
  });

  it('follows the browser’s first language: any Chinese is Chinese, anything else English', () => {
    for (const zh of ['zh-CN', 'zh-TW', 'zh', ' ZH-hk', 'zh-Hant-TW']) expect(browserLocale(zh)).toBe('zh-CN');
    for (const en of ['en-US', 'fr-FR', 'ja', '', 'zhx', 'zh_CN', undefined]) expect(browserLocale(en)).toBe('en');
  });
});
