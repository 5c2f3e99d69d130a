import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * HMRC's error shapes (docs/hmrc.md, "Errors"): the APIs answer `{code, message}`; the OAuth token endpoint answers
 * RFC 6749's `{error, error_description}`. Every API answer carries an X-CorrelationId, as HMRC's do.
 */
export function sendHmrcError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).header('x-correlationid', randomUUID()).send({ code, message });
}

export function sendOAuthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** The API platform's own refusals (HMRC's reference guide, "Errors"), before any API sees the request. */
export const PLATFORM_ERRORS = {
  acceptHeader: [406, 'ACCEPT_HEADER_INVALID', 'The accept header is missing or invalid'],
  credentials: [401, 'INVALID_CREDENTIALS', 'Invalid Authentication information provided'],
  scope: [401, 'INVALID_SCOPE', 'Can not access the required resource. Ensure this token has all the required scopes.'],
  notFound: [404, 'MATCHING_RESOURCE_NOT_FOUND', 'A resource with the name in the request can not be found in the API'],
} as const satisfies Record<string, readonly [number, string, string]>;

export function sendPlatformError(reply: FastifyReply, error: keyof typeof PLATFORM_ERRORS): FastifyReply {
  const [status, code, message] = PLATFORM_ERRORS[error];
  return sendHmrcError(reply, status, code, message);
}

/** Bodies of injected failures: HMRC's throttle (429 MESSAGE_THROTTLED_OUT) and a server error. */
export function hmrcFaultBody(status: 429 | 500): unknown {
  return status === 429
    ? {
        code: 'MESSAGE_THROTTLED_OUT',
        message: 'The request for the API is throttled as you have exceeded your quota.',
      }
    : { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
}
