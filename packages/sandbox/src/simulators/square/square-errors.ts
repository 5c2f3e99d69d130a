import type { FastifyReply } from 'fastify';

/** Square v2 error body: {errors:[{category, code, detail, field?}]} (docs/providers.md, "Square"). */
export type SquareCategory = 'API_ERROR' | 'AUTHENTICATION_ERROR' | 'INVALID_REQUEST_ERROR' | 'RATE_LIMIT_ERROR';

export function sendSquareError(
  reply: FastifyReply,
  status: number,
  error: { category: SquareCategory; code: string; detail: string; field?: string },
): FastifyReply {
  return reply.status(status).send({ errors: [error] });
}

export const badRequest = (reply: FastifyReply, detail: string, field?: string, code = 'BAD_REQUEST') =>
  sendSquareError(reply, 400, { category: 'INVALID_REQUEST_ERROR', code, detail, ...(field ? { field } : {}) });
