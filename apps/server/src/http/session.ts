import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, needLogin, unsupportedMediaType } from '../errors.js';
import { fundpassFailuresSince } from '../modules/account/check-fund-password.js';
import { SESSION_TTL_MS } from '../modules/account/login.js';
import { findSessionUser, type StepUpSession, type User } from '../modules/account/repo.js';
import { isApiCall } from './addresses.js';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    /** The user's recent fund-password failures, read with the session (the fund-password gate's). */
    fundpassFailures: number[];
    /** The request's session, whose fund-password step-up window the gate reads and moves. */
    stepUp: StepUpSession | null;
  }
  interface FastifyInstance {
    /** Secure cookies: always, never, or when the request came over HTTPS (auto). */
    cookieSecurity: CookieSecurity;
  }
  interface FastifyContextConfig {
    /** 'user' needs a session, 'admin' the admin role; unset lets guests in (and they get zeros). */
    auth?: 'user' | 'admin';
    /** Fund-moving call: the fund-password gate runs before it. */
    fundpass?: boolean;
    /**
     * Checks of the call's input that need the database (a pool's or a coin's decimal places, a
     * product's minimum, the user's balance, read without locks), run before the fund-password gate
     * asks, so input refused anyway is refused before the prompt and costs no try. The call checks
     * again under its locks.
     */
    precheck?: (body: unknown, user: User) => Promise<void>;
    /** The spec names a form body for this call; every other call takes JSON only. */
    formBody?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type CookieSecurity = 'always' | 'never' | 'auto';

/** Whether cookies set on this request's answer carry Secure. */
function isSecure(request: FastifyRequest): boolean {
  const mode = request.server.cookieSecurity;
  return mode === 'always' || (mode === 'auto' && request.protocol === 'https');
}

/**
 * The CSRF token of a session: derived from the secret session token, so it is tied to the session
 * and a cookie planted by another site (or a sibling subdomain) cannot match it.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function setCsrfCookie(reply: FastifyReply, token: string) {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'strict',
    httpOnly: false,
    secure: isSecure(reply.request),
  });
}

/**
 * Sessions, CSRF and access: the session cookie is HttpOnly and stored server-side as a hash; the
 * csrf_token cookie is readable by scripts and must come back in X-CSRF-Token on every
 * state-changing call. With a session the token must be the session's own (csrfTokenOf), so an
 * attacker who sets both cookie and header still fails; without one (login, register) the header
 * must equal the cookie, and both must be there. Form bodies reach only the calls the spec names.
 */
export function registerSession(app: FastifyInstance, ctx: AppContext, cookieSecurity: CookieSecurity) {
  app.decorateRequest('user', null);
  app.decorateRequest('fundpassFailures', null as unknown as number[]);
  app.decorateRequest('stepUp', null);
  app.decorate('cookieSecurity', cookieSecurity);

  app.addHook('onRequest', async (request, reply) => {
    const session = request.cookies[SESSION_COOKIE];
    const expected = session ? csrfTokenOf(session) : request.cookies[CSRF_COOKIE];
    // The token goes out on API answers only: a file or a page may be kept by a shared cache, which
    // would hand the token it carries to every visitor (the web asks /healthz for one it lacks).
    if (isApiCall(request.url)) {
      if (session && request.cookies[CSRF_COOKIE] !== expected) setCsrfCookie(reply, expected as string);
      if (!session && !request.cookies[CSRF_COOKIE]) setCsrfCookie(reply, randomBytes(24).toString('base64url'));
    }
    if (UNSAFE.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (!sameToken(typeof sent === 'string' ? sent : undefined, expected)) {
        throw forbidden(
          'Missing or invalid CSRF token: send the csrf_token cookie back in the X-CSRF-Token header',
          // A token from before, not an expired session: a session's own token always matches it,
          // and one that has expired is told by the login check.
          'common.pageExpired',
        );
      }
    }
    if (session) {
      const now = ctx.clock.now();
      const found = await ctx.sessions.read(session, now, () =>
        findSessionUser(ctx.db, session, now, fundpassFailuresSince(now)),
      );
      request.user = found?.user ?? null;
      request.fundpassFailures = found?.fundpassFailures ?? [];
      request.stepUp = found?.session ?? null;
    }
    // Who may call comes first, before the body is read: a guest or a user on an operator route
    // learns nothing from the body's parsing (JSON, type, size) or the schema.
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    if (!request.user) throw needLogin();
    if (auth === 'admin' && request.user.role !== 'admin')
      throw forbidden('This needs the operator role', 'common.operatorOnly');
  });

  // Content-type is checked before the body is validated: JSON only, unless the spec names a form.
  // A body sent without a type is refused the same way (Fastify would leave it unread, and the
  // schema would call the call's body missing); a type Fastify has no parser for is refused by it
  // first, with the same words (handleError).
  app.addHook('preValidation', async (request) => {
    // An address with no route is answered as such (404), whatever its body.
    if (!UNSAFE.has(request.method) || request.is404) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    const form = type === 'application/x-www-form-urlencoded';
    const untypedBody = type === '' && hasBody(request);
    if ((form && !request.routeOptions.config.formBody) || untypedBody) throw unsupportedMediaType();
  });
}

/** Whether a request carries a body: a length above zero, or one sent in chunks. */
function hasBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}

/** A new session: its cookie, and the CSRF token tied to it. */
export function setSessionCookie(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply.request),
    maxAge: SESSION_TTL_MS / 1000,
  });
  setCsrfCookie(reply, csrfTokenOf(token));
}

/** Signed out: the session cookie goes, and a fresh guest CSRF token replaces the session's. */
export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  setCsrfCookie(reply, randomBytes(24).toString('base64url'));
}

/** The signed-in user of a route declared with auth. */
export function userOf(request: FastifyRequest): User {
  if (!request.user) throw needLogin();
  return request.user;
}
