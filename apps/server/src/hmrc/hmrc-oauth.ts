import { z } from 'zod';
import { ProviderError } from '../integrations/provider-error.js';
import {
  failureOfStatus,
  providerRequest,
  type RetryPolicy,
  retryAfterSeconds,
} from '../integrations/provider-http.js';
import type { HmrcEndpoint } from './hmrc-endpoint.js';
import { HMRC } from './hmrc-errors.js';

/**
 * HMRC's OAuth 2.0 authorisation-code grant (docs/hmrc.md, "Connecting"): the owner grants authority on HMRC's pages;
 * the code becomes an access token of 4 hours and a refresh token, single use, that renews it for 18 months.
 * PKCE S256 is used: HMRC supports it.
 */
export const ACCESS_TOKEN_HOURS = 4;
export const GRANT_MONTHS = 18;

export interface HmrcTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  scopes: string[];
}

const TokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive(),
  scope: z.string().optional(),
});

export function authorizationUrl(
  endpoint: HmrcEndpoint,
  input: { scopes: readonly string[]; state: string; redirectUri: string; codeChallenge: string | null },
): string {
  const url = new URL(`${endpoint.authBaseUrl}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: endpoint.clientId,
    scope: input.scopes.join(' '),
    state: input.state,
    redirect_uri: input.redirectUri,
    ...(input.codeChallenge ? { code_challenge: input.codeChallenge, code_challenge_method: 'S256' } : {}),
  }).toString();
  return url.toString();
}

/** RFC 6749's `{error, error_description}`: a refused grant needs the owner again; 429 and 5xx may be retried. */
function describeTokenError(status: number, body: unknown, headers: Headers): ProviderError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const error = typeof record.error === 'string' ? record.error : null;
  const failure = error === 'invalid_grant' ? 'reauthorize' : failureOfStatus(status);
  const words = typeof record.error_description === 'string' ? record.error_description : (error ?? `status ${status}`);
  return new ProviderError(
    HMRC,
    failure,
    `HMRC refused the authorisation: ${words}.`,
    status,
    retryAfterSeconds(headers),
    error,
  );
}

async function tokenCall(
  endpoint: HmrcEndpoint,
  grant: Record<string, string>,
  now: Date,
  retry?: Partial<RetryPolicy>,
): Promise<HmrcTokens> {
  const { body } = await providerRequest<unknown>({
    provider: HMRC,
    method: 'POST',
    url: `${endpoint.apiBaseUrl}/oauth/token`,
    form: true,
    body: { client_id: endpoint.clientId, client_secret: endpoint.clientSecret, ...grant },
    describeError: describeTokenError,
    ...(retry ? { retry } : {}),
  });
  const parsed = TokenAnswerSchema.safeParse(body);
  if (!parsed.success) throw new ProviderError(HMRC, 'retryable', 'HMRC sent a token answer Brade cannot read.');
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    accessExpiresAt: new Date(now.getTime() + parsed.data.expires_in * 1000),
    scopes: (parsed.data.scope ?? '').split(/\s+/).filter(Boolean),
  };
}

export function exchangeCode(
  endpoint: HmrcEndpoint,
  input: { code: string; redirectUri: string; codeVerifier: string | null },
  now: Date,
  retry?: Partial<RetryPolicy>,
): Promise<HmrcTokens> {
  return tokenCall(
    endpoint,
    {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
    },
    now,
    retry,
  );
}

export function refreshTokens(
  endpoint: HmrcEndpoint,
  refreshToken: string,
  now: Date,
  retry?: Partial<RetryPolicy>,
): Promise<HmrcTokens> {
  return tokenCall(endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken }, now, retry);
}
