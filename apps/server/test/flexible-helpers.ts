import { SESSION_TTL_MS } from '../src/modules/account/login.js';
import { HOUR_MS, type TestServer } from './helpers.js';

type Client = Awaited<ReturnType<TestServer['newUser']>>;

export async function setDemand(ts: TestServer, coin: string, amount: string, maxRate: string) {
  const res = await ts.admin.post('/admin/v1/simple-earn/demand', { coin, amount, max_rate: maxRate });
  if (res.body.code !== 0) throw new Error(`demand failed: ${JSON.stringify(res.body)}`);
}

export async function advance(ts: TestServer, hours: number) {
  const res = await ts.admin.post('/admin/v1/clock/advance', { hours });
  if (res.body.code !== 0) throw new Error(`advance failed: ${JSON.stringify(res.body)}`);
}

/** A signed-in user whose fund password is never asked (policy never), with coins deposited. */
export async function lender(ts: TestServer, deposits: Record<string, string>): Promise<Client> {
  const u = await ts.newUser({ fundpass: '123456' });
  await u.post('/apiw/v2/account/fundpass', { fundpass: '123456', old_fundpass: '123456', policy: 'never' });
  for (const [coin, amount] of Object.entries(deposits)) await ts.deposit(u.email, coin, amount);
  return u;
}

export async function holding(u: Client, asset: string) {
  const res = await u.get(`/apiw/v2/uni-loan/earn/subscribe?asset=${asset}`);
  return res.body.data.list[0];
}

export async function spot(u: Client, asset: string): Promise<string> {
  const res = await u.get('/apiw/v2/account/balances');
  return res.body.data.find((b: { asset: string }) => b.asset === asset)?.spot ?? '0';
}

/**
 * For tests that run the clock for weeks: sessions last 7 days of product time, so after each
 * `advance` the operator and every client made through this `lender` whose session is about to end
 * sign in again (only those: a sign-in hashes a password, and a file may hold dozens of clients).
 */
export function longRunning() {
  const signedIn = new Map<TestServer, Client[]>();
  const signedInAt = new WeakMap<object, number>();
  const productNow = (server: TestServer) => server.server.ctx.clock.now().getTime();
  return {
    async lender(server: TestServer, deposits: Record<string, string>): Promise<Client> {
      const u = await lender(server, deposits);
      signedIn.set(server, [...(signedIn.get(server) ?? []), u]);
      signedInAt.set(u, productNow(server));
      return u;
    },
    async advance(server: TestServer, hours: number) {
      await advance(server, hours);
      const now = productNow(server);
      const ending = (client: object) =>
        now - (signedInAt.get(client) ?? Number.NEGATIVE_INFINITY) >= SESSION_TTL_MS - HOUR_MS;
      if (ending(server.admin)) {
        await server.admin.login('operator@example.com', 'operator-pass');
        signedInAt.set(server.admin, now);
      }
      for (const u of signedIn.get(server) ?? []) {
        if (!ending(u)) continue;
        await u.login(u.email, 'tidy-lemon-42');
        signedInAt.set(u, now);
      }
    },
  };
}
