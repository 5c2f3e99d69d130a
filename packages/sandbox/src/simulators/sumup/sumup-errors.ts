import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * SumUp's error shapes (docs/providers.md, "SumUp"): most API errors are `{message, error_code}`; 401s from the gateway
 * are RFC 7807 problems; the OAuth token endpoint answers with RFC 6749 `{error, error_description}`.
 */
export function sendApiError(reply: FastifyReply, status: number, errorCode: string, message: string): FastifyReply {
  return reply.code(status).send({ message, error_code: errorCode });
}

export function sendUnauthorized(
  reply: FastifyReply,
  detail: string,
  error: 'invalid_token' | 'insufficient_scope' = 'invalid_token',
): FastifyReply {
  return reply
    .code(401)
    .header('content-type', 'application/problem+json')
    .header('www-authenticate', `Bearer error="${error}"`)
    .send({
      type: 'https://developer.sumup.com/problem/unauthorized',
      title: 'Unauthorized',
      status: 401,
      detail,
      trace_id: randomUUID().replaceAll('-', ''),
    });
}

export function sendOAuthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** Bodies for injected failures. */
export function sumupFaultBody(status: 429 | 500): unknown {
  return status === 429
    ? { message: 'Too many requests', error_code: 'TOO_MANY_REQUESTS' }
    : { message: 'Internal server error', error_code: 'INTERNAL_SERVER_ERROR' };
}
