import fs from 'node:fs';
import path from 'node:path';
import { benchFlexibleClearing } from './flexible-clearing.js';
import { benchLaunchpoolDistribution } from './launchpool-distribution.js';
import { firstPageWeights } from './web-size.js';

// `npm run bench`: each benchmark prints its ratio against a baseline measured in the same run on
// the same database (PostgreSQL when DATABASE_URL is set, else an in-memory PGlite).
const url = process.env.DATABASE_URL || undefined;
console.log(`database: ${url ? 'PostgreSQL' : 'PGlite (in memory)'}`);
const result = await benchFlexibleClearing(url);
console.log(
  `${result.name}: ${result.positions} positions, ${result.interestPostings} interest postings; ` +
    `job ${result.engineMs.toFixed(0)} ms vs plain UPDATE ${result.baselineMs.toFixed(0)} ms = ${result.ratio.toFixed(1)}x`,
);
const launch = await benchLaunchpoolDistribution(url);
console.log(
  `${launch.name}: ${launch.stakes} stakes, ${launch.paidStakes} paid (${launch.paidTotal} LPX); ` +
    `distribution ${launch.engineMs.toFixed(0)} ms vs plain UPDATE ${launch.baselineMs.toFixed(0)} ms = ${launch.ratio.toFixed(1)}x`,
);

// The web app's first page, as built (`npm run build` first).
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!fs.existsSync(path.join(dist, '.vite', 'manifest.json')))
  console.log('first page: SKIPPED (run npm run build first)');
else
  for (const w of firstPageWeights(dist, {
    '/simple-earn': 'src/features/simple-earn/SimpleEarnHome.tsx',
    '/launchpool': 'src/features/launchpool/LaunchpoolPage.tsx',
  })) {
    console.log(
      `first page ${w.page}: JS ${(w.jsGzipBytes / 1024).toFixed(0)} KB gzipped (CSS ${(w.cssGzipBytes / 1024).toFixed(0)} KB) ` +
        `= ${w.ratio.toFixed(2)}x the 170 KB budget`,
    );
  }
