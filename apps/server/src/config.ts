import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; unset means the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** PGlite folder; undefined keeps the database in memory (tests). */
  dataDir: string | undefined;
  demo: boolean;
  clock: 'system' | 'manual';
  /** Where the built web app lives; served as static files when present. */
  webDist: string;
  logLevel: string;
  /**
   * The reverse proxies in front of the server (addresses or CIDR ranges) whose X-Forwarded-For is
   * trusted, so the login pause per address sees the user's address, not the proxy's. Empty: none.
   */
  trustedProxies: string[];
  /** Secure cookies: always (the default in production), never, or auto (when the request came over HTTPS). */
  cookieSecurity?: 'always' | 'never' | 'auto';
  /** Other origins allowed to frame the app (the staking embed), besides itself. */
  frameAncestors?: string[];
  /** Where the launch-pool success pop-up's "Go to CandyDrop" leads; unset hides the button. */
  candyDropUrl?: string | undefined;
  /** Accounts one address may open per hour (default 5: REGISTER_IP_LIMIT). */
  registrationsPerHour?: number | undefined;
  /** The exchange around the earn area (deposit, buy, trade pages); unset hides add-funds entries that lead there. */
  exchangeUrl?: string | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clock = env.EARN_CLOCK ?? 'system';
  if (clock !== 'system' && clock !== 'manual') throw new Error(`EARN_CLOCK must be system or manual, not ${clock}`);
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.EARN_DATA_DIR ?? '.data'),
    demo: env.EARN_DEMO === '1' || env.EARN_DEMO === 'true',
    clock,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustedProxies: (env.EARN_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    candyDropUrl: env.EARN_CANDYDROP_URL || undefined,
    registrationsPerHour: positiveIntegerOf(env, 'EARN_REGISTRATIONS_PER_HOUR'),
    exchangeUrl: env.EARN_EXCHANGE_URL?.replace(/\/+$/, '') || undefined,
    cookieSecurity: cookieSecurityOf(env),
    frameAncestors: (env.EARN_FRAME_ANCESTORS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}

function cookieSecurityOf(env: NodeJS.ProcessEnv): 'always' | 'never' | 'auto' {
  const value = env.EARN_SECURE_COOKIES ?? (env.NODE_ENV === 'production' ? 'always' : 'auto');
  if (value !== 'always' && value !== 'never' && value !== 'auto')
    throw new Error(`EARN_SECURE_COOKIES must be always, never or auto, not ${value}`);
  return value;
}

function positiveIntegerOf(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${raw}`);
  return value;
}
