// The load generator's thread (plain JavaScript: a worker does not inherit tsx's loader).
// Calls the plan's URL for its duration, over node:http with kept-alive connections (lighter than
// fetch, so the load takes less of the CPU the server under test shares with it): back to back from
// every caller, or at the plan's fixed rate, each call timed from when it was due.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

const plan = workerData;
const latencies = [];
const failures = [];
const body = plan.body === undefined ? undefined : Buffer.from(JSON.stringify(plan.body));
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.perSecond ? 256 : plan.callers.length });
const headersOf = plan.callers.map((caller) =>
  body === undefined
    ? caller.headers
    : { ...caller.headers, 'content-type': 'application/json', 'content-length': body.length },
);

function call(headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(plan.url, { method: plan.method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function timed(headers, dueAt) {
  const { status, text } = await call(headers);
  latencies.push(performance.now() - dueAt);
  if (status !== 200 || !text.startsWith('{"code":0')) failures.push(`${status} ${text.slice(0, 200)}`);
}

const start = performance.now();
const end = start + plan.durationMs;
if (plan.perSecond) {
  const calls = [];
  const intervalMs = 1000 / plan.perSecond;
  for (let i = 0; start + i * intervalMs < end; ) {
    const now = performance.now();
    // Every call due by now goes out now: a late tick sends its backlog at once, timed from when due.
    for (; start + i * intervalMs <= now && start + i * intervalMs < end; i++) {
      calls.push(timed(headersOf[i % headersOf.length], start + i * intervalMs));
    }
    await sleep(Math.max(0, start + i * intervalMs - performance.now()));
  }
  await Promise.all(calls);
} else {
  await Promise.all(
    headersOf.map(async (headers) => {
      while (performance.now() < end) await timed(headers, performance.now());
    }),
  );
}
agent.destroy();
parentPort.postMessage({ perSecond: latencies.length / ((performance.now() - start) / 1000), latencies, failures });
