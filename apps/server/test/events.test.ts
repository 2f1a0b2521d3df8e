import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance } from './flexible-helpers.js';
import { HOUR_MS, startTestServer, T0, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe('settlement events', () => {
  it('pushes a settled event to open pages when an hour settles, then closes cleanly with the server', async () => {
    const abort = new AbortController();
    const res = await fetch(`${ts.url}/apiw/v2/earn/events`, { signal: abort.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${text}`);
        text += decoder.decode(value);
      }
    };
    await readUntil('retry:');
    await advance(ts, 1);
    await readUntil('event: settled');
    const data = text.slice(text.indexOf('event: settled')).split('\n')[1] ?? '';
    const payload = JSON.parse(data.replace(/^data: /, ''));
    expect(payload.periods).toContainEqual({ job: 'simple-earn.flexible-hour', period_start: T0 / 1000 });
    expect(payload.periods.every((p: { period_start: number }) => p.period_start < (T0 + HOUR_MS) / 1000)).toBe(true);
    abort.abort();
  });

  it('ends open streams when the server stops, so a stopping server does not wait for the browsers', async () => {
    const stopping = await startTestServer();
    const res = await fetch(`${stopping.url}/apiw/v2/earn/events`);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    // Closing settles while the stream is open, and the stream ends with it.
    await stopping.close();
    let done = false;
    while (!done) ({ done } = await reader.read().catch(() => ({ done: true })));
    expect(done).toBe(true);
  }, 10_000);
});
