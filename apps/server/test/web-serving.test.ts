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

  it('serves bundles immutable, including ones built after the server started', async () => {
    const res = await fetch(`${ts.url}/assets/app-1.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
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
  });

  it('keeps API paths out of the app fallback', async () => {
    const res = await fetch(`${ts.url}/apiw/v2/unknown`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: -1, message: 'No route for GET /apiw/v2/unknown', data: null });
  });
});
