import { readConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { checkLedger } from './check.js';

// `npm run ledger:check`: verifies the ledger's invariants on the configured database and exits
// non-zero, listing each violation, when one fails.
const config = readConfig();
const database = openDatabase(config);
try {
  await database.migrate();
  const violations = await checkLedger(database.db);
  if (violations.length === 0) {
    console.log(`ledger:check ok (${database.kind})`);
  } else {
    for (const v of violations) console.error(`ledger:check FAILED ${v.invariant}: ${v.detail}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
