import type { KeyObject } from 'node:crypto';
import type { z } from 'zod';
import { ProviderError } from '../../provider-error.js';
import { providerRequest, type RetryPolicy } from '../../provider-http.js';
import { describeEnableBankingError, unreadableAnswer } from './enable-banking-errors.js';
import { applicationJwt } from './enable-banking-jwt.js';

export interface EnableBankingRequest<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  schema: S;
  what: string;
}

export interface EnableBankingClient {
  request<S extends z.ZodType>(request: EnableBankingRequest<S>): Promise<z.infer<S>>;
}

/**
 * Brade's calls to Enable Banking: the application's JWT on each, the shared retry policy, Enable Banking's error
 * shape in words, and one fresh JWT when Enable Banking refuses the cached one.
 */
export function createEnableBankingClient(input: {
  apiBaseUrl: string;
  applicationId: string;
  privateKey: () => Promise<KeyObject>;
  retry?: Partial<RetryPolicy> | undefined;
  now: () => Date;
}): EnableBankingClient {
  const base = input.apiBaseUrl.replace(/\/$/, '');
  const jwt = applicationJwt(input);

  async function send<S extends z.ZodType>(request: EnableBankingRequest<S>, token: string): Promise<z.infer<S>> {
    const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
    const response = await providerRequest<unknown>({
      provider: 'enable_banking',
      method: request.method ?? 'GET',
      url: `${base}${request.path}${query}`,
      headers: { authorization: `Bearer ${token}` },
      ...(request.body ? { body: request.body } : {}),
      describeError: (status, body, headers) => describeEnableBankingError(status, body, headers, input.now()),
      retry: input.retry,
    });
    const parsed = request.schema.safeParse(response.body);
    if (!parsed.success) throw unreadableAnswer(request.what, parsed.error);
    return parsed.data as z.infer<S>;
  }

  return {
    async request(request) {
      const token = await jwt.current();
      try {
        return await send(request, token);
      } catch (error) {
        const refused = error instanceof ProviderError && error.providerCode === 'UNAUTHORIZED_ACCESS';
        if (!refused) throw error;
        jwt.discard(token);
        return send(request, await jwt.current());
      }
    },
  };
}
