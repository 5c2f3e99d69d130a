import type { FastifyReply } from 'fastify';

/** Enable Banking's text error codes the simulator uses (a subset of the API's ErrorCode enum). */
export type EnableBankingErrorCode =
  | 'ACCOUNT_DOES_NOT_EXIST'
  | 'ALREADY_AUTHORIZED'
  | 'ASPSP_ERROR'
  | 'ASPSP_RATE_LIMIT_EXCEEDED'
  | 'AUTHORIZATION_NOT_PROVIDED'
  | 'CLOSED_SESSION'
  | 'DATE_FROM_IN_FUTURE'
  | 'DATE_TO_WITHOUT_DATE_FROM'
  | 'EXPIRED_AUTHORIZATION_CODE'
  | 'EXPIRED_SESSION'
  | 'REDIRECT_URI_NOT_ALLOWED'
  | 'REVOKED_SESSION'
  | 'SESSION_DOES_NOT_EXIST'
  | 'UNAUTHORIZED_ACCESS'
  | 'WRONG_ASPSP_PROVIDED'
  | 'WRONG_AUTHORIZATION_CODE'
  | 'WRONG_CONTINUATION_KEY'
  | 'WRONG_DATE_INTERVAL'
  | 'WRONG_REQUEST_PARAMETERS'
  | 'WRONG_TRANSACTIONS_PERIOD';

/** The API's ErrorResponse: `{message, code (the HTTP status), error (text code), detail}`. */
export interface EnableBankingErrorBody {
  message: string;
  code: number;
  error?: EnableBankingErrorCode;
  detail: string | null;
}

export function sendError(
  reply: FastifyReply,
  status: number,
  error: EnableBankingErrorCode,
  message: string,
  detail: string | null = null,
) {
  const body: EnableBankingErrorBody = { message, code: status, error, detail };
  return reply.code(status).send(body);
}

/**
 * Injected faults: a 429 is Enable Banking's own throttling (with Retry-After), not a bank's daily allowance,
 * which the simulator answers itself with ASPSP_RATE_LIMIT_EXCEEDED once the allowance is spent.
 */
export function enableBankingFaultBody(status: 429 | 500): EnableBankingErrorBody {
  return status === 429
    ? { message: 'Too many requests', code: 429, detail: 'Slow down and try again shortly.' }
    : { message: 'Error interacting with ASPSP', code: 500, error: 'ASPSP_ERROR', detail: null };
}
