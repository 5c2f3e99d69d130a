import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRegisteredRedirectUri, renderConsentPage, withQuery } from '../common/card-sim-consent-page';
import { sendConsentError, sendConsentPage, takeConsentAnswer } from '../common/card-sim-consent-replies';
import { field } from '../common/card-sim-http';
import { BASE62, randomToken, stableToken } from '../common/card-sim-ids';
import { merchantSeedFor } from '../common/card-sim-merchant-data';
import type { StripeContext } from './stripe-context';
import { maskKey, sendOAuthError } from './stripe-errors';
import { CODE_LIFETIME_MS, CONSENT_LIFETIME_MS } from './stripe-state';

const SCOPES = ['read_only', 'read_write'] as const;
type Scope = (typeof SCOPES)[number];
const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

const PERMISSIONS: Record<Scope, string[]> = {
  read_only: ['See your payments, refunds, balance and payouts', 'See your business details'],
  read_write: ['See and change your payments, refunds and payouts', 'Create charges and customers on your behalf'],
};

const htmlError = (reply: FastifyReply, message: string) => sendConsentError(reply, 'Stripe', message);

/** The platform secret key from `Authorization: Bearer`, HTTP Basic (key as user) or a `client_secret` field. */
export function presentedSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  return field(request.body, 'client_secret');
}

export function registerStripeOAuthRoutes(app: FastifyInstance, context: StripeContext): void {
  const { state, clock } = context;
  const registered = context.options.redirectUris ?? [];

  app.get('/oauth/authorize', async (request, reply) => {
    const query = request.query;
    const clientId = field(query, 'client_id');
    if (clientId !== context.clientId)
      return htmlError(reply, `No application matches the supplied client identifier: ${clientId ?? '(none)'}`);
    const redirectUri = field(query, 'redirect_uri') ?? registered[0];
    if (!redirectUri)
      return htmlError(reply, 'Missing redirect_uri and no redirect URI is registered for this application.');
    if (!isRegisteredRedirectUri(redirectUri, registered))
      return htmlError(
        reply,
        `Invalid redirect URI '${redirectUri}'. Ensure this uri exactly matches one of the uris specified in your application settings.`,
      );
    const stateParam = field(query, 'state');
    const responseType = field(query, 'response_type');
    // From here the redirect URI is trusted, so errors go back to the app as OAuth errors.
    if (responseType !== 'code') {
      return reply.redirect(
        withQuery(redirectUri, {
          error: 'unsupported_response_type',
          error_description: `Invalid response_type: ${responseType ?? '(none)'}. Only 'code' is supported.`,
          state: stateParam,
        }),
      );
    }
    const scope = field(query, 'scope') ?? 'read_only';
    if (!isScope(scope)) {
      return reply.redirect(
        withQuery(redirectUri, {
          error: 'invalid_scope',
          error_description: `Invalid scope: ${scope}. Use read_only or read_write.`,
          state: stateParam,
        }),
      );
    }
    const id = randomToken(BASE62, 32);
    state.pending.set(id, {
      id,
      clientId,
      redirectUri,
      scope,
      state: stateParam,
      expiresAt: clock.now().getTime() + CONSENT_LIFETIME_MS,
    });
    const page = renderConsentPage({
      provider: 'Stripe',
      appName: 'Brade',
      permissions: PERMISSIONS[scope],
      action: 'authorize',
      requestId: id,
      defaultLogin: field(query, 'stripe_user', 'email') ?? 'owner@salon.example',
    });
    return sendConsentPage(reply, page);
  });

  app.post('/oauth/authorize', async (request, reply) => {
    const answer = takeConsentAnswer(request, reply, {
      pending: state.pending,
      nowMs: clock.now().getTime(),
      provider: 'Stripe',
      deniedDescription: 'The user denied your request',
    });
    if (!answer) return reply;
    const { pending, login } = answer;
    const account = state.accountFor(login, merchantSeedFor(context.baseSeed, login));
    const code = `ac_${randomToken(BASE62, 32)}`;
    state.codes.set(code, {
      code,
      clientId: pending.clientId,
      accountId: account.id,
      scope: pending.scope,
      expiresAt: clock.now().getTime() + CODE_LIFETIME_MS,
      used: false,
    });
    return reply.redirect(withQuery(pending.redirectUri, { code, scope: pending.scope, state: pending.state }), 302);
  });

  app.post('/oauth/token', async (request, reply) => {
    const secret = presentedSecret(request);
    if (secret !== context.secretKey)
      return sendOAuthError(
        reply,
        401,
        'invalid_client',
        secret ? `Invalid API Key provided: ${maskKey(secret)}` : 'No API key provided.',
      );
    const grantType = field(request.body, 'grant_type');
    if (grantType === 'authorization_code') {
      const codeValue = field(request.body, 'code') ?? '';
      const code = state.codes.get(codeValue);
      if (!code || code.clientId !== context.clientId)
        return sendOAuthError(reply, 400, 'invalid_grant', `Authorization code does not exist: ${codeValue}`);
      if (code.used)
        return sendOAuthError(reply, 400, 'invalid_grant', `Authorization code already used: ${codeValue}`);
      if (code.expiresAt < clock.now().getTime())
        return sendOAuthError(reply, 400, 'invalid_grant', `Authorization code expired: ${codeValue}`);
      code.used = true;
      return tokenResponse(context, state.issueGrant(code.accountId, code.scope));
    }
    if (grantType === 'refresh_token') {
      const refreshToken = field(request.body, 'refresh_token') ?? '';
      const grant = state.grantsByRefreshToken.get(refreshToken);
      if (!grant || grant.revoked)
        return sendOAuthError(reply, 400, 'invalid_grant', `Invalid refresh token: ${refreshToken}`);
      const scope = field(request.body, 'scope') ?? grant.scope;
      // A refresh may narrow read_write to read_only, never widen.
      if (!isScope(scope) || (scope === 'read_write' && grant.scope === 'read_only'))
        return sendOAuthError(reply, 400, 'invalid_scope', `Invalid scope: ${scope}`);
      return tokenResponse(context, state.rollAccessToken(grant, scope));
    }
    return sendOAuthError(reply, 400, 'unsupported_grant_type', `Unsupported grant type: ${grantType ?? '(none)'}`);
  });

  app.post('/oauth/deauthorize', async (request, reply) => {
    const secret = presentedSecret(request);
    if (secret !== context.secretKey)
      return sendOAuthError(
        reply,
        401,
        'invalid_client',
        secret ? `Invalid API Key provided: ${maskKey(secret)}` : 'No API key provided.',
      );
    const clientId = field(request.body, 'client_id');
    const accountId = field(request.body, 'stripe_user_id') ?? '';
    if (clientId !== context.clientId)
      return sendOAuthError(reply, 400, 'invalid_client', `No such application: ${clientId ?? '(none)'}`);
    if (!state.revokeAccount(accountId)) {
      return sendOAuthError(
        reply,
        400,
        'invalid_client',
        `This application is not connected to stripe account ${accountId}, or that account does not exist.`,
      );
    }
    return { stripe_user_id: accountId };
  });
}

function tokenResponse(
  context: StripeContext,
  grant: { accessToken: string; refreshToken: string; accountId: string; scope: string },
) {
  return {
    access_token: grant.accessToken,
    livemode: false,
    refresh_token: grant.refreshToken,
    scope: grant.scope,
    stripe_publishable_key: `pk_test_${stableToken(`pk:${grant.accountId}:${context.clientId}`, BASE62, 99)}`,
    stripe_user_id: grant.accountId,
    token_type: 'bearer',
  };
}
