// pg 9 will refuse a second query on a client still running one (two queries at once inside a
// transaction); pg 8 only warns, once per process. Here the warning fails the run.
process.on('warning', (warning) => {
  if (warning.message.includes('already executing a query')) throw warning;
});
