// pg 9 will refuse a second query on a client still running one (two queries at once inside a
// transaction); pg 8 only warns, once per process. Here the warning fails the run. The test files
// share their worker's process (isolate: false), and each runs this: the listener is added once.
const FAIL_ON_PG_WARNING = Symbol.for('earn.test.failOnPgWarning');
const processState = process as NodeJS.Process & { [FAIL_ON_PG_WARNING]?: true };
if (!processState[FAIL_ON_PG_WARNING]) {
  processState[FAIL_ON_PG_WARNING] = true;
  process.on('warning', (warning) => {
    if (warning.message.includes('already executing a query')) throw warning;
  });
}
