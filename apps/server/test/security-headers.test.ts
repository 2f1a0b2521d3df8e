import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ cookieSecurity: 'always' });
});
afterAll(() => ts.close());

describe('security headers', () => {
  it('sends a strict CSP with frame-ancestors, no sniffing, a referrer policy, framing only by itself', async () => {
    const res = await fetch(`${ts.url}/healthz`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Over plain HTTP a server must not say HSTS (RFC 6797 7.2).
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('says HSTS over TLS: through a trusted proxy that says the reader came over HTTPS', async () => {
    const behindProxy = await startTestServer({ trustedProxies: ['127.0.0.1'] });
    const hsts = async (proto: string) =>
      (await fetch(`${behindProxy.url}/healthz`, { headers: { 'x-forwarded-proto': proto } })).headers.get(
        'strict-transport-security',
      );
    expect(await hsts('https')).toMatch(/^max-age=\d{7,}/);
    expect(await hsts('http')).toBeNull();
    // Not from an address that is no trusted proxy.
    expect(
      (await fetch(`${ts.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
    await behindProxy.close();
  });

  it('sends them with every answer: a refusal, an unknown address, one that cannot be decoded, a read', async () => {
    for (const [path, status] of [
      ['/apiw/v2/uni-loan/earn/market/list?page=0', 400],
      ['/apiw/v2/nothing-here', 404],
      ['/apiw/v2/%zz', 400],
      ['/%', 400],
      ['/apiw/v2/uni-loan/earn/market/list?page=1&limit=7', 200],
    ] as const) {
      const res = await fetch(`${ts.url}${path}`);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      // Every answer is the one envelope, an address that cannot be decoded too.
      expect(Object.keys((await res.json()) as object), path).toEqual(
        expect.arrayContaining(['code', 'message', 'data']),
      );
    }
  });

  it('lets no cache keep an answer of the API, a signed-in reader’s balances least', async () => {
    const user = await ts.newUser();
    for (const path of [
      '/apiw/v2/account/balances',
      '/apiw/v2/uni-loan/earn/market/list?page=1&limit=7',
      '/apiw/v2/nothing-here',
    ]) {
      expect((await user.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('lets the origins set to embed frame the staking view opened for the frame (is_frame=1), and nothing else', async () => {
    const own = await startTestServer({ frameAncestors: ['https://assets.example.com'] });
    const framing = async (path: string) => {
      const res = await fetch(`${own.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      return { ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1], xfo: res.headers.get('x-frame-options') };
    };
    for (const path of ['/staking?is_frame=1', '/staking/ETH?is_frame=1', '/staking/ETH?pid=3&is_frame=1']) {
      expect(await framing(path), path).toEqual({ ancestors: "'self' https://assets.example.com", xfo: null });
    }
    for (const path of [
      '/staking',
      '/staking/ETH',
      '/staking?is_frame=0',
      '/simple-earn?is_frame=1',
      '/stakingx?is_frame=1',
      '/apiw/v2/market/coins?is_frame=1',
      '/login?next=/staking&is_frame=1',
    ]) {
      expect(await framing(path), path).toEqual({ ancestors: "'self'", xfo: 'SAMEORIGIN' });
    }
    await own.close();
  });

  it('marks the session and CSRF cookies Secure when set to', async () => {
    await ts.client().post('/apiw/v2/auth/register', { email: 'secure@example.com', password: 'tidy-lemon-42' });
    const u = await ts.client().post('/apiw/v2/auth/login', { email: 'secure@example.com', password: 'tidy-lemon-42' });
    expect(u.status).toBe(200);
    const cookies = u.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith('sid='));
    expect(sid).toMatch(/;\s*Secure/i);
    expect(sid).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('csrf_token='))).toMatch(/;\s*Secure/i);
  });
});
