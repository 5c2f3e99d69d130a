import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import type { RetryPolicy } from '../../provider-http.js';
import type { CardProviderAdapter, CardProviderTokens } from '../card-provider.js';
import { fetchSumupPage } from './sumup-history.js';
import { type SumupClient, sumupToken } from './sumup-http.js';
import { TokenResponse } from './sumup-schemas.js';

/** The product spec: "the sumup provider asks for scope transactions.history". */
export const SUMUP_SCOPE = 'transactions.history';

export interface SumupAdapterOptions {
  retry?: Partial<RetryPolicy>;
  /** Clock for token expiry times (tests). */
  now?: () => Date;
}

/**
 * SumUp over plain HTTP (`providerRequest`): the official `@sumup/sdk` (0.2.0) covers little of OAuth and none of
 * the merchant-scoped history Brade reads. Every host comes from the endpoint (config.ts). Only the history and
 * the transaction detail answer to the spec's one scope, so SumUp payouts are matched from the bank side alone.
 *
 * Revoke is local only: SumUp publishes no token revocation endpoint (docs/providers.md, "SumUp"), so
 * disconnecting forgets the tokens; the owner can remove the app in SumUp's own settings.
 */
export function createSumupAdapter(endpoint: ProviderEndpoint, options: SumupAdapterOptions = {}): CardProviderAdapter {
  const client: SumupClient = { endpoint, retry: options.retry };
  const now = options.now ?? (() => new Date());

  const tokensOf = (
    response: TokenResponse,
    accountId: string,
    previousRefresh: string | null,
  ): CardProviderTokens => ({
    accessToken: response.access_token,
    // Refresh rotates the pair; should SumUp ever answer without a new one, the old one is still the one to use.
    refreshToken: response.refresh_token ?? previousRefresh,
    expiresAt: response.expires_in ? new Date(now().getTime() + response.expires_in * 1000) : null,
    accountId,
  });

  return {
    provider: 'sumup',
    supportsPkce: true,
    refreshes: true,

    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: endpoint.clientId,
        redirect_uri: redirectUri,
        scope: SUMUP_SCOPE,
        state,
      });
      if (codeChallenge) {
        query.set('code_challenge', codeChallenge);
        query.set('code_challenge_method', 'S256');
      }
      return `${endpoint.authBaseUrl}/authorize?${query}`;
    },

    // The merchant code comes from SumUp's return (`merchant_code`, as its own OAuth example reads it): with the
    // spec's `transactions.history` scope alone SumUp refuses /v0.1/memberships and /me, which need user.profile.
    async exchangeCode({ code, redirectUri, codeVerifier, accountId }) {
      if (!accountId) {
        throw new ProviderError('sumup', 'rejected', 'SumUp did not say which merchant account was connected.');
      }
      const fields: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
      if (codeVerifier) fields.code_verifier = codeVerifier;
      const response = await sumupToken(client, 'code-exchange', fields, TokenResponse);
      return tokensOf(response, accountId, null);
    },

    async refresh(tokens) {
      if (!tokens.refreshToken) {
        throw new ProviderError('sumup', 'reauthorize', 'SumUp gave no refresh token for this connection.');
      }
      const response = await sumupToken(
        client,
        'refresh',
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
        TokenResponse,
      );
      return tokensOf(response, tokens.accountId, tokens.refreshToken);
    },

    async revoke() {},

    fetchPage(tokens, cursor, options) {
      return fetchSumupPage(client, tokens, cursor, options);
    },
  };
}
