import type { z } from 'zod';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import { providerRequest, type RetryPolicy } from '../../provider-http.js';
import { describeGoCardlessError, type GoCardlessCall, unreadableAnswer } from './gocardless-errors.js';
import { NewToken, RefreshedToken } from './gocardless-schemas.js';

/** A token this close to its end is renewed first, so it cannot run out between the check and the call. */
const EXPIRY_MARGIN_MS = 60_000;

interface CachedTokens {
  access: string;
  accessUntil: number;
  refresh: string;
  refreshUntil: number;
}

export interface GoCardlessRequest<S extends z.ZodType> {
  call: Exclude<GoCardlessCall, 'token'>;
  method?: 'GET' | 'POST' | 'DELETE';
  /** Under /api/v2, with its trailing slash as GoCardless documents, e.g. `/requisitions/`. */
  path: string;
  body?: Record<string, unknown>;
  schema: S;
  what: string;
}

export interface GoCardlessClient {
  request<S extends z.ZodType>(request: GoCardlessRequest<S>): Promise<{ body: z.infer<S>; headers: Headers }>;
}

/**
 * Brade's own access to GoCardless: secrets → a 24-hour access token kept in memory and renewed shortly before it
 * ends (with the 30-day refresh token, else new secrets), one renewal at a time however many calls wait for it.
 */
export function createGoCardlessClient(
  endpoint: ProviderEndpoint,
  options: { retry?: Partial<RetryPolicy> | undefined; now: () => Date },
): GoCardlessClient {
  // The real API lives under /api/v2 of the host; a base URL that already names it is used as it is.
  const base = endpoint.apiBaseUrl.replace(/\/$/, '').replace(/(\/api\/v2)?$/, '/api/v2');
  let cached: CachedTokens | null = null;
  let renewing: Promise<string> | null = null;

  async function send<S extends z.ZodType>(
    call: GoCardlessCall,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: S,
    what: string,
    extra: { body?: Record<string, unknown> | undefined; access?: string },
  ) {
    const response = await providerRequest<unknown>({
      provider: 'gocardless',
      method,
      url: `${base}${path}`,
      headers: extra.access ? { authorization: `Bearer ${extra.access}` } : {},
      ...(extra.body ? { body: extra.body } : {}),
      describeError: (status, body, headers) => describeGoCardlessError(call, status, body, headers, options.now()),
      retry: options.retry,
    });
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) throw unreadableAnswer(what, parsed.error);
    return { body: parsed.data as z.infer<S>, headers: response.headers };
  }

  async function renew(): Promise<string> {
    const now = options.now().getTime();
    if (cached && cached.refreshUntil - EXPIRY_MARGIN_MS > now) {
      try {
        const { body } = await send('token', 'POST', '/token/refresh/', RefreshedToken, 'a token', {
          body: { refresh: cached.refresh },
        });
        cached = {
          access: body.access,
          accessUntil: now + body.access_expires * 1000,
          refresh: body.refresh ?? cached.refresh,
          refreshUntil: body.refresh && body.refresh_expires ? now + body.refresh_expires * 1000 : cached.refreshUntil,
        };
        return cached.access;
      } catch (error) {
        // A refused refresh token just means starting again from the secrets.
        if (!(error instanceof ProviderError) || error.failure === 'retryable') throw error;
      }
    }
    const { body } = await send('token', 'POST', '/token/new/', NewToken, 'a token', {
      body: { secret_id: endpoint.clientId, secret_key: endpoint.clientSecret },
    });
    cached = {
      access: body.access,
      accessUntil: now + body.access_expires * 1000,
      refresh: body.refresh,
      refreshUntil: now + body.refresh_expires * 1000,
    };
    return cached.access;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.accessUntil - EXPIRY_MARGIN_MS > options.now().getTime()) return cached.access;
    renewing ??= renew().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  return {
    async request({ call, method = 'GET', path, body, schema, what }) {
      const access = await accessToken();
      try {
        return await send(call, method, path, schema, what, { body, access });
      } catch (error) {
        // GoCardless forgot the token early (revoked, or its clock disagrees with ours): renew once and try again.
        const tokenRefused =
          error instanceof ProviderError && error.status === 401 && error.providerCode === 'invalid_token';
        if (!tokenRefused) throw error;
        if (cached?.access === access) cached = { ...cached, accessUntil: 0 };
        return send(call, method, path, schema, what, { body, access: await accessToken() });
      }
    },
  };
}
