import type { ProviderEndpoint } from '../../../config.js';
import { ProviderError } from '../../provider-error.js';
import type { RetryPolicy } from '../../provider-http.js';
import type { CardProviderAdapter, CardProviderTokens } from '../card-provider.js';
import { fetchSumupPage } from './sumup-history.js';
import { type SumupClient, sumupGet, sumupToken } from './sumup-http.js';
import { Me, Memberships, TokenResponse } from './sumup-schemas.js';

/** The product spec: "the sumup provider asks for scope transactions.history". */
export const SUMUP_SCOPE = 'transactions.history';

export interface SumupAdapterOptions {
  retry?: Partial<RetryPolicy>;
  /** Clock for token expiry times (tests). */
  now?: () => Date;
}

/**
 * SumUp over plain HTTP (`providerRequest`): the official `@sumup/sdk` (0.2.0) covers little of OAuth and none of
 * the merchant-scoped history and payouts Brade reads. Every host comes from the endpoint (config.ts).
 *
 * Revoke is local only: SumUp publishes no token revocation endpoint (reference/providers.md section 3), so
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

  /** The merchant the owner signed in as: their accepted merchant membership, else the profile's merchant code. */
  async function merchantCode(accessToken: string): Promise<string> {
    const memberships = await sumupGet(client, accessToken, '/v0.1/memberships', Memberships, 'memberships');
    const merchant = memberships.items.find(
      (m) => m.resource?.type === 'merchant' && (m.status ?? 'accepted') === 'accepted',
    );
    if (merchant?.resource) return merchant.resource.id;
    const me = await sumupGet(client, accessToken, '/v0.1/me', Me, 'the merchant profile');
    if (me.merchant_profile?.merchant_code) return me.merchant_profile.merchant_code;
    throw new ProviderError('sumup', 'rejected', 'This SumUp login has no merchant account to read.');
  }

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

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const fields: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
      if (codeVerifier) fields.code_verifier = codeVerifier;
      const response = await sumupToken(client, 'code-exchange', fields, TokenResponse);
      return tokensOf(response, await merchantCode(response.access_token), null);
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
