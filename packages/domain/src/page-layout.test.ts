import { describe, expect, it } from 'vitest';
import { browserLayout, prerenderedPageFile } from './page-layout.js';

describe('page layout', () => {
  it("takes the browser's client hint first, else its user agent", () => {
    const android =
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    const desktop =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
    expect(browserLayout('?1', desktop)).toBe('phone');
    expect(browserLayout(' ?1 ', undefined)).toBe('phone');
    expect(browserLayout('?0', android)).toBe('desktop');
    expect(browserLayout('nonsense', android)).toBe('desktop');
    expect(browserLayout(undefined, android)).toBe('phone');
    expect(browserLayout(undefined, iphone)).toBe('phone');
    expect(browserLayout(undefined, ipad)).toBe('desktop');
    expect(browserLayout(undefined, desktop)).toBe('desktop');
    expect(browserLayout(undefined, undefined)).toBe('desktop');
  });

  it('names a phone page apart from the desktop one', () => {
    expect(prerenderedPageFile('/simple-earn', 'en', 'desktop')).toBe('simple-earn.en.html');
    expect(prerenderedPageFile('/simple-earn', 'zh-CN', 'phone')).toBe('simple-earn.zh-CN.phone.html');
    expect(prerenderedPageFile('/soft-staking/agreement', 'en', 'phone')).toBe('soft-staking/agreement.en.phone.html');
  });
});
