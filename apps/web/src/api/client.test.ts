import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, isMoneyCallInFlight } from './client.js';
import { ApiError } from './errors.js';
import { currentPrompt, subscribePrompt } from './fund-password-prompt.js';

type Handler = (url: string, init: RequestInit) => { status?: number; body: unknown } | 'network';
let calls: { url: string; init: RequestInit }[];

function mockFetch(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, init });
      if (url.endsWith('/healthz')) {
        document.cookie = 'csrf_token=tok123';
        return new Response('{}', { status: 200 });
      }
      const reply = handler(url, init);
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
}

/** Answers each fund-password prompt in turn with the given values. */
function answerPrompts(...answers: (string | null)[]) {
  const seen: { kind: string; error?: string }[] = [];
  const unsubscribe = subscribePrompt((request) => {
    if (!request) return;
    seen.push({ kind: request.kind, ...(request.error ? { error: request.error.message } : {}) });
    const answer = answers.shift();
    queueMicrotask(() => request.resolve(answer ?? null));
  });
  return { seen, unsubscribe };
}

beforeEach(() => {
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('returns data on code 0 and on code 200', async () => {
    mockFetch((url) => ({ body: { code: url.includes('a') ? 0 : 200, message: 'success', data: { ok: url } } }));
    await expect(api('/apiw/a')).resolves.toEqual({ ok: 'http://localhost:3000/apiw/a' });
    await expect(api('/x/b')).resolves.toEqual({ ok: 'http://localhost:3000/x/b' });
  });

  it('fetches a CSRF token first and sends it on a state-changing call', async () => {
    mockFetch(() => ({ body: { code: 0, message: 'success', data: null } }));
    await api('/apiw/v2/thing', { body: { a: 1 } });
    expect(calls[0]?.url).toMatch(/\/healthz$/);
    const headers = calls[1]?.init.headers as Record<string, string>;
    expect(headers['x-csrf-token']).toBe('tok123');
    expect(calls[1]?.init.body).toBe('{"a":1}');
  });

  it('sends forms as url-encoded', async () => {
    mockFetch(() => ({ body: { code: 200, message: 'success', data: null } }));
    await api('/form', { body: { aid: -1, status: 1 }, form: true });
    expect(calls.at(-1)?.init.body).toBe('aid=-1&status=1');
  });

  it('throws the server message and code on a refusal', async () => {
    mockFetch(() => ({
      status: 400,
      body: { code: -1, message: 'Insufficient balance', key: 'finances.inadequateBalance' },
    }));
    const err = await api('/x', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: -1, message: 'Insufficient balance', key: 'finances.inadequateBalance' });
  });

  it("throws 'Networkerr' when the call fails", async () => {
    mockFetch(() => 'network');
    const err = (await api('/x').catch((e: unknown) => e)) as ApiError;
    expect(err.isNetwork).toBe(true);
    expect(err.key).toBe('Networkerr');
    expect(err.message).toBe('Network error, please retry later');
  });

  it('asks for the fund password and retries the same call with it', async () => {
    mockFetch((_url, init) => {
      const body = JSON.parse(String(init.body)) as { fundpass?: string };
      if (!body.fundpass) return { status: 403, body: { code: 10010111, message: 'Enter', require_fundpass: true } };
      return { body: { code: 0, message: 'success', data: { paid: body } } };
    });
    const prompts = answerPrompts('123456');
    const data = await api('/pay', { body: { amount: '1' }, fundpass: true });
    prompts.unsubscribe();
    expect(prompts.seen).toEqual([{ kind: 'enter' }]);
    expect(data).toEqual({ paid: { amount: '1', fundpass: '123456' } });
  });

  it('counts a money call as on its way while it is sent, not while its fund-password prompt waits', async () => {
    const inFlight: boolean[] = [];
    mockFetch((url, init) => {
      inFlight.push(isMoneyCallInFlight());
      const body = JSON.parse(String(init.body)) as { fundpass?: string };
      if (!body.fundpass && url.endsWith('/pay')) return { status: 403, body: { code: 101, message: 'Enter' } };
      return { body: { code: 0, message: 'success', data: null } };
    });
    const prompted: boolean[] = [];
    const unsubscribe = subscribePrompt((request) => {
      if (!request) return;
      prompted.push(isMoneyCallInFlight());
      queueMicrotask(() => request.resolve('123456'));
    });
    await api('/pay', { body: {}, fundpass: true });
    // A read sent with a body (the spec's outable) is no money call.
    await api('/outable', { body: { assets: ['USDT'] } });
    unsubscribe();
    expect(inFlight).toEqual([true, true, false]);
    expect(prompted).toEqual([false]);
    expect(isMoneyCallInFlight()).toBe(false);
  });

  it('asks again with the server message after a wrong fund password, and stops at the lock', async () => {
    let tries = 0;
    mockFetch((_url, init) => {
      const body = JSON.parse(String(init.body)) as { fundpass?: string };
      if (!body.fundpass) return { status: 403, body: { code: 101, message: 'Enter' } };
      tries += 1;
      if (tries === 1)
        return { status: 403, body: { code: 10010106, message: 'Fund password is incorrect; tries left: 4' } };
      return { status: 403, body: { code: 10010112, message: 'Too many wrong fund passwords' } };
    });
    const prompts = answerPrompts('000000', '111111');
    const err = await api('/pay', { body: {}, fundpass: true }).catch((e: unknown) => e);
    prompts.unsubscribe();
    expect(prompts.seen).toEqual([
      { kind: 'enter' },
      { kind: 'enter', error: 'Fund password is incorrect; tries left: 4' },
    ]);
    expect(err).toMatchObject({ code: 10010112, message: 'Too many wrong fund passwords' });
    expect(currentPrompt()).toBeNull();
  });

  it('runs the set-first flow on 10010107, then retries with the new fund password', async () => {
    mockFetch((_url, init) => {
      const body = JSON.parse(String(init.body)) as { fundpass?: string };
      if (!body.fundpass) return { status: 403, body: { code: 10010107, message: 'Set a fund password first' } };
      return { body: { code: 0, message: 'success', data: body.fundpass } };
    });
    const prompts = answerPrompts('654321');
    await expect(api('/pay', { body: {}, fundpass: true })).resolves.toBe('654321');
    prompts.unsubscribe();
    expect(prompts.seen).toEqual([{ kind: 'set' }]);
  });

  it('gives up quietly when the user cancels the prompt', async () => {
    mockFetch(() => ({ status: 403, body: { code: 10010111, message: 'Enter', require_fundpass: true } }));
    const prompts = answerPrompts(null);
    const err = await api('/pay', { body: {}, fundpass: true }).catch((e: unknown) => e);
    prompts.unsubscribe();
    expect(err).toMatchObject({ key: 'fundpass.cancelled' });
    expect(calls.filter((c) => c.url.endsWith('/pay'))).toHaveLength(1);
  });
});
