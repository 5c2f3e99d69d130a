import type { FastifyReply } from 'fastify';

/** GoCardless Bank Account Data error body: {summary, detail, status_code}, sometimes with a type. */
export interface GoCardlessError {
  summary: string;
  detail: string;
  status_code: number;
  type?: string;
}

export function sendError(reply: FastifyReply, status: number, summary: string, detail: string, type?: string) {
  const body: GoCardlessError = { summary, detail, status_code: status };
  if (type) body.type = type;
  return reply.code(status).send(body);
}

/**
 * Field validation errors. The real API keys them by field ({field: {summary, detail}, status_code}); the top-level
 * summary/detail are added so clients that only read those still get a message.
 */
export function sendFieldError(reply: FastifyReply, field: string, summary: string, detail: string) {
  return reply.code(400).send({ summary, detail, status_code: 400, [field]: { summary, detail } });
}

export const notFound = (reply: FastifyReply) => sendError(reply, 404, 'Not found.', 'Not found.');

/**
 * Account data after the agreement ran out or the requisition was revoked (docs/providers.md, "GoCardless Bank Account
 * Data").
 */
export function accessExpired(reply: FastifyReply, what: 'details' | 'balances' | 'transactions') {
  return sendError(
    reply,
    401,
    `Couldn't update account ${what}`,
    'Access has expired or it has been revoked. To restore access reconnect the account.',
    'AccessExpiredError',
  );
}

export function goCardlessFaultBody(status: 429 | 500): GoCardlessError {
  return status === 429
    ? { summary: 'Rate limit exceeded', detail: 'The rate limit for this resource is exceeded.', status_code: 429 }
    : { summary: 'Internal server error', detail: 'Something went wrong. Please try again later.', status_code: 500 };
}
