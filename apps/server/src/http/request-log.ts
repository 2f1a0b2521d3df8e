import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, written when it ends and carrying what was asked and how it was
 * answered (as pino-http does), instead of Fastify's two lines (received, completed).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
