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
