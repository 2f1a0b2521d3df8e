import fs from 'node:fs';
import path from 'node:path';
import { benchFixedMaturity } from './fixed-maturity.js';
import { benchFlexibleClearing } from './flexible-clearing.js';
import { benchLaunchpoolDistribution } from './launchpool-distribution.js';
import { benchLighthouse } from './lighthouse.js';
import { benchPublicReads } from './public-reads.js';
import { benchStakingDay } from './staking-day.js';
import { benchSubscribeThroughput } from './subscribe-throughput.js';
import { firstPageWeights } from './web-size.js';

// `npm run bench`: each benchmark prints its ratio against a baseline measured in the same run on
// the same database (PostgreSQL when DATABASE_URL is set, else an in-memory PGlite).
const url = process.env.DATABASE_URL || undefined;
console.log(`database: ${url ? 'PostgreSQL' : 'PGlite (in memory)'}`);
// 1,000,000 positions take a few minutes to seed: BENCH_POSITIONS=1000000 npm run bench.
for (const positions of (process.env.BENCH_POSITIONS ?? '100000').split(',').map(Number)) {
  const r = await benchFlexibleClearing(url, positions);
  console.log(
    `${r.name}: ${r.positions} positions, ${r.lending} lending; job ${r.engineMs.toFixed(0)} ms vs floor ` +
      `${r.floorMs.toFixed(0)} ms = ${r.ratio.toFixed(2)}x (target 2x; least of ${r.engines.length} runs each: job ` +
      `${r.engines.map((ms) => ms.toFixed(0)).join('/')} ms, floor ${r.floors.map((ms) => ms.toFixed(0)).join('/')} ms)` +
      (url
        ? `; next hour under load ${r.loadedMs.toFixed(0)} ms with ${r.subscribes} subscribes, p99 ${r.subscribeP99Ms.toFixed(0)} ms (target 250 ms)`
        : '') +
      `; archiving an hour's interest into history (daily housekeeping) ${r.archiveMs.toFixed(0)} ms`,
  );
}
const launch = await benchLaunchpoolDistribution(url);
console.log(
  `${launch.name}: ${launch.stakes} stakes, ${launch.paidStakes} paid (${launch.paidTotal} LPX); ` +
    `distribution ${launch.engineMs.toFixed(0)} ms vs plain UPDATE ${launch.baselineMs.toFixed(0)} ms = ${launch.ratio.toFixed(1)}x`,
);

const maturity = await benchFixedMaturity(url);
console.log(
  `${maturity.name}: ${maturity.orders} orders maturing (${maturity.renewed} renewed); settlement ` +
    `${maturity.engineMs.toFixed(0)} ms vs plain UPDATE ${maturity.baselineMs.toFixed(0)} ms = ${maturity.ratio.toFixed(1)}x`,
);

// The size is 1,000,000 positions (a few minutes to seed): BENCH_STAKING=1000000 npm run bench.
const stakingDay = await benchStakingDay(url, Number(process.env.BENCH_STAKING ?? 100_000));
console.log(
  `${stakingDay.name}: ${stakingDay.positions} positions, ${stakingDay.paid} paid; settlement ` +
    `${stakingDay.engineMs.toFixed(0)} ms vs plain UPDATE ${stakingDay.baselineMs.toFixed(0)} ms = ${stakingDay.ratio.toFixed(1)}x`,
);

const reads = await benchPublicReads(url);
for (const r of reads.reads) {
  console.log(
    `public read ${r.path}: ${r.rps.toFixed(0)} requests/s vs bare Fastify ${reads.baseline.toFixed(0)} = ` +
      `${(r.ratio * 100).toFixed(0)}% (target at least 20%)`,
  );
}

const subscribes = await benchSubscribeThroughput(url);
console.log(
  `subscribe over HTTP (16 users): back to back ${subscribes.perSecond.toFixed(0)} per second (target 1,000), ` +
    `p99 ${subscribes.p99Ms.toFixed(0)} ms; at a fixed 1,000 per second (${subscribes.atRate.perSecond.toFixed(0)} answered a second) ` +
    `p99 ${subscribes.atRate.p99Ms.toFixed(0)} ms (target 25 ms)`,
);

// The web app's first page, as built (`npm run build` first).
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!fs.existsSync(path.join(dist, '.vite', 'manifest.json'))) {
  console.log('first page and Lighthouse: SKIPPED (run npm run build first)');
} else {
  const firstPages = {
    '/simple-earn': 'src/features/simple-earn/SimpleEarnHome.tsx',
    '/launchpool': 'src/features/launchpool/LaunchpoolPage.tsx',
  };
  for (const [language, dictionary] of [
    ['English', 'src/i18n/en.ts'],
    ['Chinese', 'src/i18n/zh-CN.ts'],
  ] as const) {
    for (const w of firstPageWeights(dist, firstPages, dictionary)) {
      console.log(
        `first page ${w.page} in ${language}: JS ${(w.jsGzipBytes / 1024).toFixed(0)} KB gzipped (CSS ${(w.cssGzipBytes / 1024).toFixed(0)} KB) ` +
          `= ${w.ratio.toFixed(2)}x the 170 KB budget`,
      );
    }
  }
  for (const l of await benchLighthouse(dist)) {
    console.log(
      `Lighthouse mobile ${l.page}: performance ${l.score} (target 95), LCP ${l.lcpMs} ms, total blocking ${l.tbtMs} ms`,
    );
  }
}
