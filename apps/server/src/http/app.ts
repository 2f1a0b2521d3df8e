import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet, { strictTransportSecurity } from 'helmet';
import { ManualClock } from '../clock.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import type { Scheduler } from '../jobs/scheduler.js';
import { accountRoutes } from '../modules/account/routes.js';
import { adminRoutes } from '../modules/admin/routes.js';
import { dualRoutes } from '../modules/dual/routes.js';
import { eventRoutes } from '../modules/events/routes.js';
import { fixedEarnRoutes } from '../modules/fixed-earn/routes.js';
import { inboxRoutes } from '../modules/inbox/routes.js';
import { launchpoolRoutes } from '../modules/launchpool/routes.js';
import { marketRoutes } from '../modules/market/routes.js';
import { notificationRoutes } from '../modules/notifications/routes.js';
import type { BorrowDemandSource } from '../modules/simple-earn/demand.js';
import { RateProjection } from '../modules/simple-earn/market-queries.js';
import { simpleEarnRoutes } from '../modules/simple-earn/routes.js';
import { softStakingRoutes } from '../modules/soft-staking/routes.js';
import { stakingRoutes } from '../modules/staking/routes.js';
import { wealthRoutes } from '../modules/wealth/routes.js';
import { isApiCall, isServerAddress } from './addresses.js';
import { clientErrorHandler } from './client-error.js';
import { handleError } from './error-handler.js';
import { registerFundPasswordGate } from './fundpass-gate.js';
import { OneLinePerRequest } from './request-log.js';
import { registerSession } from './session.js';
import { validatorCompiler } from './validation.js';
import { PAGE_VARY, PRERENDERED_DIR, webPages } from './web-pages.js';

export interface AppOptions {
  ctx: AppContext;
  scheduler: Scheduler;
  demand: BorrowDemandSource;
  /** Built web app to serve, when it exists. */
  webDist?: string;
  logLevel?: string;
  /** Reverse proxies in front (see Config.trustedProxies). */
  trustedProxies?: string[];
  /** Secure cookies (see Config.cookieSecurity). */
  cookieSecurity?: 'always' | 'never' | 'auto';
  /** Other origins allowed to frame the app (the staking embed); the app itself always may. */
  frameAncestors?: string[];
  /** Where logs go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

const COIN_ICONS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
  'svg',
  'color',
);

/**
 * helmet's headers, with framing by `frameAncestors` only. The web app loads only its own scripts;
 * Mantine sets inline styles; coin icons are same-origin files or data URIs.
 */
function helmetFor(frameAncestors: string[]) {
  return helmet({
    contentSecurityPolicy: {
      // Exactly these directives: helmet's defaults add upgrade-insecure-requests, which breaks plain-HTTP serving.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // frame-ancestors governs framing; X-Frame-Options (old browsers) could name only one origin.
    frameguard: frameAncestors.length > 1 ? false : { action: 'sameorigin' },
    // Sent over HTTPS only (hsts below): RFC 6797 forbids it over plain HTTP.
    strictTransportSecurity: false,
  });
}

/** HSTS, on answers that went over TLS (to the server, or to a trusted proxy that says so). */
const hsts = strictTransportSecurity();

/** The answer for an address no route takes. */
function noRoute(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    code: -1,
    message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    data: null,
    key: 'common.noRoute',
  });
}

/** The staking view opened for the exchange's assets frame: a /staking page with is_frame=1. */
function isFramedStakingView(url: string): boolean {
  const [pathname = '', query = ''] = url.split('?', 2);
  return /^\/staking(\/|$)/.test(pathname) && new URLSearchParams(query).get('is_frame') === '1';
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { ctx, scheduler } = options;
  // helmet's middleware, built once: @fastify/helmet builds it anew for every request (the largest part
  // of what a guest's read cost), and sets the headers with it the same way, on the raw response.
  // Framing only by ourselves, everywhere but the staking view opened for the assets frame.
  const securityHeaders = helmetFor(["'self'"]);
  const embeddable = options.frameAncestors?.length ? helmetFor(["'self'", ...options.frameAncestors]) : null;
  const headersFor = (request: FastifyRequest) =>
    embeddable && isFramedStakingView(request.raw.url ?? '') ? embeddable : securityHeaders;
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Secrets never reach the logs: no bodies are logged, and cookie and CSRF headers are redacted.
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    },
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
    // A caller's X-Request-Id is kept only when it looks like an id; anything else gets a new UUID.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    logController: new OneLinePerRequest(),
    ajv: { customOptions: { coerceTypes: 'array' } },
    // A __proto__ or constructor key is dropped from a JSON body, as any key the call does not take
    // is (the schemas' removeAdditional), never merged into an object's prototype.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // An address Fastify cannot even decode (a broken %-escape) is refused before any hook runs: with
    // the same headers and the same envelope as every other refusal (a page's, with the not-found page).
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw, () => undefined);
      // A page address a reader typed or followed, broken: the not-found page, not the envelope.
      // What throws here would end the process (Fastify has no handler around this one): the
      // envelope is sent instead.
      if (error.code === 'FST_ERR_BAD_URL' && isPageNavigation(request)) {
        try {
          return sendBrokenAddressPage(request, reply as FastifyReply);
        } catch (cause) {
          request.log.error({ err: cause }, 'the not-found page could not be sent');
        }
      }
      return handleError(error, request, reply);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // No call takes text: a text body is refused as any other that is not JSON (415), not read as a string.
  app.removeContentTypeParser('text/plain');
  // A manual clock may have been moved by another instance on the same database: follow it.
  if (ctx.clock instanceof ManualClock) {
    const clock = ctx.clock;
    app.addHook('onRequest', async () => clock.refresh(ctx.db));
  }
  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  const pageFor = hasWeb ? webPages(webDist) : undefined;
  // Page navigations get the app; a missing file (a stale bundle name) is a plain 404.
  const isPageNavigation = (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0] ?? '';
    return (
      pageFor !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerAddress(pathname) &&
      // A file's address (a bundle, an icon) is a file's 404; one ending in .html is a page's.
      (!/\.[a-z0-9]+$/i.test(pathname) || /\.html?$/i.test(pathname))
    );
  };
  /**
   * The not-found page for an address Fastify could not decode. No hook has run and no route holds
   * the reply (the file server's sendFile has none to answer through, and the request has no
   * decorators): the language cookie is read, and the page sent, here.
   */
  const sendBrokenAddressPage = (request: FastifyRequest, reply: FastifyReply) => {
    request.cookies = app.parseCookie(request.headers.cookie ?? '');
    const page = pageFor?.(request);
    if (!page || !webDist) return noRoute(request, reply);
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('vary', PAGE_VARY)
      .header('cache-control', 'no-cache')
      .send(fs.createReadStream(path.join(webDist, page.file)));
  };
  // An address the file server refuses to read (a NUL, '//', '..') is no page either: the reader
  // gets the not-found page, not the refusal's JSON.
  // A body that could not be read (broken JSON, too large) sent to an address with no route is
  // answered as having no route: the body is read before the not-found handler runs.
  app.setErrorHandler((error, request, reply) => {
    if ((error as { code?: string }).code === 'FST_STATIC_FORBIDDEN_PATH' && isPageNavigation(request))
      return reply.callNotFound();
    const status = (error as FastifyError).statusCode ?? 500;
    if (request.is404 && !(error instanceof AppError) && status >= 400 && status < 500) return noRoute(request, reply);
    return handleError(error as FastifyError, request, reply);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The web follows the server's clock (which an operator may have moved), not the device's.
    reply.header('x-server-time', String(ctx.clock.now().getTime()));
    // A manual clock stands still between advances: the web must not run it on by the device's time.
    if (ctx.clock.mode === 'manual') reply.header('x-server-clock', 'manual');
    // An answer may be the reader's own (balances, orders): no cache, a shared one least, keeps it.
    if (isApiCall(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // helmet throws what goes wrong (since 8.1) rather than passing it on.
  app.addHook('onRequest', (request, reply, done) =>
    headersFor(request)(request.raw, reply.raw, () =>
      request.protocol === 'https' ? hsts(request.raw, reply.raw, () => done()) : done(),
    ),
  );
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Earn platform API', version: '1.0.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
  });
  registerSession(app, ctx, options.cookieSecurity ?? 'auto');
  registerFundPasswordGate(app, ctx);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(accountRoutes(ctx));
  await app.register(marketRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(adminRoutes(ctx, scheduler));
  // One projection of the next hour's flexible rates, shared by every read that shows them.
  const projection = new RateProjection(options.demand);
  await app.register(simpleEarnRoutes(ctx, projection));
  await app.register(fixedEarnRoutes(ctx));
  await app.register(stakingRoutes(ctx));
  await app.register(wealthRoutes(ctx));
  await app.register(softStakingRoutes(ctx));
  await app.register(dualRoutes(ctx));
  await app.register(launchpoolRoutes(ctx, projection));
  await app.register(inboxRoutes(ctx));
  await app.register(eventRoutes(scheduler));

  await app.register(fastifyStatic, { root: COIN_ICONS, prefix: '/static/coin-icons/', decorateReply: false });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // The build writes .br and .gz beside each bundle: the smallest the browser accepts is sent.
      preCompressed: true,
      // Prerendered pages are sent for their page's address (webPages), never as files of their own.
      allowedPath: (pathname: string) => !pathname.startsWith(`/${PRERENDERED_DIR}/`),
      // Vite's hashed bundles never change under their name; index.html always must be fresh.
      setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // Browsers ask for /favicon.ico on their own where a document names no icon (a JSON answer
    // opened in a tab): the app's icon is an SVG.
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301));
  }
  app.setNotFoundHandler((request, reply) => {
    if (pageFor && isPageNavigation(request)) {
      // The page differs by the reader's language and width: a cache keeps one of each.
      const page = pageFor(request);
      return reply.status(page.status).type('text/html').header('vary', PAGE_VARY).sendFile(page.file);
    }
    return noRoute(request, reply);
  });

  return app;
}
