import type { z } from 'zod';
import { ProviderError } from '../../provider-error.js';
import { retryAfterSeconds } from '../../provider-http.js';

const PROVIDER = 'gocardless';

/**
 * What kind of call failed: `token` (Brade's own GoCardless secrets), `account` (the owner's bank data, behind the
 * bank's consent and daily limits) or `api` (institutions, agreements, requisitions).
 */
export type GoCardlessCall = 'token' | 'api' | 'account';

/** GoCardless announced its rate-limit headers with an HTTP_ prefix; how they reach the wire varies, so read both. */
export function rateLimitHeader(headers: Headers, name: string): number | null {
  const value = headers.get(`x-ratelimit-${name}`) ?? headers.get(`http_x_ratelimit_${name.replaceAll('-', '_')}`);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** `{summary, detail, status_code, type?}`, or per-field `{field: {summary, detail}}` on validation errors. */
function wordsOf(body: unknown, status: number): { words: string; type: string | null } {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const nested = Object.values(fields).find(
    (value): value is Record<string, unknown> => typeof value === 'object' && value !== null && 'detail' in value,
  );
  const words =
    text(fields.detail) ??
    text(fields.summary) ??
    text(nested?.detail) ??
    text(nested?.summary) ??
    `GoCardless answered with status ${status}`;
  return { words: /[.!?]$/.test(words) ? words : `${words}.`, type: text(fields.type) };
}

function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * A bank's daily limit (as few as 4 successful calls a day per account and scope) is a wait of hours: the answer
 * carries how long, and the sync engine reschedules rather than retrying in-process.
 */
function accountRateLimitWait(headers: Headers, words: string, now: Date): number | null {
  const asked = retryAfterSeconds(headers);
  const dailyLimitReached =
    rateLimitHeader(headers, 'account-success-remaining') === 0 || /daily|per day|\/day/i.test(words);
  if (!dailyLimitReached) return asked ?? rateLimitHeader(headers, 'reset');
  const reset = rateLimitHeader(headers, 'account-success-reset');
  return Math.max(asked ?? 0, reset ?? 0) || secondsToUtcMidnight(now);
}

export function describeGoCardlessError(
  call: GoCardlessCall,
  status: number,
  body: unknown,
  headers: Headers,
  now: Date,
): ProviderError {
  const { words, type } = wordsOf(body, status);
  const make = (failure: 'retryable' | 'reauthorize' | 'rejected', wait: number | null = null, code = type) =>
    new ProviderError(PROVIDER, failure, words, status, wait, code);
  if (status === 429) {
    return make(
      'retryable',
      call === 'account' ? accountRateLimitWait(headers, words, now) : retryAfterSeconds(headers),
    );
  }
  if (status >= 500) return make('retryable', retryAfterSeconds(headers));
  // The owner's consent has ended (expired, revoked at the bank, or the agreement ran out).
  if (type === 'AccessExpiredError' || (/\b(EUA|end user agreement)\b/i.test(words) && /expired/i.test(words))) {
    return make('reauthorize', null, type ?? 'EUAExpired');
  }
  if (status === 401) return make('rejected', null, type ?? (call === 'token' ? 'invalid_secrets' : 'invalid_token'));
  // The account or its scope is gone at the bank: only a new consent brings it back.
  if (call === 'account' && (status === 403 || status === 404)) return make('reauthorize');
  return make('rejected');
}

export function unreadableAnswer(what: string, error: z.ZodError): ProviderError {
  const first = error.issues[0];
  const where = first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : '';
  return new ProviderError(PROVIDER, 'rejected', `GoCardless sent ${what} Brade could not read${where}.`);
}
