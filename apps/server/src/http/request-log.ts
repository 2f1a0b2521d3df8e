import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const unexpected = new WeakMap<FastifyRequest, unknown>();

/** An unexpected error answered as a 500: logged, with its stack, on the request's one line. */
export function noteUnexpectedError(request: FastifyRequest, error: unknown): void {
  unexpected.set(request, error);
}

/**
 * One log line per request, written when it ends and carrying what was asked and how it was
 * answered (as pino-http does), instead of Fastify's two lines (received, completed).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    const failure = error ?? unexpected.get(request);
    if (failure) reply.log.error({ ...line, err: failure }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
