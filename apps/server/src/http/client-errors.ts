import type { Socket } from 'node:net';
import { ERROR_CODES } from '@brade/contract';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

export const BAD_ADDRESS_MESSAGE = 'The address of the request is not valid (a broken %-escape or an over-long part).';
export const TOO_LARGE_HEAD_MESSAGE = 'The request is too large: its address and headers may hold at most 16 KB.';
export const MALFORMED_MESSAGE = 'The request is not valid HTTP.';

/**
 * What the router refuses before any route runs (a path whose %-escape is not UTF-8, such as a lone surrogate's
 * bytes, or a path parameter over 100 characters): a 400 in the API's error shape (docs/architecture.md, "The API's
 * conventions") instead of Fastify's own.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) =>
  reply
    .status(400)
    .header('cache-control', 'no-store')
    .send({ error: BAD_ADDRESS_MESSAGE, code: ERROR_CODES.badRequest });

function rawAnswer(status: number, reason: string, body: object): string {
  const text = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`
  );
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a NUL or a line break in a header, headers or an
 * address over 16 KB, a broken request line): the same error shape, so no client meets another one. Too large a
 * head is a 400 with `payload_too_large`, as a body over the limit is (http/error-handler.ts).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    socket.write(
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawAnswer(408, 'Request Timeout', {
            error: 'The request took too long to arrive.',
            code: ERROR_CODES.badRequest,
          })
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? rawAnswer(400, 'Bad Request', { error: TOO_LARGE_HEAD_MESSAGE, code: ERROR_CODES.payloadTooLarge })
          : rawAnswer(400, 'Bad Request', { error: MALFORMED_MESSAGE, code: ERROR_CODES.badRequest }),
    );
  }
  socket.destroy(error);
}
