import { describe, expect, it } from 'vitest';
import { asLocale, browserLocale, messageParams, operatorTexts, readerLocale } from './locale.js';

describe('the reader’s language', () => {
  it('takes a stored choice only when the app is written in it', () => {
    expect(asLocale('en')).toBe('en');
    expect(asLocale('zh-CN')).toBe('zh-CN');
    expect(asLocale('zh-cn')).toBe('zh-CN');
    expect(asLocale('EN')).toBe('en');
    for (const other of ['zh', 'zh-TW', 'fr', '', ' en', undefined]) expect(asLocale(other)).toBeUndefined();
  });

  it('follows the browser’s first language the app is written in: any Chinese is Chinese', () => {
    for (const zh of ['zh-CN', 'zh-TW', 'zh', ' ZH-hk', 'zh-Hant-TW']) expect(browserLocale([zh])).toBe('zh-CN');
    for (const en of ['en-US', 'en', 'fr-FR', 'ja', '', 'zhx', 'zh_CN', '*']) expect(browserLocale([en])).toBe('en');
    expect(browserLocale([])).toBe('en');
    // Past the languages the app is not written in, to the first it is.
    expect(browserLocale(['fr-FR', 'fr', 'zh-CN', 'en'])).toBe('zh-CN');
    expect(browserLocale(['ja', 'en-GB', 'zh-CN'])).toBe('en');
    expect(browserLocale(['de', 'ja'])).toBe('en');
  });

  it('says an operator’s texts in the language a reader asked for, by any spelling of it', () => {
    const texts = { 'zh-CN': { title: '新用户专享' } };
    for (const zh of ['zh-CN', 'zh-cn', 'zh', 'ZH-TW']) {
      expect(readerLocale(zh)).toBe('zh-CN');
      expect(operatorTexts(texts, zh)).toEqual({ title: '新用户专享' });
    }
    for (const other of ['en', 'fr', '', undefined]) {
      expect(readerLocale(other)).toBe('en');
      expect(operatorTexts(texts, other)).toBeUndefined();
    }
    expect(operatorTexts({}, 'zh-CN')).toBeUndefined();
  });

  it('reads a stored message’s values in the reader’s language where the operator wrote them', () => {
    const params = { name: 'Launch Pixel', 'name.zh-CN': '像素启动', coin: 'LPX' };
    expect(messageParams(params, 'zh')).toMatchObject({ name: '像素启动', coin: 'LPX' });
    expect(messageParams(params, 'en')).toMatchObject({ name: 'Launch Pixel', coin: 'LPX' });
    expect(messageParams({ name: 'Only English' }, 'zh-CN')).toEqual({ name: 'Only English' });
  });
});
