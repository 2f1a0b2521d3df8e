import { register } from '../apps/server/src/modules/account/register.js';
import { startBenchServer } from './bench-server.js';
import { type LoadCaller, percentile, runLoad } from './http-load.js';

const USERS = 16;
const DURATION_MS = 5_000;
const WARM_UP_MS = 2_000;
/** The target: this many a second, with p99 at most 25 ms. */
const TARGET_PER_SECOND = 1_000;

/** A browser's session: its cookies, and the CSRF token it sends back on every change. */
class Session {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  /** What a browser with this session sends on a change: its cookies and its CSRF token. */
  caller(): LoadCaller {
    return {
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': this.cookies.get('csrf_token') ?? '',
      },
    };
  }

  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; code: unknown; message: unknown }> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrf_token');
    if (method === 'POST' && csrf) headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name && value !== undefined) this.cookies.set(name, value);
    }
    const json = (await res.json()) as { code?: unknown; message?: unknown };
    return { status: res.status, code: json.code, message: json.message };
  }
}

/**
 * Subscriptions over HTTP by 16 signed-in users (fund password policy "never", as a user who chose
 * it): how many a second the server answers when they subscribe back to back for 5 seconds, and
 * the p99 latency when they subscribe 1,000 times a second between them for 5 seconds, each timed
 * from when it was due (targets: 1,000 a second, p99 at most 25 ms, on PostgreSQL). Back to back,
 * 16 calls always wait, so latency there is 16 over the rate, whatever the server.
 */
export async function benchSubscribeThroughput(databaseUrl: string | undefined) {
  const {
    server,
    url: base,
    close,
  } = await startBenchServer({ databaseUrl, demo: false, registrationsPerHour: 1_000_000 });
  try {
    await register(server.ctx, { email: 'operator@example.com', password: 'operator-pass' }, { role: 'admin' });
    const operator = new Session(base);
    await operator.call('GET', '/healthz');
    await operator.call('POST', '/apiw/v2/auth/login', { email: 'operator@example.com', password: 'operator-pass' });
    const sessions: Session[] = [];
    for (let i = 0; i < USERS; i++) {
      const s = new Session(base);
      const email = `bench${i}@example.com`;
      await s.call('GET', '/healthz');
      await s.call('POST', '/apiw/v2/auth/register', { email, password: 'tidy-lemon-42' });
      await s.call('POST', '/apiw/v2/auth/login', { email, password: 'tidy-lemon-42' });
      await s.call('POST', '/apiw/v2/account/fundpass', { fundpass: '123456' });
      await s.call('POST', '/apiw/v2/account/fundpass', {
        fundpass: '123456',
        old_fundpass: '123456',
        policy: 'never',
      });
      const deposit = await operator.call('POST', '/admin/v1/deposit', {
        email,
        coin: 'USDT',
        amount: '100000000',
        wallet: 'spot',
      });
      if (deposit.code !== 0) throw new Error(`deposit failed: ${JSON.stringify(deposit)}`);
      sessions.push(s);
    }
    const subscribe = (s: Session) =>
      s.call('POST', '/apiw/v2/uni-loan/earn/subscribe', { asset: 'USDT', amount: '1' });
    for (const s of sessions) {
      const warm = await subscribe(s);
      if (warm.code !== 0) throw new Error(`subscribe refused: ${JSON.stringify(warm)}`);
    }
    const run = (durationMs: number, perSecond?: number) =>
      runLoad({
        url: `${base}/apiw/v2/uni-loan/earn/subscribe`,
        method: 'POST',
        body: { asset: 'USDT', amount: '1' },
        callers: sessions.map((s) => s.caller()),
        durationMs,
        ...(perSecond ? { perSecond } : {}),
      });
    // Warmed up first, as a server that has been running is: its code compiled by the JIT, and its
    // statements prepared on every connection of the pool.
    await run(WARM_UP_MS);
    const backToBack = await run(DURATION_MS);
    const atRate = await run(DURATION_MS, TARGET_PER_SECOND);
    for (const load of [backToBack, atRate]) {
      if (load.failures.length > 0) throw new Error(`subscribe failed: ${load.failures[0]}`);
    }
    return {
      perSecond: backToBack.perSecond,
      p99Ms: percentile(backToBack.latencies, 0.99),
      atRate: { perSecond: atRate.perSecond, p99Ms: percentile(atRate.latencies, 0.99) },
    };
  } finally {
    await close();
  }
}
