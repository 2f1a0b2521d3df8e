import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../src/config.js';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/client.js';
import { register } from '../src/modules/account/register.js';
import { findUserByEmail } from '../src/modules/account/repo.js';
import { createServer, type Server, type ServerOptions } from '../src/server.js';

export const DATABASE_URL = process.env.DATABASE_URL;
export const HOUR_MS = 3_600_000;
/** A fixed start for the manual clock so worked examples have exact times: 2026-11-02 00:00 UTC. */
export const T0 = Date.UTC(2026, 10, 2);

/** Says loudly when a PostgreSQL-only test is skipped, so a run without DATABASE_URL never passes silently. */
export function requirePostgres(what: string): boolean {
  if (!DATABASE_URL) console.warn(`SKIPPED (no DATABASE_URL): ${what} needs PostgreSQL for real concurrency`);
  return Boolean(DATABASE_URL);
}

/**
 * A fresh, empty (migrated) PostgreSQL database, and how to drop it once its server has closed (a
 * hook registered here would be too late to run: Vitest collects a file's hooks before it starts).
 */
async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!DATABASE_URL) throw new Error('DATABASE_URL is not set');
  const name = `earn_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    const template = await migratedTemplate(admin);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });
  return {
    url: databaseUrl(name),
    drop: () =>
      withAdmin(async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Takes turns at making the template, across test files and runs. */
const TEMPLATE_LOCK = 7_240_002;

/**
 * The database every test file's database is copied from, with every migration applied: a copy
 * (CREATE DATABASE ... TEMPLATE) takes a fraction of the time the migrations take each file. It is
 * named by the migrations it holds, so a run with other migrations makes its own, and made once by
 * whichever file asks first.
 */
async function migratedTemplate(admin: pg.Client): Promise<string> {
  const name = `earn_template_${migrationsDigest()}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      // Older templates, and any a run stopped while making (it is made under the lock held here).
      const old = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'earn\\_template\\_%' OR datname LIKE 'earn\\_building\\_%'",
      );
      for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      // Made under another name and renamed once whole: a run stopped halfway leaves no template.
      const building = `earn_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = openDatabase({ databaseUrl: databaseUrl(building) });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
  return name;
}

/** A digest of the migrations folder: the files' names and contents. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export interface TestServer {
  server: Server;
  url: string;
  client(): Client;
  /** A signed-in client of a new user, with a fund password set when asked. */
  newUser(options?: { fundpass?: string; email?: string }): Promise<Client & { email: string }>;
  admin: Client;
  deposit(email: string, coin: string, amount: string, wallet?: 'spot' | 'unified'): Promise<void>;
  close(): Promise<void>;
}

/**
 * Boots the real server on a real port over a fresh database: PostgreSQL when DATABASE_URL is set
 * (or when `postgres` is asked), else an in-memory PGlite. The manual clock starts at T0.
 */
export async function startTestServer(
  options: ServerOptions & {
    postgres?: boolean;
    demo?: boolean;
    dataDir?: string;
    webDist?: string;
    trustedProxies?: string[];
    cookieSecurity?: 'always' | 'never' | 'auto';
    registrationsPerHour?: number;
    frameAncestors?: string[];
    /** Joins this database (a second server instance over the same data) instead of a fresh one. */
    databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const usePostgres = options.postgres ?? Boolean(DATABASE_URL);
  // A server joining another's database leaves it to that one to drop.
  const fresh = !options.databaseUrl && usePostgres ? await freshPostgresDatabase() : undefined;
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: options.databaseUrl ?? fresh?.url,
    dataDir: options.dataDir,
    demo: options.demo ?? false,
    clock: 'manual',
    webDist: options.webDist ?? '/nonexistent',
    logLevel: options.logStream ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
    trustedProxies: options.trustedProxies ?? [],
    // Tests open many accounts from one address; the registration throttle has its own test.
    registrationsPerHour: options.registrationsPerHour ?? 1_000_000,
    ...(options.cookieSecurity ? { cookieSecurity: options.cookieSecurity } : {}),
    ...(options.frameAncestors ? { frameAncestors: options.frameAncestors } : {}),
  };
  const server = await createServer(config, { clockStartMs: T0, ...options });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  if (!(await findUserByEmail(server.ctx.db, 'operator@example.com'))) {
    await register(server.ctx, { email: 'operator@example.com', password: 'operator-pass' }, { role: 'admin' });
  }
  const admin = new Client(url);
  await admin.login('operator@example.com', 'operator-pass');

  let counter = 0;
  const ts: TestServer = {
    server,
    url,
    admin,
    client: () => new Client(url),
    async newUser(opts = {}) {
      counter += 1;
      const email = opts.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
      const client = new Client(url);
      const res = await client.post('/apiw/v2/auth/register', { email, password: 'tidy-lemon-42' });
      if (res.body.code !== 0) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
      const session = await client.post('/apiw/v2/auth/login', { email, password: 'tidy-lemon-42' });
      if (session.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(session.body)}`);
      if (opts.fundpass) {
        const set = await client.post('/apiw/v2/account/fundpass', { fundpass: opts.fundpass });
        if (set.body.code !== 0) throw new Error(`fundpass failed: ${JSON.stringify(set.body)}`);
      }
      return Object.assign(client, { email });
    },
    async deposit(email, coin, amount, wallet = 'spot') {
      const res = await admin.post('/admin/v1/deposit', { email, coin, amount, wallet });
      if (res.body.code !== 0) throw new Error(`deposit failed: ${JSON.stringify(res.body)}`);
    },
    async close() {
      await server.close();
      await fresh?.drop();
    },
  };
  return ts;
}

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever envelope a route answers
  body: { code: number; message: string; data: any; require_fundpass?: boolean; key?: string };
}

/** A browser-like HTTP client: keeps cookies and sends the CSRF header on every call. */
export class Client {
  private readonly cookies = new Map<string, string>();
  csrf = true;

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The same browser calling another server instance (behind the same address, as a load balancer would). */
  at(baseUrl: string): Client {
    const other = new Client(baseUrl);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    if (!this.cookies.has('csrf_token')) await this.send('GET', '/healthz');
    return this.send(method, path, body, headers);
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }

  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body ?? {}, headers);
  }

  async login(email: string, password: string) {
    const res = await this.post('/apiw/v2/auth/login', { email, password });
    if (res.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
    return res;
  }

  private async send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const all: Record<string, string> = { ...headers };
    if (this.cookies.size) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrf_token');
    if (this.csrf && csrf && method !== 'GET') all['x-csrf-token'] = csrf;
    let payload: string | undefined;
    if (body !== undefined && typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      all['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers: all, body: payload });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  }
}

/** A point one side of a race waits at until the other side opens it. */
export function gate(): { passed: Promise<void>; open: () => void } {
  let open!: () => void;
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}
