import { Worker } from 'node:worker_threads';

/** One caller of the load: the headers it sends (its cookies, its CSRF token). */
export interface LoadCaller {
  headers: Record<string, string>;
}

export interface LoadPlan {
  url: string;
  method: 'GET' | 'POST';
  body?: unknown;
  callers: readonly LoadCaller[];
  durationMs: number;
  /**
   * Calls at this fixed rate, whether or not earlier calls have been answered (open loop), each
   * timed from when it was due, so a stall shows in the latencies (no coordinated omission), taking
   * turns among the callers; without it, every caller calls back to back (closed loop).
   */
  perSecond?: number;
}

export interface LoadResult {
  perSecond: number;
  /** Each call's latency in ms. */
  latencies: number[];
  /** What each refused or failed call answered. */
  failures: string[];
}

/**
 * Calls the URL for the plan's duration (back to back from every caller, or at the plan's fixed
 * rate), from a worker thread: the server under test keeps its event loop to itself, as with a load
 * generator of its own.
 */
export function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-load-worker.mjs', import.meta.url), { workerData: plan });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The value below which the given share of the values lies (p99: 0.99); 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}
