import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'earn-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  // What apps/web/scripts/prerender.mjs writes: a page per address and language, precompressed.
  for (const [file, html] of [
    ['simple-earn.en.html', '<div id="root" data-locale="en">Simple Earn</div>'],
    ['simple-earn.zh-CN.html', '<div id="root" data-locale="zh-CN">余币宝</div>'],
    ['simple-earn.en.phone.html', '<div id="root" data-locale="en" data-layout="phone">Simple Earn, phone</div>'],
    ['soft-staking/agreement.en.html', '<div id="root" data-locale="en">Agreement</div>'],
    ['_app.en.app.html', '<html lang="en"><div id="root"></div>'],
    ['_app.zh-CN.app.html', '<html lang="zh-CN"><div id="root"></div>'],
    // The empty app titled for a page.
    ['login.en.app.html', '<html lang="en"><title>Log in | Earn</title><div id="root"></div>'],
    ['login.zh-CN.app.html', '<html lang="zh-CN"><title>登录 | 理财</title><div id="root"></div>'],
    ['simple-earn.en.app.html', '<html lang="en"><title>Simple Earn | Earn</title><div id="root"></div>'],
    // Titled for a route with a parameter, and as the not-found page.
    ['staking/[coin].en.app.html', '<html lang="en"><title>Staking | Earn</title><div id="root"></div>'],
    ['_not-found.en.app.html', '<html lang="en"><title>Page not found | Earn</title><div id="root"></div>'],
    ['_not-found.zh-CN.app.html', '<html lang="zh-CN"><title>页面不存在 | 理财</title><div id="root"></div>'],
  ] as const) {
    fs.mkdirSync(path.dirname(path.join(dist, 'pages', file)), { recursive: true });
    fs.writeFileSync(path.join(dist, 'pages', file), html);
    fs.writeFileSync(path.join(dist, 'pages', `${file}.br`), zlib.brotliCompressSync(html));
  }
  // The app's routes, as the build writes them.
  fs.writeFileSync(
    path.join(dist, 'pages', 'routes.json'),
    JSON.stringify([
      '/',
      '/login',
      '/assets',
      '/settings/security',
      '/simple-earn',
      '/simple-earn/history',
      '/simple-earn/my-lendings',
      '/soft-staking/agreement',
      '/staking/:coin',
    ]),
  );
  ts = await startTestServer({ webDist: dist, postgres: false });
});
afterAll(() => ts.close());

describe('serving the web app', () => {
  it('answers page navigations with the app, fresh every time', async () => {
    for (const p of ['/', '/assets', '/settings/security', '/simple-earn/my-lendings?tab=fixed']) {
      const res = await fetch(`${ts.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it("sends a prerendered page in the reader's language: their choice, else their browser's first the app has", async () => {
    const page = async (p: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${ts.url}${p}`, { headers });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toMatch(/cookie, accept-language/i);
      return res.text();
    };
    expect(await page('/simple-earn')).toContain('Simple Earn');
    expect(await page('/simple-earn', { cookie: 'earn_locale=zh-CN' })).toContain('余币宝');
    expect(await page('/simple-earn', { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' })).toContain('余币宝');
    expect(await page('/simple-earn', { cookie: 'earn_locale=en', 'accept-language': 'zh-CN' })).toContain(
      'Simple Earn',
    );
    // The browser's languages by preference (quality), past those the app is not written in.
    expect(await page('/simple-earn', { 'accept-language': 'fr-FR,fr;q=0.9,zh-CN;q=0.8,en;q=0.7' })).toContain(
      '余币宝',
    );
    expect(await page('/simple-earn', { 'accept-language': 'zh-CN;q=0.5,en-GB;q=0.8' })).toContain('Simple Earn');
    expect(await page('/simple-earn', { 'accept-language': 'de' })).toContain('Simple Earn');
    // A language the app is not written in counts as no choice.
    expect(await page('/simple-earn', { cookie: 'earn_locale=fr', 'accept-language': 'zh' })).toContain('余币宝');
    expect(await page('/soft-staking/agreement')).toContain('Agreement');
    // Brotli as for the bundles.
    const br = await fetch(`${ts.url}/simple-earn`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('Simple Earn');
  });

  it("sends a phone's page to a browser that says it is on a phone, the desktop's where none was made", async () => {
    const phone =
      'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36';
    const page = async (p: string, headers: Record<string, string>) => {
      const res = await fetch(`${ts.url}${p}`, { headers });
      expect(res.status, p).toBe(200);
      expect(res.headers.get('vary')).toMatch(/sec-ch-ua-mobile, user-agent/i);
      return res.text();
    };
    expect(await page('/simple-earn', { 'user-agent': phone })).toContain('Simple Earn, phone');
    expect(await page('/simple-earn', { 'sec-ch-ua-mobile': '?1' })).toContain('Simple Earn, phone');
    // The client hint wins over the user agent (a phone asking for the desktop site).
    expect(await page('/simple-earn', { 'sec-ch-ua-mobile': '?0', 'user-agent': phone })).not.toContain('phone');
    expect(await page('/simple-earn', {})).not.toContain('phone');
    // No phone page in Chinese or for the agreement: the desktop's, in the reader's language.
    expect(await page('/simple-earn', { 'user-agent': phone, cookie: 'earn_locale=zh-CN' })).toContain('余币宝');
    expect(await page('/soft-staking/agreement', { 'user-agent': phone })).toContain('Agreement');
    expect(await page('/simple-earn?tab=1', { 'user-agent': phone })).toBe(
      '<html lang="en"><title>Simple Earn | Earn</title><div id="root"></div>',
    );
  });

  it('never sends a prerendered file at its own address (the app would not know the page), and answers HEAD as GET', async () => {
    for (const p of [
      '/pages/simple-earn.en.html',
      '/pages/simple-earn.zh-CN.html.br',
      '/pages/simple-earn.en.phone.html',
      '/%70ages/simple-earn.en.html',
    ]) {
      const res = await fetch(`${ts.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('Simple Earn');
    }
    const head = await fetch(`${ts.url}/simple-earn`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetch(`${ts.url}/settings/security`, { method: 'HEAD' })).status).toBe(200);
  });

  it("sends the empty app in the reader's language where no page was prerendered: another language, a query, another address", async () => {
    const chinese = '<html lang="zh-CN"><div id="root"></div>';
    const english = '<html lang="en"><div id="root"></div>';
    for (const [p, headers, shell] of [
      ['/soft-staking/agreement', { cookie: 'earn_locale=zh-CN' }, chinese],
      ['/simple-earn?tab=1', { 'accept-language': 'zh-CN' }, chinese],
      ['/simple-earn/', {}, '<html lang="en"><title>Simple Earn | Earn</title><div id="root"></div>'],
      ['/simple-earn/history', {}, english],
      // Titled for its page where the build made one.
      ['/simple-earn?tab=1', {}, '<html lang="en"><title>Simple Earn | Earn</title><div id="root"></div>'],
      ['/login', {}, '<html lang="en"><title>Log in | Earn</title><div id="root"></div>'],
      [
        '/login?from=x',
        { 'accept-language': 'zh-TW,en;q=0.5' },
        '<html lang="zh-CN"><title>登录 | 理财</title><div id="root"></div>',
      ],
      ['/staking/ETH', {}, '<html lang="en"><title>Staking | Earn</title><div id="root"></div>'],
      ['/staking/eth?pid=1', {}, '<html lang="en"><title>Staking | Earn</title><div id="root"></div>'],
    ] as const) {
      const res = await fetch(`${ts.url}${p}`, { headers });
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toBe(shell);
    }
  });

  it("answers an address the app has no page at with 404 and the not-found page, in the reader's language", async () => {
    for (const [p, headers, shell] of [
      ['/nowhere', {}, '<html lang="en"><title>Page not found | Earn</title><div id="root"></div>'],
      ['/simple-earn/nowhere?tab=1', {}, '<html lang="en"><title>Page not found | Earn</title><div id="root"></div>'],
      ['/login/../_app', {}, '<html lang="en"><title>Page not found | Earn</title><div id="root"></div>'],
      ['/staking', {}, '<html lang="en"><title>Page not found | Earn</title><div id="root"></div>'],
      ['/staking/%00', {}, '<html lang="en"><title>Page not found | Earn</title><div id="root"></div>'],
      ['/%00', {}, '<html lang="en"><title>Page not found | Earn</title><div id="root"></div>'],
      ['/staking//ETH', {}, '<html lang="en"><title>Page not found | Earn</title><div id="root"></div>'],
      [
        '/staking/ETH/more',
        { cookie: 'earn_locale=zh-CN' },
        '<html lang="zh-CN"><title>页面不存在 | 理财</title><div id="root"></div>',
      ],
    ] as const) {
      const res = await fetch(`${ts.url}${p}`, { headers });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
      expect(await res.text(), p).toBe(shell);
    }
    expect((await fetch(`${ts.url}/nowhere`, { method: 'HEAD' })).status).toBe(404);
  });

  it('serves bundles immutable, including ones built after the server started', async () => {
    const res = await fetch(`${ts.url}/assets/app-1.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // What a shared cache may keep sets no cookie (it would hand one visitor's token to every other),
    // with a session or without; the app's own calls get theirs.
    expect(res.headers.get('set-cookie')).toBeNull();
    const withSession = await fetch(`${ts.url}/assets/app-1.js`, { headers: { cookie: 'sid=some-session' } });
    expect(withSession.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${ts.url}/static/coin-icons/btc.svg`)).headers.get('set-cookie')).toBeNull();
    // Nor a page, or a file of the app's that is not a bundle (fresh every time, yet a cache may keep it).
    for (const address of ['/', '/simple-earn', '/index.html']) {
      for (const headers of [{}, { cookie: 'sid=some-session' }] as Record<string, string>[]) {
        expect((await fetch(`${ts.url}${address}`, { headers })).headers.get('set-cookie'), address).toBeNull();
      }
    }
    expect((await fetch(`${ts.url}/healthz`)).headers.get('set-cookie')).toMatch(/^csrf_token=/);
    fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await fetch(`${ts.url}/assets/app-2.js`)).status).toBe(200);
  });

  it('sends the precompressed brotli or gzip file the browser accepts, cached as long as the bundle', async () => {
    const js = `console.log(${'"earn", '.repeat(2000)});`;
    fs.writeFileSync(path.join(dist, 'assets', 'big-1.js'), js);
    fs.writeFileSync(path.join(dist, 'assets', 'big-1.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets', 'big-1.js.gz'), zlib.gzipSync(js));
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await fetch(`${ts.url}/assets/big-1.js`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(await res.text()).toBe(js);
    }
  });

  it('answers a missing bundle with 404, never with the page', async () => {
    const res = await fetch(`${ts.url}/assets/gone-123.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/text\/html/);
    // An address ending in .html is a page's: the not-found page.
    const page = await fetch(`${ts.url}/promotions/old.html`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Page not found | Earn');
  });

  it("answers a page address with a broken %-escape with the not-found page in the reader's language, an API one with the envelope", async () => {
    for (const [cookie, title] of [
      ['earn_locale=en', 'Page not found | Earn'],
      ['earn_locale=zh-CN', '页面不存在 | 理财'],
    ] as const) {
      const res = await fetch(`${ts.url}/%E0%A4%A`, { headers: { cookie } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('content-security-policy')).toBeTruthy();
      expect(await res.text()).toContain(title);
    }
    // Without the language cookie, by the browser's languages, and the server serves on.
    for (const [headers, title] of [
      [{}, 'Page not found | Earn'],
      [{ 'accept-language': 'zh-CN,zh;q=0.9' }, '页面不存在 | 理财'],
    ] as const) {
      const res = await fetch(`${ts.url}/%E0%A4%A`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(title);
    }
    for (const address of ['/%', '/%zz/abc', '/simple-earn/%E0', '/staking/%C0%AF', '/%E0.html']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${ts.url}${address}`, { method });
        expect(res.status, `${method} ${address}`).toBe(404);
        // As the file server types every other page.
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      }
    }
    expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
    const api = await fetch(`${ts.url}/apiw/v2/%E0%A4%A`);
    expect(api.status).toBe(400);
    expect(((await api.json()) as { code: number }).code).toBe(-1);
  });

  it("points a browser's own /favicon.ico request (a page without an icon link: a JSON answer, an image) at the app's icon", async () => {
    const res = await fetch(`${ts.url}/favicon.ico`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/favicon.svg');
  });

  it('keeps API paths out of the app fallback', async () => {
    const res = await fetch(`${ts.url}/apiw/v2/unknown`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: -1,
      message: 'No route for GET /apiw/v2/unknown',
      data: null,
      key: 'common.noRoute',
    });
  });
});
