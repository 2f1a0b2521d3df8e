import Fastify from 'fastify';
import { startBenchServer } from './bench-server.js';
import { runLoad } from './http-load.js';

/** The public reads the issue names, as a visitor's browser calls them. */
const READS = [
  '/apiw/v2/uni-loan/earn/market/list?page=1&limit=7',
  '/apiw/v2/earn/launch-pool/projects',
  '/apiw/v2/market/tickers',
];
const CONNECTIONS = 16;
const DURATION_MS = 3_000;

/**
 * Requests per second of each public read of the app (demo data, its own database) against a bare
 * Fastify route answering a small JSON body, loaded the same way in the same run (target: every read
 * at least 20% of the bare route).
 */
export async function benchPublicReads(databaseUrl: string | undefined) {
  const bare = Fastify();
  bare.get('/bare', async () => ({ code: 0, message: 'success', data: { ok: true } }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const app = await startBenchServer({ databaseUrl, demo: true });
  try {
    const baseline = await requestsPerSecond(`${bareUrl}/bare`);
    const reads = [];
    for (const path of READS) {
      const rps = await requestsPerSecond(`${app.url}${path}`);
      reads.push({ path, rps, ratio: rps / baseline });
    }
    return { baseline, reads };
  } finally {
    await app.close();
    await bare.close();
  }
}

/** CONNECTIONS clients calling the URL back to back for DURATION_MS (a worker thread), after a short warm-up. */
async function requestsPerSecond(url: string): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
  }
  const load = await runLoad({
    url,
    method: 'GET',
    callers: Array.from({ length: CONNECTIONS }, () => ({ headers: {} })),
    durationMs: DURATION_MS,
  });
  if (load.failures.length > 0) throw new Error(`${url}: ${load.failures[0]}`);
  return load.perSecond;
}
