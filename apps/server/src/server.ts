import type { FastifyInstance } from 'fastify';
import { type Clock, ManualClock, SystemClock } from './clock.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, openDatabase } from './db/client.js';
import { forgetCachedReads } from './db/read-cache.js';
import { isEmpty, seedDemoAccounts } from './demo/accounts.js';
import { seedCatalogue } from './demo/catalogue.js';
import { seedFixedProducts } from './demo/fixed-products.js';
import { seedLaunchProjects } from './demo/launch-projects.js';
import { seedMarketMakers } from './demo/market-makers.js';
import { seedStakingProducts } from './demo/staking-products.js';
import { seedDualOrders, seedSoftStakingCoins, seedWealthProducts } from './demo/wealth-products.js';
import { buildApp } from './http/app.js';
import { housekeepingJobs } from './jobs/housekeeping.js';
import { type Job, Scheduler } from './jobs/scheduler.js';
import { hearSessionChanges, SessionCache } from './modules/account/session-cache.js';
import { fixedMaturityJob } from './modules/fixed-earn/maturity.js';
import { launchpoolHourJob } from './modules/launchpool/launchpool-hour.js';
import { seededDemand } from './modules/simple-earn/demand.js';
import { flexibleHourJob } from './modules/simple-earn/flexible-hour.js';
import { softStakingDayJob, softStakingHourJob } from './modules/soft-staking/jobs.js';
import { stakingDayJob } from './modules/staking/staking-day.js';
import { wealthValuationJob } from './modules/wealth/valuation.js';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  scheduler: Scheduler;
  database: Database;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Extra jobs (tests register probes). */
  jobs?: Job[];
  /** Start time of a fresh manual clock. */
  clockStartMs?: number;
  logStream?: NodeJS.WritableStream;
  /** Positions per transaction of the flexible hour (tests settle in many small ones). */
  flexibleSettleBatch?: number;
  /** Orders per transaction of the fixed maturity hour. */
  fixedSettleBatch?: number;
  /** Holders per transaction of the staking day. */
  stakingSettleBatch?: number;
}

/** config -> database -> migrations -> catalogue and demo data -> clock -> scheduler -> HTTP app. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const database = openDatabase(config);
  await database.migrate();
  const clock: Clock =
    config.clock === 'manual' ? await ManualClock.load(database.db, options.clockStartMs) : new SystemClock();
  const ctx: AppContext = {
    db: database.db,
    clock,
    sessions: new SessionCache(),
    candyDropUrl: config.candyDropUrl,
    exchangeUrl: config.exchangeUrl,
    registrationsPerHour: config.registrationsPerHour,
  };
  await seedCatalogue(database.db, clock.now());
  if (config.demo && (await isEmpty(ctx))) {
    await seedDemoAccounts(ctx);
    await seedMarketMakers(ctx);
    await seedLaunchProjects(ctx);
    await seedFixedProducts(ctx);
    await seedStakingProducts(ctx);
    await seedWealthProducts(ctx);
    await seedSoftStakingCoins(ctx);
    await seedDualOrders(ctx);
  }

  const scheduler = new Scheduler(database.db, clock);
  const app = await buildApp({
    ctx,
    scheduler,
    demand: seededDemand,
    webDist: config.webDist,
    logLevel: config.logLevel,
    trustedProxies: config.trustedProxies,
    ...(config.cookieSecurity ? { cookieSecurity: config.cookieSecurity } : {}),
    ...(config.frameAncestors?.length ? { frameAncestors: config.frameAncestors } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  scheduler.log = app.log;
  // What a job settled (an hour's clearing, a pool's totals) shows on the next read, not a second later.
  scheduler.onSettled(() => forgetCachedReads(database.db));
  const stopHearing = await hearSessionChanges(database, ctx.sessions, (message) => app.log.warn(message));
  // Flexible lending settles before launch pools: the book of each hour then holds the interest just
  // paid, whatever a launch-pool release subscribes at the same instant (it joins the next hour's book).
  const jobs = [
    ...housekeepingJobs,
    flexibleHourJob(seededDemand, options.flexibleSettleBatch),
    launchpoolHourJob,
    fixedMaturityJob(options.fixedSettleBatch),
    stakingDayJob(options.stakingSettleBatch),
    wealthValuationJob,
    softStakingHourJob,
    softStakingDayJob,
    ...(options.jobs ?? []),
  ];
  for (const job of jobs) await scheduler.register(job);
  return {
    app,
    ctx,
    scheduler,
    database,
    async close() {
      scheduler.stop();
      await stopHearing();
      await app.close();
      await database.close();
    },
  };
}
