import type { FastifyReply } from 'fastify';
import { sendError } from './gocardless-errors';

/**
 * GoCardless's own limit on /accounts/*: 100 requests a minute, combined (docs/providers.md, "GoCardless Bank Account
 * Data").
 */
export const ACCOUNT_REQUESTS_PER_MINUTE = 100;

/**
 * Fixed one-minute windows on the simulator's clock. Every request counts here (unlike the bank's daily quota, which
 * counts successes), and each answer carries the general HTTP_X_RATELIMIT_* headers in both spellings.
 */
export class AccountEndpointRateLimit {
  private windowStart = 0;
  private used = 0;

  reset(): void {
    this.windowStart = 0;
    this.used = 0;
  }

  /** Counts the request and sets the headers; sends 429 and returns false when the window is used up. */
  take(reply: FastifyReply, now: Date): boolean {
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    if (minute !== this.windowStart) {
      this.windowStart = minute;
      this.used = 0;
    }
    this.used += 1;
    const remaining = Math.max(0, ACCOUNT_REQUESTS_PER_MINUTE - this.used);
    const reset = Math.max(1, Math.ceil((minute + 60_000 - now.getTime()) / 1000));
    const values = { LIMIT: ACCOUNT_REQUESTS_PER_MINUTE, REMAINING: remaining, RESET: reset };
    for (const [suffix, value] of Object.entries(values)) {
      reply.header(`HTTP_X_RATELIMIT_${suffix}`, String(value));
      reply.header(`x-ratelimit-${suffix.toLowerCase()}`, String(value));
    }
    if (this.used <= ACCOUNT_REQUESTS_PER_MINUTE) return true;
    reply.header('retry-after', String(reset));
    sendError(
      reply,
      429,
      'Rate limit exceeded',
      `The rate limit for this resource is ${ACCOUNT_REQUESTS_PER_MINUTE}/minute. Please try again in ${reset} seconds`,
    );
    return false;
  }
}
