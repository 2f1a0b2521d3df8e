import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { canonicalJson } from '../canonical-json.js';
import type { Clock } from '../clock.js';
import type { IdempotencyRequest } from '../db/tx.js';
import { badRequest } from '../errors.js';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * The Idempotency-Key of a state-changing call, with a hash of what it asks for. The fund password
 * is left out of the hash: the retry that carries it is the same request.
 */
export function idempotencyOf(request: FastifyRequest, userId: number, clock: Clock): IdempotencyRequest | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 128 letters, digits or _ . : -', 'common.idempotencyKey');
  }
  const { fundpass: _fundpass, ...rest } = (request.body ?? {}) as Record<string, unknown>;
  const requestHash = createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${canonicalJson(rest)}\n${JSON.stringify(request.params ?? {})}`,
    )
    .digest('hex');
  return { userId, key, requestHash, now: clock.now() };
}
