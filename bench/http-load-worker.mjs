// The load generator's thread (plain JavaScript: a worker does not inherit tsx's loader).
// Calls the plan's URL back to back from every caller at once for its duration, over node:http with
// one kept-alive connection per caller: lighter than fetch, so the load takes less of the CPU the
// server under test shares with it.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const plan = workerData;
const latencies = [];
const failures = [];
const body = plan.body === undefined ? undefined : Buffer.from(JSON.stringify(plan.body));
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.callers.length });

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

const end = performance.now() + plan.durationMs;
const start = performance.now();
await Promise.all(
  plan.callers.map(async (caller) => {
    const headers =
      body === undefined
        ? caller.headers
        : { ...caller.headers, 'content-type': 'application/json', 'content-length': body.length };
    while (performance.now() < end) {
      const t = performance.now();
      const { status, text } = await call(headers);
      latencies.push(performance.now() - t);
      if (status !== 200 || !text.startsWith('{"code":0')) failures.push(`${status} ${text.slice(0, 200)}`);
    }
  }),
);
agent.destroy();
parentPort.postMessage({ perSecond: latencies.length / ((performance.now() - start) / 1000), latencies, failures });
