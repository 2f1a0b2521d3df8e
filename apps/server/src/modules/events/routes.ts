import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { JobRun, Scheduler } from '../../jobs/scheduler.js';

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for open pages: `settled` after every pass of the scheduler that settled a
 * period (an hour of interest or rewards, a release), so balances, rewards, statements and holdings
 * refresh within a moment instead of on the next reload. Public: it says only that time moved on.
 * Each instance streams its own scheduler's passes; the web also refreshes at each hour boundary,
 * so a page served by another instance still updates.
 */
export function eventRoutes(scheduler: Scheduler): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Open streams end as the server starts to close (preClose): closing waits for every request
    // under way to end first, so a stream left open would keep a stopping server up for as long as
    // a browser keeps the page, and onClose would come only after that.
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of open) end();
    });
    app.get('/apiw/v2/earn/events', { schema: { tags: ['events'] } }, (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 5000\n\n');
      const send = (runs: JobRun[]) => {
        const periods = runs.map((r) => ({ job: r.job, period_start: r.periodStart.getTime() / 1000 }));
        res.write(`event: settled\ndata: ${JSON.stringify({ periods })}\n\n`);
      };
      const unsubscribe = scheduler.onSettled(send);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        res.end();
      };
      open.add(end);
      request.raw.on('close', end);
    });
  };
}
