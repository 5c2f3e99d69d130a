import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../provider-http.js';
import type { CardProviderAdapter, CardProviderTokens } from '../card-provider.js';
import { createStripeClient, stripeCall } from './stripe-client.js';
import { stripeCursorAfterPage, stripeCursorWhenDone, stripeRunFrom } from './stripe-sync-cursor.js';
import { stripeRows } from './stripe-transform.js';

const PAGE_SIZE = 100;

/**
 * Stripe Connect (Standard accounts, OAuth, read_only) over stripe-node (docs/providers.md, "Stripe").
 * Calls act as the connected account with the platform key and `Stripe-Account`, as Stripe recommends; the
 * OAuth access token is kept but not needed. Standard tokens do not expire, so there is nothing to refresh.
 */
export function createStripeAdapter(
  endpoint: ProviderEndpoint,
  options: { retry?: Partial<RetryPolicy> } = {},
): CardProviderAdapter {
  const retry = options.retry ?? {};
  const stripe = createStripeClient(endpoint, retry.timeoutMs ?? DEFAULT_RETRY_POLICY.timeoutMs);

  return {
    provider: 'stripe',
    supportsPkce: false,
    refreshes: false,

    // stripe.oauth.authorizeUrl() always builds https://<host>/oauth/authorize and defaults to read_write.
    authorizationUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: endpoint.clientId,
        scope: 'read_only',
        redirect_uri: redirectUri,
        state,
      });
      return `${endpoint.authBaseUrl}/oauth/authorize?${query}`;
    },

    async exchangeCode({ code }) {
      const token = await stripeCall(() => stripe.oauth.token({ grant_type: 'authorization_code', code }), retry);
      if (!token.access_token || !token.stripe_user_id) {
        throw new ProviderError('stripe', 'rejected', 'Stripe did not return an access token and account id.');
      }
      return {
        accessToken: token.access_token,
        refreshToken: token.refresh_token ?? null,
        expiresAt: null,
        accountId: token.stripe_user_id,
      };
    },

    async refresh(tokens: CardProviderTokens) {
      return tokens;
    },

    async revoke(tokens) {
      try {
        await stripeCall(
          () => stripe.oauth.deauthorize({ client_id: endpoint.clientId, stripe_user_id: tokens.accountId }),
          retry,
        );
      } catch (error) {
        // Stripe answers invalid_client "…is not connected to stripe account…" when the owner already disconnected.
        if (
          error instanceof ProviderError &&
          error.providerCode === 'invalid_client' &&
          /not connected/i.test(error.message)
        )
          return;
        throw error;
      }
    },

    async fetchPage(tokens, cursor, window) {
      const run = stripeRunFrom(cursor, window);
      const page = await stripeCall(
        () =>
          stripe.balanceTransactions.list(
            {
              limit: PAGE_SIZE,
              created: { gte: run.since, lte: run.upper },
              ...(run.startingAfter ? { starting_after: run.startingAfter } : {}),
              expand: ['data.source'],
            },
            { stripeAccount: tokens.accountId },
          ),
        retry,
      );
      const transactions = page.data.flatMap(stripeRows);
      const last = page.data.at(-1);
      if (page.has_more && last) return { transactions, cursor: stripeCursorAfterPage(run, last.id), done: false };
      return { transactions, cursor: stripeCursorWhenDone(run), done: true };
    },
  };
}
