import Stripe from 'stripe';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { MALFORMED_ANSWER, ProviderError } from '../../provider-error.js';
import { failureOfStatus, type RetryPolicy, retryAfterSeconds, retrying } from '../../provider-http.js';

/** The hosts stripe-node picks per resource: OAuth goes to Connect, everything else to the API. */
const STRIPE_HOSTS = { connect: 'connect.stripe.com', api: 'api.stripe.com' } as const;

/**
 * stripe-node with our base URLs. Its `host` option sends every resource to one host and drops any path prefix,
 * but Brade's endpoints may be a simulator mounted at /sandbox/stripe and Connect and the API have separate base
 * URLs, so the SDK keeps its default hosts and this fetch re-bases each request onto the configured URL (an
 * identity mapping against the real Stripe). The SDK's own retries are off: `stripeCall` applies Brade's policy.
 */
export function createStripeClient(endpoint: ProviderEndpoint, timeoutMs: number): Stripe {
  const rebased: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const base =
      url.hostname === STRIPE_HOSTS.connect
        ? endpoint.authBaseUrl
        : url.hostname === STRIPE_HOSTS.api
          ? endpoint.apiBaseUrl
          : null;
    return fetch(base ? `${base}${url.pathname}${url.search}` : url, init);
  };
  return new Stripe(endpoint.clientSecret, {
    httpClient: Stripe.createFetchHttpClient(rebased),
    maxNetworkRetries: 0,
    timeout: timeoutMs,
    telemetry: false,
  });
}

/** One SDK call under Brade's retry policy, with Stripe's errors mapped to ProviderError. */
export function stripeCall<T>(call: () => Promise<T>, retry: Partial<RetryPolicy>): Promise<T> {
  return retrying(async () => {
    try {
      return await call();
    } catch (error) {
      throw toProviderError(error);
    }
  }, retry);
}

const OAUTH_ERRORS = new Set([
  'invalid_grant',
  'invalid_client',
  'invalid_request',
  'invalid_scope',
  'unsupported_grant_type',
  'unsupported_response_type',
]);

/**
 * Connection failures, 429 and 5xx are retryable; an OAuth `invalid_grant` (a used, expired or revoked code or
 * token) and 401/403 (the account disconnected Brade) need the owner to connect again; the rest are rejections
 * carrying Stripe's own message.
 */
export function toProviderError(error: unknown): unknown {
  // Anything else is a fault in Brade, not at Stripe: it goes up unchanged.
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  // stripe-node reports a body it cannot parse before looking at the status; it is worth another try later.
  if (error.message.startsWith('Invalid JSON received')) {
    return new ProviderError(
      'stripe',
      'retryable',
      'Stripe sent an answer that is not valid JSON.',
      null,
      null,
      MALFORMED_ANSWER,
    );
  }
  if (error instanceof Stripe.errors.StripeConnectionError || error.statusCode === undefined) {
    return new ProviderError('stripe', 'retryable', `Could not reach Stripe: ${error.message}`);
  }
  const status = error.statusCode;
  const oauthCode = typeof error.rawType === 'string' && OAUTH_ERRORS.has(error.rawType) ? error.rawType : null;
  const code = oauthCode ?? error.code ?? null;
  const failure = oauthCode
    ? oauthCode === 'invalid_grant'
      ? 'reauthorize'
      : 'rejected'
    : error instanceof Stripe.errors.StripeRateLimitError
      ? 'retryable'
      : failureOfStatus(status);
  const message = error.message || `Stripe answered ${status}.`;
  const retryAfter = error.headers ? retryAfterSeconds(new Headers(error.headers)) : null;
  return new ProviderError('stripe', failure, message, status, retryAfter, code);
}
