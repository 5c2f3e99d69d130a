import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isRegisteredRedirectUri, renderConsentPage, withQuery } from '../common/card-sim-consent-page';
import { sendConsentError, sendConsentPage, takeConsentAnswer } from '../common/card-sim-consent-replies';
import { field } from '../common/card-sim-http';
import { BASE62, randomToken } from '../common/card-sim-ids';
import { merchantSeedFor } from '../common/card-sim-merchant-data';
import type { SquareContext } from './square-context';
import { badRequest, sendSquareError } from './square-errors';
import { ACCESS_TOKEN_LIFETIME_MS, CODE_LIFETIME_MS, CONSENT_LIFETIME_MS, type SquareGrant } from './square-state';

const REQUIRED_SCOPES = ['PAYMENTS_READ', 'PAYOUTS_READ'];
const KNOWN_SCOPES = new Set([
  ...REQUIRED_SCOPES,
  'MERCHANT_PROFILE_READ',
  'CUSTOMERS_READ',
  'APPOINTMENTS_READ',
  'ORDERS_READ',
  'EMPLOYEES_READ',
  'BANK_ACCOUNTS_READ',
]);

const htmlError = (reply: FastifyReply, message: string) => sendConsentError(reply, 'Square', message);

const unauthorized = (reply: FastifyReply, detail: string) =>
  sendSquareError(reply, 401, { category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail });

function tokenResponse(grant: SquareGrant) {
  return {
    access_token: grant.accessToken,
    token_type: 'bearer',
    expires_at: new Date(grant.expiresAt).toISOString().replace('.000Z', 'Z'),
    merchant_id: grant.merchantId,
    refresh_token: grant.refreshToken,
    short_lived: false,
  };
}

export function registerSquareOAuthRoutes(app: FastifyInstance, context: SquareContext): void {
  const { state, clock } = context;
  const registered = context.options.redirectUris ?? [];

  app.get('/oauth2/authorize', async (request, reply) => {
    const query = request.query;
    if (field(query, 'client_id') !== context.clientId)
      return htmlError(reply, 'Invalid client_id: no application has this id.');
    const redirectUri = field(query, 'redirect_uri') ?? registered[0];
    if (!redirectUri || !isRegisteredRedirectUri(redirectUri, registered))
      return htmlError(reply, 'The redirect_uri does not match the Redirect URL registered for this application.');
    const stateParam = field(query, 'state');
    if (!stateParam) return htmlError(reply, 'Missing state parameter.');
    // Square separates scopes with spaces; '+' arrives as a space from the query parser, literal '+' is tolerated.
    const scopes = (field(query, 'scope') ?? '').split(/[\s+]+/).filter(Boolean);
    const unknown = scopes.filter((scope) => !KNOWN_SCOPES.has(scope));
    if (unknown.length > 0 || !REQUIRED_SCOPES.every((scope) => scopes.includes(scope))) {
      return reply.redirect(
        withQuery(redirectUri, {
          error: 'invalid_scope',
          error_description: `Scope must include ${REQUIRED_SCOPES.join(' and ')}${unknown.length ? `; unknown: ${unknown.join(' ')}` : ''}`,
          state: stateParam,
        }),
      );
    }
    const id = randomToken(BASE62, 32);
    state.pending.set(id, {
      id,
      redirectUri,
      scopes,
      state: stateParam,
      codeChallenge: field(query, 'code_challenge'),
      expiresAt: clock.now().getTime() + CONSENT_LIFETIME_MS,
    });
    const page = renderConsentPage({
      provider: 'Square',
      appName: 'Brade',
      permissions: scopes.map((scope) => scope.replaceAll('_', ' ').toLowerCase()),
      action: 'authorize',
      requestId: id,
      defaultLogin: 'owner@salon.example',
    });
    return sendConsentPage(reply, page);
  });

  app.post('/oauth2/authorize', async (request, reply) => {
    const answer = takeConsentAnswer(request, reply, {
      pending: state.pending,
      nowMs: clock.now().getTime(),
      provider: 'Square',
      deniedDescription: 'user_denied',
    });
    if (!answer) return reply;
    const { pending, login } = answer;
    const merchant = state.merchantFor(login, merchantSeedFor(context.baseSeed, login));
    const code = `sandbox-sq0cgb-${randomToken(BASE62, 22)}`;
    state.codes.set(code, {
      code,
      merchantId: merchant.id,
      scopes: pending.scopes,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      expiresAt: clock.now().getTime() + CODE_LIFETIME_MS,
      used: false,
    });
    return reply.redirect(withQuery(pending.redirectUri, { code, response_type: 'code', state: pending.state }), 302);
  });

  app.post('/oauth2/token', async (request, reply) => {
    const body = request.body;
    if (field(body, 'client_id') !== context.clientId) return unauthorized(reply, 'Invalid client_id.');
    const grantType = field(body, 'grant_type');
    const now = clock.now().getTime();
    if (grantType === 'authorization_code') {
      const code = state.codes.get(field(body, 'code') ?? '');
      const verifier = field(body, 'code_verifier');
      // PKCE clients send a verifier instead of the secret; confidential clients must send the secret.
      if (!(code?.codeChallenge && verifier) && field(body, 'client_secret') !== context.clientSecret)
        return unauthorized(reply, 'Invalid client_secret.');
      if (!code) return unauthorized(reply, 'Authorization code not found.');
      if (code.used) return unauthorized(reply, 'Authorization code is already redeemed.');
      if (code.expiresAt < now) return unauthorized(reply, 'Authorization code is expired.');
      const redirectUri = field(body, 'redirect_uri');
      if (redirectUri !== undefined && redirectUri !== code.redirectUri)
        return badRequest(reply, 'redirect_uri does not match the authorization request.', 'redirect_uri');
      if (code.codeChallenge) {
        const digest = verifier ? createHash('sha256').update(verifier).digest('base64url') : undefined;
        if (digest !== code.codeChallenge) return unauthorized(reply, 'Invalid code_verifier.');
      }
      code.used = true;
      return tokenResponse(
        state.issueGrant(code.merchantId, code.scopes, now + ACCESS_TOKEN_LIFETIME_MS, Boolean(code.codeChallenge)),
      );
    }
    if (grantType === 'refresh_token') {
      const grant = state.grantsByRefreshToken.get(field(body, 'refresh_token') ?? '');
      if (!grant?.pkce && field(body, 'client_secret') !== context.clientSecret)
        return unauthorized(reply, 'Invalid client_secret.');
      if (!grant || grant.revoked) return unauthorized(reply, 'Invalid refresh token.');
      if (grant.fixed) return tokenResponse(grant);
      // Code-flow refresh tokens are reusable and come back unchanged; PKCE ones are single use and rotate.
      if (grant.pkce) state.grantsByRefreshToken.delete(grant.refreshToken);
      return tokenResponse(
        state.issueGrant(
          grant.merchantId,
          grant.scopes,
          now + ACCESS_TOKEN_LIFETIME_MS,
          grant.pkce,
          grant.pkce ? undefined : grant.refreshToken,
        ),
      );
    }
    return badRequest(reply, `Unsupported grant_type: ${grantType ?? '(none)'}`, 'grant_type');
  });

  app.post('/oauth2/revoke', async (request, reply) => {
    if (request.headers.authorization !== `Client ${context.clientSecret}`)
      return unauthorized(reply, 'Invalid Authorization header: expected Client <application secret>.');
    if (field(request.body, 'client_id') !== context.clientId) return unauthorized(reply, 'Invalid client_id.');
    const accessToken = field(request.body, 'access_token');
    const merchantId = accessToken
      ? state.grantsByAccessToken.get(accessToken)?.merchantId
      : field(request.body, 'merchant_id');
    if (!merchantId || !state.merchants.has(merchantId))
      return sendSquareError(reply, 404, {
        category: 'INVALID_REQUEST_ERROR',
        code: 'NOT_FOUND',
        detail: 'No token or merchant to revoke.',
      });
    if (request.body && (request.body as Record<string, unknown>).revoke_only_access_token === true && accessToken) {
      state.grantsByAccessToken.get(accessToken)!.revoked = true;
    } else {
      state.revokeMerchant(merchantId);
    }
    return { success: true };
  });
}
