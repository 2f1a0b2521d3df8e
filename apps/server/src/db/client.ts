import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { holdDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL, so another pool can open the same database. */
  url?: string;
  migrate(): Promise<void>;
  /**
   * Hears the notifications on a channel (NOTIFY, sent when the change commits) until stopped: on a
   * connection of its own with PostgreSQL, which proves every HEARTBEAT_MS that it still hears
   * (heard), and may be lost (lost() is then called once, and no more notifications come); PGlite's
   * are this process's own, heard for good.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  notify(payload: string): void;
  /** Everything notified before `at` (performance.now()) has been heard. */
  heard(at: number): void;
  lost(error: Error): void;
}

/** How often a listening connection proves it still hears, and how long its answer may take. */
const HEARTBEAT_MS = 250;
const HEARTBEAT_TIMEOUT_MS = 1_000;

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');
/** Advisory lock key that serialises migrations when several servers start on one PostgreSQL. */
const MIGRATION_LOCK = 7_240_001;

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string }): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

/**
 * How many statement texts get a name at most: the app's own statements are a few hundred; texts
 * that vary with their data (a list of values, each a parameter) stay unnamed past the bound.
 */
const NAMED_STATEMENTS_MAX = 2_000;
const statementNames = new Map<string, string>();

/** The name a parameterised statement is prepared under: its text's hash, within the bound. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_STATEMENTS_MAX) {
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A connection with a statement cache, as pgx and postgres.js keep one: each parameterised statement
 * is prepared once per connection under a name derived from its text, and its later runs skip the
 * parse (a subscription's posting is parsed in about a millisecond, its run a fraction of that), and
 * PostgreSQL keeps a generic plan for it once that costs no more than planning each run (measured:
 * 30% more subscriptions a second, and the hourly job no slower; forcing a plan per run made the
 * job a third slower).
 */
class StatementCachingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
StatementCachingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string') {
    const values = rest[0] ?? ('values' in config ? config.values : undefined);
    if (!('name' in config && config.name) && Array.isArray(values) && values.length > 0) {
      const name = statementName(config.text);
      if (name) return plainQuery.call(this, { ...config, name }, ...rest);
    }
  }
  return plainQuery.call(this, config, ...rest);
} as typeof pg.Client.prototype.query;

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    Client: StatementCachingClient,
  });
  // An idle connection the database ends (a restart, an administrator, a failover) is dropped by the
  // pool and the next query opens a new one; unheard, its error would end the process.
  pool.on('error', (error) => process.emitWarning(`an idle database connection ended: ${error.message}`));
  // numeric stays a string (pg's default); bigint (int8) counts fit in a JS number here.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    async listen(channel, handlers) {
      const client = new pg.Client({ connectionString: url, application_name: `listen:${channel}`, keepAlive: true });
      // Open once LISTEN has answered: a failure before that is the returned promise's, told once.
      let open = false;
      let beat: NodeJS.Timeout | undefined;
      const lose = (error: Error) => {
        if (!open) return;
        open = false;
        clearTimeout(beat);
        // A connection that stopped answering may never say goodbye: its socket is dropped, not ended.
        client.connection.stream.destroy();
        handlers.lost(error);
      };
      client.on('notification', (n) => {
        if (open && n.channel === channel) handlers.notify(n.payload ?? '');
      });
      client.on('error', lose);
      client.on('end', () => lose(new Error('the listening connection ended')));
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      } catch (error) {
        client.connection.stream.destroy();
        throw error;
      }
      open = true;
      handlers.heard(performance.now());
      // PostgreSQL sends a listener what was notified before answering its next query: each answer
      // to a heartbeat proves everything committed before it was sent has been heard. One that is
      // not answered in time means the connection is gone, even if no one closed it.
      const heartbeat = () => {
        const sentAt = performance.now();
        const late = setTimeout(
          () => lose(new Error('the listening connection stopped answering')),
          HEARTBEAT_TIMEOUT_MS,
        ).unref();
        client.query('SELECT 1').then(
          () => {
            clearTimeout(late);
            if (!open) return;
            handlers.heard(sentAt);
            beat = setTimeout(heartbeat, HEARTBEAT_MS).unref();
          },
          (error: Error) => {
            clearTimeout(late);
            lose(error);
          },
        );
      };
      beat = setTimeout(heartbeat, HEARTBEAT_MS).unref();
      return async () => {
        if (!open) return;
        open = false;
        clearTimeout(beat);
        // Ended politely, unless the connection no longer answers.
        await Promise.race([
          client.end().catch(() => undefined),
          sleep(HEARTBEAT_TIMEOUT_MS, undefined, { ref: false }),
        ]);
        client.connection.stream.destroy();
      };
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite runs each query on this thread and answers it without handing the event loop back, so a
 * job's chain of transactions (an hour's parts, a manual clock's advance of many hours) would keep
 * every other request, a health check included, from even being read until it ends. Each statement
 * and transaction outside one first waits its turn behind what the event loop already holds:
 * a request waits for one part at most, as on PostgreSQL.
 */
class FairPGlite extends PGlite {
  override async query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    await nextTurn();
    return super.query<T>(query, params, options);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    await nextTurn();
    return super.transaction(callback);
  }
}

function openPglite(dataDir: string | undefined): Database {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? holdDataDir(dataDir) : () => undefined;
  const client = dataDir ? new FairPGlite(dataDir) : new FairPGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    async listen(channel, handlers) {
      const stop = await client.listen(channel, (payload) => handlers.notify(payload));
      handlers.heard(Number.POSITIVE_INFINITY);
      return stop;
    },
    close: () => client.close().finally(release),
  };
}
