import { setTimeout as sleep } from 'node:timers/promises';
import { Code } from '@earn/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePostgres, startTestServer, type TestServer } from './helpers.js';

const SUBSCRIBE = '/apiw/v2/uni-loan/earn/subscribe';

// Two server instances over one database: each keeps the sessions it read moments ago, so a change
// made through one must reach the other at once (the session_changed notification), not after the
// cache's age of 5 seconds. Each wait below is at most 2 seconds.
describe.runIf(requirePostgres('two server instances hearing each other’s session changes'))(
  'a session kept by one server, changed through another',
  () => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startTestServer({ postgres: true });
      b = await startTestServer({ databaseUrl: a.server.database.url as string });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });
    const soon = { timeout: 2_000, interval: 50 };

    it('is signed out on the other server as soon as it signs out on one', async () => {
      const onA = await a.newUser();
      const onB = onA.at(b.url);
      expect((await onB.get('/apiw/v2/auth/me')).body.code).toBe(0);
      expect((await onB.get('/apiw/v2/auth/me')).body.code).toBe(0);
      expect((await onA.post('/apiw/v2/auth/logout', {})).body.code).toBe(0);
      await expect.poll(async () => (await onB.get('/apiw/v2/auth/me')).status, soon).toBe(401);
    });

    /** A user who asks for no fund password, signed in on A, whose session B has just read (and kept) with a subscription. */
    async function subscribedOnB() {
      const onA = await a.newUser({ fundpass: '975310' });
      await a.deposit(onA.email, 'USDT', '1000');
      await onA.post('/apiw/v2/account/fundpass', { fundpass: '975310', old_fundpass: '975310', policy: 'never' });
      const onB = onA.at(b.url);
      expect((await onB.post(SUBSCRIBE, { asset: 'USDT', amount: '1' })).body.code).toBe(0);
      return { onA, onB };
    }

    it('is asked for the fund password on the other server once the policy asks for it', async () => {
      const { onA, onB } = await subscribedOnB();
      const always = await onA.post('/apiw/v2/account/fundpass', {
        fundpass: '975310',
        old_fundpass: '975310',
        policy: 'always',
      });
      expect(always.body.code).toBe(0);
      await expect
        .poll(async () => (await onB.post(SUBSCRIBE, { asset: 'USDT', amount: '1' })).body.code, soon)
        .toBe(Code.FundPasswordRequired);
    });

    it('is locked on the other server once wrong fund passwords lock it on one', async () => {
      const { onA, onB } = await subscribedOnB();
      for (let i = 0; i < 5; i++) await onA.post(SUBSCRIBE, { asset: 'USDT', amount: '1', fundpass: '000000' });
      await expect
        .poll(async () => (await onB.post(SUBSCRIBE, { asset: 'USDT', amount: '1' })).body.code, soon)
        .toBe(Code.FundPasswordFrequency);
    });

    /** Runs a statement on the shared database, from outside both servers. */
    async function onDatabase<T extends pg.QueryResultRow>(statement: string): Promise<T[]> {
      const admin = new pg.Client({ connectionString: a.server.database.url });
      await admin.connect();
      try {
        return (await admin.query<T>(statement)).rows;
      } finally {
        await admin.end();
      }
    }
    const LISTENERS = `FROM pg_stat_activity WHERE application_name = 'listen:session_changed' AND datname = current_database()`;
    const bothHearing = async () =>
      expect
        .poll(() => a.server.ctx.sessions.isHearing && b.server.ctx.sessions.isHearing, {
          timeout: 5_000,
          interval: 100,
        })
        .toBe(true);

    it('reads every session afresh while it cannot hear changes, and hears them again after', async () => {
      const onA = await a.newUser();
      const onB = onA.at(b.url);
      expect((await onB.get('/apiw/v2/auth/me')).body.code).toBe(0);
      // The database drops both servers' listening connections (a restart or a failover would).
      await onDatabase(`SELECT pg_terminate_backend(pid) ${LISTENERS}`);
      await expect.poll(() => b.server.ctx.sessions.isHearing, soon).toBe(false);
      // No notification can come now: B must not answer from what it read before.
      expect((await onA.post('/apiw/v2/auth/logout', {})).body.code).toBe(0);
      expect((await onB.get('/apiw/v2/auth/me')).status).toBe(401);
      await bothHearing();
      const again = await a.newUser();
      const againOnB = again.at(b.url);
      expect((await againOnB.get('/apiw/v2/auth/me')).body.code).toBe(0);
      expect((await again.post('/apiw/v2/auth/logout', {})).body.code).toBe(0);
      await expect.poll(async () => (await againOnB.get('/apiw/v2/auth/me')).status, soon).toBe(401);
    });

    it('listens on one connection per server however often the connection is dropped', async () => {
      const until = performance.now() + 3_000;
      while (performance.now() < until) {
        await onDatabase(`SELECT pg_terminate_backend(pid) ${LISTENERS}`);
        await sleep(50);
      }
      await bothHearing();
      await sleep(1_500);
      expect(await onDatabase<{ n: number }>(`SELECT count(*)::int AS n ${LISTENERS}`)).toEqual([{ n: 2 }]);
    });

    it('stops trusting what it read once its listening connection stops answering, though never closed', async () => {
      await bothHearing();
      const pids = (await onDatabase<{ pid: number }>(`SELECT pid ${LISTENERS}`)).map((r) => r.pid);
      const local = pids.every((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      if (!local) {
        console.warn('SKIPPED: freezing the listening connections needs PostgreSQL on this machine, signalled as root');
        return;
      }
      const onA = await a.newUser();
      const onB = onA.at(b.url);
      expect((await onB.get('/apiw/v2/auth/me')).body.code).toBe(0);
      // The connections stay open but nothing comes back (a network partition, a host that froze).
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      try {
        await expect.poll(() => b.server.ctx.sessions.isHearing, { timeout: 3_000, interval: 50 }).toBe(false);
        expect((await onA.post('/apiw/v2/auth/logout', {})).body.code).toBe(0);
        expect((await onB.get('/apiw/v2/auth/me')).status).toBe(401);
      } finally {
        for (const pid of pids) process.kill(pid, 'SIGCONT');
      }
      await bothHearing();
    });
  },
);
