/**
 * What went wrong at a provider, in the terms the sync engine acts on (docs/architecture.md, "How an import flows"):
 * - `retryable`: 429, 5xx, timeouts and network errors; retried with backoff, honouring `retryAfterSeconds`.
 * - `reauthorize`: the token or consent is revoked or expired and refreshing cannot help; the owner must
 *   connect again.
 * - `rejected`: any other 4xx; the run stops with the provider's reason stored.
 */
export type ProviderFailure = 'retryable' | 'reauthorize' | 'rejected';

/** providerCode of an answer that is not the JSON the API promises (cut off, or a proxy's HTML error page). */
export const MALFORMED_ANSWER = 'malformed_answer';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly failure: ProviderFailure,
    /** The provider's own words, safe to store and show (never a token). */
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
    /** The provider's error code when it gives one (e.g. `invalid_grant`, `AccessExpiredError`). */
    readonly providerCode: string | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
