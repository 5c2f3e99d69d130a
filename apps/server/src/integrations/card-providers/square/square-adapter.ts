import type { Square, SquareClient } from 'square';
import type { SourceTeamMember } from '../../../ledger/classify.js';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../provider-http.js';
import type { CardProviderAdapter, CardProviderTokens } from '../card-provider.js';
import { squareCall, squareClient } from './square-sdk.js';
import { squareCursorAfterPage, squareRunFrom, squareSteps } from './square-sync-cursor.js';
import {
  type SquareOrders,
  type SquareRow,
  squarePaymentRows,
  squarePayoutRows,
  squareRefundRows,
  squareTeamOf,
} from './square-transform.js';

/**
 * Payments and refunds, payouts, the location list (payments are listed per location), the orders behind payments
 * (what was sold) and the team (who took each payment): docs/finance.md, "What was sold" and "Who sold it".
 */
export const SQUARE_SCOPES = [
  'PAYMENTS_READ',
  'PAYOUTS_READ',
  'MERCHANT_PROFILE_READ',
  'ORDERS_READ',
  'EMPLOYEES_READ',
];
const PAGE_SIZE = 100;
/** Square's most orders a batch retrieve and team members a search page. */
const ORDERS_PER_BATCH = 100;
const TEAM_PAGE = 200;

/**
 * A call a connection made before Brade asked for ORDERS_READ and EMPLOYEES_READ cannot make: it imports what it
 * can (its sales without item detail, no team) instead of stopping; reconnecting Square grants the rest.
 */
async function unlessNotPermitted<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError && error.providerCode === 'INSUFFICIENT_SCOPES') return null;
    throw error;
  }
}

/**
 * Square over its official SDK (docs/providers.md, "Square"), with PKCE S256 (docs/security-decisions.md, "Connecting
 * providers (OAuth and the pop-up)"): a code stolen from the redirect cannot be redeemed outside the session that
 * started the connection. PKCE refresh tokens are single use (each refresh returns the next one, valid 90 days), so the
 * caller must store what `refresh` returns before anything else. Without a verifier the plain code flow (client secret)
 * is used. Access tokens last 30 days.
 */
export function createSquareAdapter(
  endpoint: ProviderEndpoint,
  options: { retry?: Partial<RetryPolicy> } = {},
): CardProviderAdapter {
  const retry = options.retry ?? {};
  const timeoutMs = retry.timeoutMs ?? DEFAULT_RETRY_POLICY.timeoutMs;
  const application = () => squareClient(endpoint, 'application', timeoutMs);

  const tokensFrom = (
    answer: { accessToken?: string; refreshToken?: string; expiresAt?: string; merchantId?: string },
    previous?: CardProviderTokens,
  ): CardProviderTokens => {
    const accountId = answer.merchantId ?? previous?.accountId;
    if (!answer.accessToken || !accountId) {
      throw new ProviderError('square', 'rejected', 'Square did not return an access token and merchant id.');
    }
    return {
      accessToken: answer.accessToken,
      // A PKCE refresh returns the next refresh token; a code-flow one may leave it out (it stays the same).
      refreshToken: answer.refreshToken ?? previous?.refreshToken ?? null,
      expiresAt: answer.expiresAt ? new Date(answer.expiresAt) : null,
      accountId,
    };
  };

  return {
    provider: 'square',
    supportsPkce: true,
    refreshes: true,

    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const query = new URLSearchParams({
        client_id: endpoint.clientId,
        scope: SQUARE_SCOPES.join(' '),
        // Ask the seller to sign in rather than reuse whichever Square session the browser has.
        session: 'false',
        state,
        redirect_uri: redirectUri,
      });
      // Square takes S256 challenges only and has no code_challenge_method parameter.
      if (codeChallenge) query.set('code_challenge', codeChallenge);
      return `${endpoint.authBaseUrl}/oauth2/authorize?${query}`;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const client = await application();
      // Square's PKCE exchange sends the verifier instead of the secret.
      const proof = codeVerifier ? { codeVerifier } : { clientSecret: endpoint.clientSecret };
      const answer = await squareCall(
        () =>
          client.oAuth.obtainToken({
            clientId: endpoint.clientId,
            grantType: 'authorization_code',
            code,
            redirectUri,
            ...proof,
          }),
        retry,
      );
      return tokensFrom(answer);
    },

    async refresh(tokens) {
      if (!tokens.refreshToken) {
        throw new ProviderError('square', 'reauthorize', 'No Square refresh token is stored: connect again.');
      }
      const client = await application();
      const refreshToken = tokens.refreshToken;
      // The secret is required to refresh a code-flow token and not needed for a PKCE one; the stored tokens do
      // not say which flow made them, so it is always sent.
      const answer = await squareCall(
        () =>
          client.oAuth.obtainToken({
            clientId: endpoint.clientId,
            clientSecret: endpoint.clientSecret,
            grantType: 'refresh_token',
            refreshToken,
          }),
        retry,
      );
      return tokensFrom(answer, tokens);
    },

    async revoke(tokens) {
      const client = await application();
      try {
        // By merchant, so it works even when the stored access token has already expired.
        await squareCall(
          () => client.oAuth.revokeToken({ clientId: endpoint.clientId, merchantId: tokens.accountId }),
          retry,
        );
      } catch (error) {
        // NOT_FOUND: Square holds no token for this merchant any more, so access has already ended.
        if (error instanceof ProviderError && error.status === 404) return;
        throw error;
      }
    },

    async fetchPage(tokens, cursor, window) {
      const client = await squareClient(endpoint, { accessToken: tokens.accessToken }, timeoutMs);
      const started = squareRunFrom(cursor, window);
      let locations = started.locations;
      let team: SourceTeamMember[] | null = null;
      if (!locations) {
        const answer = await squareCall(() => client.locations.list(), retry);
        locations = (answer.locations ?? []).flatMap((location) => (location.id ? [location.id] : []));
        // Once a run, with the locations: the names behind the payments' team_member_id.
        team = await readTeam(client, retry);
      }
      const run = { ...started, locations };
      // squareRunFrom only resumes at a step that exists; a new run starts at step 0, and refunds always exist.
      const step = squareSteps(locations)[run.step]!;
      const query = {
        beginTime: run.since,
        endTime: run.upper,
        sortOrder: 'ASC' as const,
        limit: PAGE_SIZE,
        ...(run.page ? { cursor: run.page } : {}),
      };
      let rows: SquareRow[];
      let nextPage: string | undefined;
      if (step.list === 'payments') {
        const page = await squareCall(() => client.payments.list({ ...query, locationId: step.locationId }), retry);
        const orders = await ordersOf(client, page.data, retry);
        rows = page.data.flatMap((payment) => squarePaymentRows(payment, orders));
        nextPage = page.response.cursor;
      } else if (step.list === 'refunds') {
        const page = await squareCall(() => client.refunds.list(query), retry);
        rows = page.data.flatMap(squareRefundRows);
        nextPage = page.response.cursor;
      } else {
        const page = await squareCall(() => client.payouts.list({ ...query, locationId: step.locationId }), retry);
        rows = page.data.flatMap(squarePayoutRows);
        nextPage = page.response.cursor;
      }
      return { transactions: rows, ...(team ? { team } : {}), ...squareCursorAfterPage(run, nextPage) };
    },
  };
}

/** The orders of a page's completed payments, by id, in batches of 100 (null when Square will not show orders). */
async function ordersOf(
  client: SquareClient,
  payments: readonly Square.Payment[],
  retry: Partial<RetryPolicy>,
): Promise<SquareOrders> {
  const ids = [...new Set(payments.flatMap((p) => (p.status === 'COMPLETED' && p.orderId ? [p.orderId] : [])))];
  const orders = new Map<string, Square.Order>();
  for (let i = 0; i < ids.length; i += ORDERS_PER_BATCH) {
    const orderIds = ids.slice(i, i + ORDERS_PER_BATCH);
    const answer = await unlessNotPermitted(() => squareCall(() => client.orders.batchGet({ orderIds }), retry));
    if (!answer) return null;
    for (const order of answer.orders ?? []) if (order.id) orders.set(order.id, order);
  }
  return orders;
}

/** Every member of the seller's team, page by page (null when Square will not show the team). */
async function readTeam(client: SquareClient, retry: Partial<RetryPolicy>): Promise<SourceTeamMember[] | null> {
  const members: Square.TeamMember[] = [];
  let cursor: string | undefined;
  do {
    const from = cursor;
    const answer = await unlessNotPermitted(() =>
      squareCall(() => client.teamMembers.search({ limit: TEAM_PAGE, ...(from ? { cursor: from } : {}) }), retry),
    );
    if (!answer) return null;
    members.push(...(answer.teamMembers ?? []));
    cursor = answer.cursor || undefined;
  } while (cursor);
  return squareTeamOf(members);
}
