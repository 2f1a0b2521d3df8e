import http from 'node:http';
import type { Socket } from 'node:net';
import { Code } from '@earn/domain';

/** What Node's HTTP parser refuses before any route is found: its status and words. */
const REFUSALS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The address or the headers of this request are too long'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * A request Node could not read as HTTP (an address or headers over its 16 KB, a timeout, broken
 * syntax) is answered in the API's envelope, as every other refusal is, instead of Fastify's own
 * JSON; then the connection is closed, as Node does.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = REFUSALS[error.code ?? ''] ?? [400, 'The request could not be read as HTTP'];
  const body = JSON.stringify({ code: Code.Failure, message, data: null, key: 'common.unreadable' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
