import type { TestServer } from './helpers.js';

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
 * For tests that run the clock for weeks: sessions last 7 days of product time, so the operator and
 * every client made through this `lender` sign in again after each `advance`.
 */
export function longRunning() {
  const signedIn = new Map<TestServer, Client[]>();
  return {
    async lender(server: TestServer, deposits: Record<string, string>): Promise<Client> {
      const u = await lender(server, deposits);
      signedIn.set(server, [...(signedIn.get(server) ?? []), u]);
      return u;
    },
    async advance(server: TestServer, hours: number) {
      await advance(server, hours);
      await server.admin.login('operator@example.com', 'operator-pass');
      for (const u of signedIn.get(server) ?? []) await u.login(u.email, 'password123');
    },
  };
}
