import { benchFlexibleClearing } from './flexible-clearing.js';
import { benchLaunchpoolDistribution } from './launchpool-distribution.js';

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
