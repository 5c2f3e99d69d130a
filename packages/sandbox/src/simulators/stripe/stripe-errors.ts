import type { FastifyReply } from 'fastify';

/** Stripe v1 error body: {error:{type, code, message, param}} (docs/providers.md, "Stripe"). */
export type StripeErrorType =
  | 'invalid_request_error'
  | 'api_error'
  | 'rate_limit_error'
  | 'authentication_error'
  | 'permission_error';

export function sendStripeError(
  reply: FastifyReply,
  status: number,
  error: { type: StripeErrorType; message: string; code?: string; param?: string },
): FastifyReply {
  const body: Record<string, string> = { type: error.type, message: error.message };
  if (error.code) {
    body.code = error.code;
    body.doc_url = `https://stripe.com/docs/error-codes/${error.code.replaceAll('_', '-')}`;
  }
  if (error.param) body.param = error.param;
  return reply.status(status).header('request-id', requestId()).send({ error: body });
}

/** OAuth endpoints (connect.stripe.com) use the flat OAuth shape instead: {error, error_description}. */
export function sendOAuthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.status(status).send({ error, error_description: description });
}

let counter = 0;
function requestId(): string {
  counter += 1;
  return `req_sim${String(counter).padStart(11, '0')}`;
}

/** Keys are shown masked in messages, as Stripe does, so logs never carry a whole secret. */
export function maskKey(key: string): string {
  const underscore = key.lastIndexOf('_');
  const prefix = underscore >= 0 ? key.slice(0, underscore + 1) : '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}
