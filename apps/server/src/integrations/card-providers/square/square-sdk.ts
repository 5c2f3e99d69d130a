import type { SquareClient } from 'square';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import { failureOfStatus, type RetryPolicy, retryAfterSeconds, retrying } from '../../provider-http.js';

type SquareSdk = typeof import('square');

let loading: Promise<SquareSdk> | null = null;

/**
 * The square SDK is loaded on first use: it is several megabytes of generated code (every Square API and its
 * serialisers), which would otherwise cost every server start about 0.3 s and 55 MB, Square or not.
 */
export function squareSdk(): Promise<SquareSdk> {
  loading ??= import('square');
  return loading;
}

/**
 * A client for one access token (API calls) or for the app itself (`Client <secret>`, what /oauth2/revoke wants;
 * /oauth2/token sends no Authorization at all). The SDK's retries are off: `squareCall` applies Brade's policy.
 */
export async function squareClient(
  endpoint: ProviderEndpoint,
  as: { accessToken: string } | 'application',
  timeoutMs: number,
): Promise<SquareClient> {
  const { SquareClient } = await squareSdk();
  return new SquareClient({
    baseUrl: endpoint.apiBaseUrl,
    maxRetries: 0,
    timeoutInSeconds: timeoutMs / 1000,
    ...(as === 'application'
      ? { auth: async () => ({ headers: { Authorization: `Client ${endpoint.clientSecret}` } }) }
      : { token: as.accessToken }),
  });
}

/** One SDK call under Brade's retry policy, with Square's errors mapped to ProviderError. */
export function squareCall<T>(call: () => Promise<T>, retry: Partial<RetryPolicy>): Promise<T> {
  return retrying(async () => {
    try {
      return await call();
    } catch (error) {
      throw toProviderError(error, await squareSdk());
    }
  }, retry);
}

/**
 * Timeouts, network failures, 429 and 5xx are retryable; 401/403 (UNAUTHORIZED, ACCESS_TOKEN_REVOKED,
 * ACCESS_TOKEN_EXPIRED, INSUFFICIENT_SCOPES, a redeemed code or dead refresh token) need the owner to connect
 * again, the code telling an expired access token (refresh first) from the rest; other 4xx are rejections with
 * Square's own `detail`. Anything that is not a Square error is a fault in Brade and goes up unchanged.
 */
export function toProviderError(error: unknown, sdk: Pick<SquareSdk, 'SquareError' | 'SquareTimeoutError'>): unknown {
  if (error instanceof sdk.SquareTimeoutError) {
    return new ProviderError('square', 'retryable', 'Could not reach Square: no answer in time.');
  }
  if (!(error instanceof sdk.SquareError)) return error;
  const status = error.statusCode;
  if (status === undefined) return new ProviderError('square', 'retryable', 'Could not reach Square: network error.');
  const first = error.errors[0];
  const retryAfter = error.rawResponse ? retryAfterSeconds(error.rawResponse.headers) : null;
  return new ProviderError(
    'square',
    failureOfStatus(status),
    first?.detail || `Square answered ${status}.`,
    status,
    retryAfter,
    first?.code ?? null,
  );
}
