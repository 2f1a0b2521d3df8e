// The load generator's thread (plain JavaScript: a worker does not inherit tsx's loader).
// Calls the plan's URL back to back from every caller at once for its duration.
import { parentPort, workerData } from 'node:worker_threads';

const plan = workerData;
const latencies = [];
const failures = [];
const body = plan.body === undefined ? undefined : JSON.stringify(plan.body);
const end = performance.now() + plan.durationMs;
const start = performance.now();
await Promise.all(
  plan.callers.map(async (caller) => {
    const headers = body === undefined ? caller.headers : { ...caller.headers, 'content-type': 'application/json' };
    while (performance.now() < end) {
      const t = performance.now();
      const res = await fetch(plan.url, { method: plan.method, headers, body });
      const text = await res.text();
      latencies.push(performance.now() - t);
      if (res.status !== 200 || !text.startsWith('{"code":0')) failures.push(`${res.status} ${text.slice(0, 200)}`);
    }
  }),
);
parentPort.postMessage({ perSecond: latencies.length / ((performance.now() - start) / 1000), latencies, failures });
