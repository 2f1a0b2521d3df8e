import { benchFlexibleClearing } from './flexible-clearing.js';

// `npm run bench`: each benchmark prints its ratio against a baseline measured in the same run on
// the same database (PostgreSQL when DATABASE_URL is set, else an in-memory PGlite).
const url = process.env.DATABASE_URL || undefined;
console.log(`database: ${url ? 'PostgreSQL' : 'PGlite (in memory)'}`);
const result = await benchFlexibleClearing(url);
console.log(
  `${result.name}: ${result.positions} positions, ${result.interestPostings} interest postings; ` +
    `job ${result.engineMs.toFixed(0)} ms vs plain UPDATE ${result.baselineMs.toFixed(0)} ms = ${result.ratio.toFixed(1)}x`,
);
