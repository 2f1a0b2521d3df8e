import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './helpers.js';

describe('logs', () => {
  it('are structured with a request id and never contain passwords, fund passwords or session ids', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const ts = await startTestServer({ logStream: stream, postgres: false });
    const u = await ts.newUser({ fundpass: '864209', email: 'secretive@example.com' });
    await ts.deposit(u.email, 'USDT', '5');
    const res = await u.post('/apiw/v2/account/transfer', {
      asset: 'USDT',
      amount: '1',
      from: 'spot',
      to: 'unified',
      fundpass: '864209',
    });
    expect(res.body.code).toBe(0);
    await ts.close();
    const text = lines.join('\n');
    const sid = u.cookie('sid') as string;
    expect(sid).toBeTruthy();
    for (const secret of ['tidy-lemon-42', '864209', sid]) expect(text).not.toContain(secret);
    const entries = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: unknown; msg?: string });
    expect(entries.some((e) => e.reqId && e.req)).toBe(true);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // One line per request, written when it ends, with what was asked and how it was answered.
    const transferLines = entries.filter((e) => e.reqId === res.headers.get('x-request-id'));
    expect(transferLines).toHaveLength(1);
    expect(transferLines[0]).toMatchObject({
      req: { method: 'POST', url: '/apiw/v2/account/transfer' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
  });

  it("keep a caller's request id only when it looks like one", async () => {
    const ts = await startTestServer({ postgres: false });
    const idOf = async (given: string) =>
      (await fetch(`${ts.url}/healthz`, { headers: { 'x-request-id': given } })).headers.get('x-request-id');
    expect(await idOf('trace-1234abcd')).toBe('trace-1234abcd');
    for (const forged of ['FAKE-ID","level":60', 'x', 'a'.repeat(200)])
      expect(await idOf(forged)).toMatch(/^[0-9a-f-]{36}$/);
    await ts.close();
  });
});
