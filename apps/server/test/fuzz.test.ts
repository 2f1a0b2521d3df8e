import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { lender } from './flexible-helpers.js';
import { type Client, startTestServer, type TestServer } from './helpers.js';

/**
 * Every route in /openapi.json gets at least 30 bad inputs (each field set to a wrong type, an
 * out-of-range or malformed value, a NUL byte, a huge string; wrong body shapes; junk parameters):
 * not one may answer 5xx, and nothing may be written.
 */
let ts: TestServer;
let user: Client;

beforeAll(async () => {
  ts = await startTestServer({ demo: true });
  user = await lender(ts, { USDT: '1000', GT: '100' });
});
afterAll(() => ts.close());

const BAD_JSON: unknown[] = [
  '\u0000',
  'A\u0000B',
  '',
  ' ',
  'x'.repeat(5000),
  '-1',
  '1e400',
  '9007199254740993',
  '2147483648',
  '0x10',
  'NaN',
  'Infinity',
  '00001',
  '5e-2',
  "' OR 1=1 --",
  '../../etc/passwd',
  '\uD800',
  -1,
  0,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1.5,
  true,
  null,
  [],
  {},
  [1, 2],
  { $gt: '' },
];
const BAD_QUERY = [
  '\u0000',
  '',
  'x'.repeat(3000),
  '-1',
  '1e400',
  '9007199254740993',
  '2147483648',
  'abc',
  '%',
  '[]',
  '{"a":1}',
  '0x10',
  '1.5',
  'NaN',
  '\uD800',
];
/** Streams, and calls that would end the fuzzing user's session, are left out. */
const SKIP = new Set(['GET /apiw/v2/earn/events', 'POST /apiw/v2/auth/logout']);
/** What the fuzzing may legitimately write: failed tries and sessions. */
const NOT_CHECKED = new Set(['failed_attempts', 'sessions', 'idempotency_keys']);

async function fingerprint(): Promise<Record<string, string>> {
  const db = ts.server.ctx.db;
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  ).filter((t) => !NOT_CHECKED.has(t.table_name) && !t.table_name.startsWith('__'));
  const out: Record<string, string> = {};
  for (const t of tables) {
    const [row] = rowsOf<{ n: string }>(await db.execute(sql.raw(`SELECT count(*)::text AS n FROM "${t.table_name}"`)));
    out[t.table_name] = row?.n ?? '0';
  }
  const [sum] = rowsOf<{ s: string }>(
    await db.execute(sql`SELECT coalesce(sum(abs(balance)), 0)::text AS s FROM ledger_accounts`),
  );
  out.ledger_balances = sum?.s ?? '0';
  return out;
}

interface Route {
  method: string;
  path: string;
  query: string[];
  body: string[];
  /** A plausible value for each body field, so one bad field at a time gets past the others. */
  plausible: Record<string, unknown>;
  /** Each body field's schema type. */
  types: Record<string, string | undefined>;
}

/** A value of the field's type that most routes accept, guessed from its schema and name. */
function plausibleValue(name: string, schema: { type?: string }): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [];
  if (schema.type === 'object') return {};
  if (/coin|asset|currency|symbol/i.test(name)) return 'BTC';
  return '1';
}

function routesOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters as { name: string; in: string }[] | undefined) ?? [];
      const schema = (
        op.requestBody as
          | { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> }
          | undefined
      )?.content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(schema?.properties ?? {}),
        plausible: Object.fromEntries(
          Object.entries(schema?.properties ?? {}).map(([name, field]) => [name, plausibleValue(name, field)]),
        ),
        types: Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, field]) => [name, field.type])),
      });
    }
  }
  return routes;
}

function badRequestsOf(route: Route): { query: Record<string, string>; body?: unknown }[] {
  const out: { query: Record<string, string>; body?: unknown }[] = [];
  const fields = route.query.length > 0 ? route.query : ['unknown_field'];
  for (const field of fields) for (const v of BAD_QUERY) out.push({ query: { [field]: v } });
  if (route.method !== 'GET') {
    for (const shape of [[], 'x', 5, null, [{}]]) out.push({ query: {}, body: shape });
    const names = route.body.length > 0 ? route.body : ['unknown_field'];
    for (const field of names)
      for (const v of BAD_JSON) {
        // true and false are the values a boolean field takes, not bad input for it.
        if (route.types[field] === 'boolean' && typeof v === 'boolean') continue;
        out.push({ query: {}, body: { [field]: v } });
        // The same bad value with every other field plausible, so it reaches the use case.
        if (route.body.length > 1) out.push({ query: {}, body: { ...route.plausible, [field]: v } });
      }
  }
  while (out.length < 30)
    out.push({ query: { [`junk${out.length}`]: BAD_QUERY[out.length % BAD_QUERY.length] ?? '' } });
  return out;
}

describe('fuzzing every route', () => {
  it('answers every bad input of every route without a server error, and writes nothing', async () => {
    const doc = (await (await fetch(`${ts.url}/openapi.json`)).json()) as Parameters<typeof routesOf>[0];
    const routes = routesOf(doc).filter((r) => !SKIP.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(60);
    const before = await fingerprint();
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const client = route.path.startsWith('/admin/') ? ts.admin : user;
      const requests = badRequestsOf(route);
      expect(requests.length).toBeGreaterThanOrEqual(30);
      for (const r of requests) {
        const qs = new URLSearchParams(r.query).toString();
        // Path parameters name the demo's first row, so the bad field reaches the call's use case.
        const url = `${route.path.replace(/\{[^}]+\}/g, '1')}${qs ? `?${qs}` : ''}`;
        const res =
          route.method === 'GET'
            ? await client.get(url)
            : await client.request(route.method, url, r.body === undefined ? {} : r.body);
        sent += 1;
        if (res.status >= 500)
          failures.push(`${route.method} ${url} ${JSON.stringify(r.body)?.slice(0, 80)} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 30 - 1);
    expect(await fingerprint()).toEqual(before);
    // Over 3,000 requests one after another: about a minute, more on a loaded machine.
  }, 240_000);
});
