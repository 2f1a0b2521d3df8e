import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Config } from '../../server/src/config.js';
import { createServer } from '../../server/src/server.js';

export const EXCHANGE_URL = 'https://exchange.example';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database holding the demo data just as a fresh server writes it, for each file to copy. */
    demoDataDir: string;
  }
}

/**
 * The server's configuration for a journey: the built web app, the demo data, a manual clock, on a
 * free port, over the PGlite database in `dataDir`.
 */
export function e2eConfig(dataDir: string): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir,
    demo: true,
    clock: 'manual',
    webDist: path.resolve(import.meta.dirname, '../dist'),
    logLevel: 'warn',
    trustedProxies: [],
    // The exchange around the earn area, where add-funds' deposit, buy and trade links lead.
    exchangeUrl: EXCHANGE_URL,
  };
}

/**
 * Vitest's global setup for the journeys: writes the demo database once, as a server started on an
 * empty one does (migrations, then the demo data through the real use cases, about 13 s on PGlite),
 * and each file starts from a copy of it rather than writing its own.
 */
export default async function writeDemoDatabase(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'earn-e2e-demo-'));
  const server = await createServer(e2eConfig(dir));
  await server.close();
  project.provide('demoDataDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
