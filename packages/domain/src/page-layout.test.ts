import { describe, expect, it } from 'vitest';
import { appShellFile, browserLayout, NOT_FOUND_SHELL_PATH, prerenderedPageFile, routeAt } from './page-layout.js';

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

describe('route of an address', () => {
  const patterns = [
    '/',
    '/simple-earn',
    '/simple-earn/my-lendings',
    '/simple-earn/my-lendings/:id',
    '/staking/:coin',
    '/staking/faq',
  ];

  it('matches as the router does: case and trailing slashes aside, a parameter for one segment', () => {
    expect(routeAt(patterns, '/')).toBe('/');
    expect(routeAt(patterns, '/simple-earn')).toBe('/simple-earn');
    expect(routeAt(patterns, '/Simple-Earn/')).toBe('/simple-earn');
    expect(routeAt(patterns, '/simple-earn//')).toBe('/simple-earn');
    expect(routeAt(patterns, '/simple-earn/my-lendings/42')).toBe('/simple-earn/my-lendings/:id');
    expect(routeAt(patterns, '/staking/%E4%B8%AD')).toBe('/staking/:coin');
    // A page of its own wins over a parameter, whatever the order.
    expect(routeAt(patterns, '/staking/faq')).toBe('/staking/faq');
  });

  it('finds none for another address', () => {
    for (const pathname of [
      '/nowhere',
      '/simple-earn/nowhere',
      '/simple-earn/my-lendings/42/more',
      '/staking',
      '//simple-earn',
      '/staking/%E4%B8',
      '/staking/%00',
      '/staking/ETH%0A',
      '',
      'simple-earn',
    ]) {
      expect(routeAt(patterns, pathname), pathname).toBeUndefined();
    }
  });

  it('names a titled empty app by its route, a parameter in brackets', () => {
    expect(appShellFile('/login', 'en')).toBe('login.en.app.html');
    expect(appShellFile('/staking/:coin', 'zh-CN')).toBe('staking/[coin].zh-CN.app.html');
    expect(appShellFile(NOT_FOUND_SHELL_PATH, 'en')).toBe('_not-found.en.app.html');
  });
});
