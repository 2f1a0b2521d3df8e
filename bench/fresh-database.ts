import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty PostgreSQL database next to the one `databaseUrl` names (each benchmark seeds its
 * own rows), and how to drop it; PGlite (no URL) is in memory and fresh already.
 */
export async function freshDatabase(databaseUrl: string | undefined) {
  if (!databaseUrl) return { url: undefined, drop: async () => {} };
  const name = `earn_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
