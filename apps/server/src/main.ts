import { readConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { createServer } from './server.js';

const config = readConfig();
const server = await createServer(config).catch((err: unknown) => {
  // Said plainly, not buried in a stack trace: the operator has a server to stop first.
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
});
await server.scheduler.runDue();
server.scheduler.start();
await server.app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
