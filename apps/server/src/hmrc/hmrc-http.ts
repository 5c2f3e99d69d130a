import { type ProviderResponse, providerRequest, type RetryPolicy } from '../integrations/provider-http.js';
import type { HmrcEndpoint } from './hmrc-endpoint.js';
import { describeHmrcError, HMRC } from './hmrc-errors.js';

/** One call to an HMRC API on the owner's behalf (docs/hmrc.md, "Calling HMRC"). */
export interface HmrcCall {
  method: 'GET' | 'POST' | 'PUT';
  /** The path under the API base, values already encoded ('/organisations/vat/980780684/returns/%23001'). */
  path: string;
  query?: Record<string, string | undefined>;
  body?: Record<string, unknown>;
  /** The API's version: its Accept header is application/vnd.hmrc.<version>+json. */
  version: string;
  /** Every fraud-prevention header (fraud-prevention/fraud-headers.ts): HMRC requires them on every call. */
  fraudHeaders: Record<string, string>;
  /** The API's own error codes as sentences (PLATFORM_SENTENCES covers the platform's). */
  sentences: Record<string, string>;
  /** False for a call that must not happen twice (filing): see ProviderRequest.idempotent. */
  idempotent?: boolean;
  /** HMRC's sandbox scenario; only tests send it. */
  testScenario?: string;
}

/**
 * An HMRC API call with the owner's access token: the versioned Accept header, the fraud-prevention headers, and the
 * shared retry policy (429 and 5xx retried with backoff, Retry-After honoured). Errors are ProviderErrors with
 * HMRC's code and Brade's sentence (hmrc-errors.ts).
 */
export function hmrcRequest<T>(
  endpoint: HmrcEndpoint,
  accessToken: string,
  call: HmrcCall,
  retry?: Partial<RetryPolicy>,
): Promise<ProviderResponse<T>> {
  const url = new URL(`${endpoint.apiBaseUrl}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {}))
    if (value !== undefined) url.searchParams.set(name, value);
  return providerRequest<T>({
    provider: HMRC,
    method: call.method,
    url: url.toString(),
    headers: {
      ...call.fraudHeaders,
      accept: `application/vnd.hmrc.${call.version}+json`,
      authorization: `Bearer ${accessToken}`,
      ...(call.testScenario ? { 'gov-test-scenario': call.testScenario } : {}),
    },
    ...(call.body ? { body: call.body } : {}),
    describeError: describeHmrcError(call.sentences),
    ...(retry ? { retry } : {}),
    ...(call.idempotent === false ? { idempotent: false } : {}),
  });
}
