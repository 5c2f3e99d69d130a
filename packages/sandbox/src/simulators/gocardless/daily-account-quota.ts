import type { AccessScope } from './gocardless-state';

/** Banks may allow as few as 4 successful calls a day per account for each scope (docs/providers.md). */
export const DAILY_SUCCESS_LIMIT = 4;

export interface QuotaStatus {
  limit: number;
  remaining: number;
  /** Seconds until the window resets (the next UTC midnight of the simulator's clock). */
  resetSeconds: number;
}

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function secondsToMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Successful-call counts per (account, scope, UTC day). Only successes count, as GoCardless documents, so a request
 * is checked first and recorded only once it has succeeded.
 */
export class DailyAccountQuota {
  private counts = new Map<string, number>();

  private key(accountId: string, scope: AccessScope, now: Date): string {
    return `${accountId}|${scope}|${utcDay(now)}`;
  }

  status(accountId: string, scope: AccessScope, now: Date): QuotaStatus {
    const used = this.counts.get(this.key(accountId, scope, now)) ?? 0;
    return {
      limit: DAILY_SUCCESS_LIMIT,
      remaining: Math.max(0, DAILY_SUCCESS_LIMIT - used),
      resetSeconds: secondsToMidnight(now),
    };
  }

  recordSuccess(accountId: string, scope: AccessScope, now: Date): void {
    const key = this.key(accountId, scope, now);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  reset(): void {
    this.counts.clear();
  }
}

/**
 * The account-success headers. GoCardless announced the names with an HTTP_ prefix; how they reach the wire is
 * unclear (Midday reads both spellings), so both are sent (docs/providers.md, "GoCardless Bank Account Data").
 */
export function quotaHeaders(status: QuotaStatus): Record<string, string> {
  const values = { LIMIT: status.limit, REMAINING: status.remaining, RESET: status.resetSeconds };
  const headers: Record<string, string> = {};
  for (const [suffix, value] of Object.entries(values)) {
    headers[`HTTP_X_RATELIMIT_ACCOUNT_SUCCESS_${suffix}`] = String(value);
    headers[`x-ratelimit-account-success-${suffix.toLowerCase()}`] = String(value);
  }
  return headers;
}
