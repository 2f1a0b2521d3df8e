import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, needLogin } from '../errors.js';
import { SESSION_TTL_MS } from '../modules/account/login.js';
import { findSessionUser, type User } from '../modules/account/repo.js';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
  interface FastifyContextConfig {
    /** 'user' needs a session, 'admin' the admin role; unset lets guests in (and they get zeros). */
    auth?: 'user' | 'admin';
    /** Fund-moving call: the fund-password gate runs before it. */
    fundpass?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sessions, CSRF and access: the session cookie is HttpOnly and stored server-side as a hash; the
 * csrf_token cookie is readable by scripts and must come back in X-CSRF-Token on every
 * state-changing call (double submit), so another site cannot make the browser act for the user.
 */
export function registerSession(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request, reply) => {
    let csrf = request.cookies[CSRF_COOKIE];
    if (!csrf) {
      csrf = randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, csrf, { path: '/', sameSite: 'strict', httpOnly: false });
    }
    if (UNSAFE.has(request.method) && request.headers[CSRF_HEADER] !== request.cookies[CSRF_COOKIE]) {
      throw forbidden('Missing or invalid CSRF token: send the csrf_token cookie back in the X-CSRF-Token header');
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = (await findSessionUser(ctx.db, token, ctx.clock.now())) ?? null;
  });

  app.addHook('preHandler', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    if (!request.user) throw needLogin();
    if (auth === 'admin' && request.user.role !== 'admin') throw forbidden('This needs the operator role');
  });
}

export function setSessionCookie(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user of a route declared with auth. */
export function userOf(request: FastifyRequest): User {
  if (!request.user) throw needLogin();
  return request.user;
}
