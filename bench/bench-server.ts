import { createServer } from '../apps/server/src/server.js';
import { freshDatabase } from './fresh-database.js';

/**
 * The app as production runs it (system clock, no logs), on a free port, over a fresh database of
 * its own (PostgreSQL next to `databaseUrl`, else PGlite in memory); close() also drops it.
 */
export async function startBenchServer(opts: {
  databaseUrl: string | undefined;
  demo: boolean;
  webDist?: string;
  registrationsPerHour?: number;
}) {
  const fresh = await freshDatabase(opts.databaseUrl);
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: fresh.url,
    dataDir: undefined,
    demo: opts.demo,
    // The manual clock reads the shared clock row on every request; production's does not.
    clock: 'system',
    webDist: opts.webDist ?? '/nonexistent',
    logLevel: 'silent',
    trustedProxies: [],
    ...(opts.registrationsPerHour ? { registrationsPerHour: opts.registrationsPerHour } : {}),
  });
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    url,
    async close() {
      await server.close();
      await fresh.drop();
    },
  };
}
