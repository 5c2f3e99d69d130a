import type { z } from 'zod';
import { ProviderError } from '../../provider-error.js';
import { retryAfterSeconds } from '../../provider-http.js';

const PROVIDER = 'enable_banking';

/** The owner's consent has ended or the account is gone at the bank: only a new consent brings it back. */
const CONSENT_ENDED = new Set([
  'EXPIRED_SESSION',
  'CLOSED_SESSION',
  'REVOKED_SESSION',
  'INVALID_ACCOUNT_ID',
  'ACCOUNT_DOES_NOT_EXIST',
  'ASPSP_ACCOUNT_NOT_ACCESSIBLE',
]);
/** The bank or Enable Banking is having trouble: worth trying again. */
const TRANSIENT = new Set(['ASPSP_ERROR', 'ASPSP_TIMEOUT']);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Enable Banking's `{message, code, error, detail}` as a ProviderError (docs/open-banking.md):
 * - 429 `ASPSP_RATE_LIMIT_EXCEEDED` is the bank's allowance of unattended reads (often four a day): a wait of hours
 *   (its Retry-After, else until the next UTC day), which the sync engine schedules rather than retrying now;
 * - 5xx, 408, `ASPSP_ERROR` and `ASPSP_TIMEOUT` are retryable;
 * - an expired, closed or revoked session, or an account gone, needs the owner to connect again;
 * - the rest (a refused JWT, a wrong or reused code, wrong parameters) is a rejection with Enable Banking's words.
 */
export function describeEnableBankingError(status: number, body: unknown, headers: Headers, now: Date): ProviderError {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = text(fields.error);
  const message = text(fields.message) ?? `Enable Banking answered with status ${status}`;
  const detail = text(fields.detail);
  const words = `${message}${/[.!?]$/.test(message) ? '' : '.'}${detail ? ` ${detail}${/[.!?]$/.test(detail) ? '' : '.'}` : ''}`;
  const make = (failure: 'retryable' | 'reauthorize' | 'rejected', wait: number | null = null) =>
    new ProviderError(PROVIDER, failure, words, status, wait, code);
  if (code === 'ASPSP_RATE_LIMIT_EXCEEDED') {
    const asked = retryAfterSeconds(headers);
    return make('retryable', asked !== null && asked > 60 ? asked : secondsToUtcMidnight(now));
  }
  if (status === 429) return make('retryable', retryAfterSeconds(headers));
  if (status >= 500 || status === 408 || (code !== null && TRANSIENT.has(code))) {
    return make('retryable', retryAfterSeconds(headers));
  }
  if (code !== null && CONSENT_ENDED.has(code)) return make('reauthorize');
  return make('rejected');
}

export function unreadableAnswer(what: string, error: z.ZodError): ProviderError {
  const first = error.issues[0];
  const where = first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : '';
  return new ProviderError(PROVIDER, 'rejected', `Enable Banking sent ${what} Brade could not read${where}.`);
}
