import { readConfig } from './config.js';
import { createServer } from './server.js';

const config = readConfig();
const server = await createServer(config);
await server.scheduler.runDue();
if (config.clock === 'system') server.scheduler.start();
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
