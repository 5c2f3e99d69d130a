import type { z } from 'zod';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { providerRequest, type RetryPolicy } from '../../provider-http.js';
import { describeSumupError, type SumupCall, unreadableAnswer } from './sumup-errors.js';

/** What every SumUp call needs: where SumUp is, the app's credentials, and the retry policy. */
export interface SumupClient {
  endpoint: ProviderEndpoint;
  retry: Partial<RetryPolicy> | undefined;
}

function parsed<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw unreadableAnswer(what, result.error);
  return result.data;
}

/** A Bearer GET on SumUp's API; `pathAndQuery` starts with '/'. */
export async function sumupGet<S extends z.ZodType>(
  client: SumupClient,
  accessToken: string,
  pathAndQuery: string,
  schema: S,
  what: string,
): Promise<z.infer<S>> {
  const response = await providerRequest<unknown>({
    provider: 'sumup',
    url: `${client.endpoint.apiBaseUrl}${pathAndQuery}`,
    headers: { authorization: `Bearer ${accessToken}` },
    describeError: (status, body, headers) => describeSumupError('api', status, body, headers),
    retry: client.retry,
  });
  return parsed(schema, response.body, what);
}

/**
 * POST /token, form-encoded. The client authenticates with HTTP Basic as SumUp's current docs do (`curl -u id:secret`,
 * so the pair is sent as it is, not URL-encoded first).
 */
export async function sumupToken<S extends z.ZodType>(
  client: SumupClient,
  call: Exclude<SumupCall, 'api'>,
  fields: Record<string, string>,
  schema: S,
): Promise<z.infer<S>> {
  const { clientId, clientSecret, apiBaseUrl } = client.endpoint;
  const response = await providerRequest<unknown>({
    provider: 'sumup',
    method: 'POST',
    url: `${apiBaseUrl}/token`,
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    body: fields,
    form: true,
    describeError: (status, body, headers) => describeSumupError(call, status, body, headers),
    retry: client.retry,
  });
  return parsed(schema, response.body, 'tokens');
}
