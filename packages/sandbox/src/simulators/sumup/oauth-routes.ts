import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRegisteredRedirectUri } from '../common/card-sim-consent-page';
import { escapeHtml, sendConsentPage } from '../common/consent-page-html';
import { basicCredentials, bodyField, withQuery } from '../common/request-parsing';
import type { SumupContext } from './sumup-context';
import { sendOAuthError } from './sumup-errors';
import { pkceChallenge } from './sumup-state';

const REQUIRED_SCOPE = 'transactions.history';

/** A plain error page for requests that can't be redirected back safely (no valid client or redirect URI). */
function badAuthorizeRequest(reply: FastifyReply, message: string): FastifyReply {
  return reply
    .code(400)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'")
    .send(
      `<!doctype html><html lang="en"><title>Invalid request</title><h1>Invalid request</h1><p>${escapeHtml(message)}</p></html>`,
    );
}

type AuthorizeParams = Record<string, string | undefined>;

export function registerSumupOAuthRoutes(fastify: FastifyInstance, context: SumupContext): void {
  fastify.get('/authorize', async (request, reply) => {
    const q = request.query as AuthorizeParams;
    if (!q.client_id) return badAuthorizeRequest(reply, 'client_id is required.');
    if (!isRegisteredRedirectUri(q.redirect_uri, context.options.redirectUris))
      return badAuthorizeRequest(reply, 'redirect_uri does not match a redirect URI registered for this client.');
    if (!q.state) return badAuthorizeRequest(reply, 'state is required.');
    const back = (params: Record<string, string>) => reply.redirect(withQuery(q.redirect_uri as string, params), 302);
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type', state: q.state });
    const scopes = (q.scope ?? '').split(/\s+/).filter(Boolean);
    if (!scopes.includes(REQUIRED_SCOPE)) {
      return back({
        error: 'invalid_scope',
        error_description: `scope must include ${REQUIRED_SCOPE}`,
        state: q.state,
      });
    }
    if (q.code_challenge && q.code_challenge_method !== 'S256') {
      return back({
        error: 'invalid_request',
        error_description: 'code_challenge_method must be S256',
        state: q.state,
      });
    }
    const hidden: Record<string, string> = {
      client_id: q.client_id,
      redirect_uri: q.redirect_uri,
      scope: scopes.join(' '),
      state: q.state,
    };
    if (q.code_challenge) hidden.code_challenge = q.code_challenge;
    return sendConsentPage(reply, {
      title: 'Authorize application – SumUp',
      brand: 'SumUp',
      heading: `Allow access to ${context.merchant.name}?`,
      paragraphs: [
        `The application "${q.client_id}" asks to read your SumUp account (${context.merchant.merchantCode}).`,
        `Requested permissions: ${scopes.join(', ')}.`,
      ],
      action: `${context.options.publicBaseUrl}/authorize`,
      hidden,
    });
  });

  // The consent form posts here; Approve issues a single-use code bound to the client, redirect URI and PKCE challenge.
  fastify.post('/authorize', async (request, reply) => {
    const body = request.body;
    const clientId = bodyField(body, 'client_id');
    const redirectUri = bodyField(body, 'redirect_uri');
    const state = bodyField(body, 'state') ?? '';
    // The form's fields come back from the browser: the redirect is checked again, never trusted.
    if (!clientId || !isRegisteredRedirectUri(redirectUri, context.options.redirectUris))
      return badAuthorizeRequest(reply, 'Missing client_id, or a redirect_uri that is not registered.');
    if (bodyField(body, 'decision') !== 'approve') {
      return reply.redirect(withQuery(redirectUri, { error: 'access_denied', state }), 302);
    }
    const codeChallenge = bodyField(body, 'code_challenge');
    const code = context.auth.issueCode(
      {
        clientId,
        redirectUri,
        scope: bodyField(body, 'scope') ?? REQUIRED_SCOPE,
        ...(codeChallenge ? { codeChallenge } : {}),
      },
      context.clock.now().getTime(),
    );
    // sumup-ts's OAuth example reads merchant_code from the callback (docs/providers.md, "SumUp").
    return reply.redirect(withQuery(redirectUri, { code, state, merchant_code: context.merchant.merchantCode }), 302);
  });

  fastify.post('/token', async (request, reply) => tokenEndpoint(request, reply, context));
}

async function tokenEndpoint(request: FastifyRequest, reply: FastifyReply, context: SumupContext) {
  const body = request.body;
  const basic = basicCredentials(request);
  const clientId = basic?.id ?? bodyField(body, 'client_id');
  const clientSecret = basic?.secret ?? bodyField(body, 'client_secret');
  if (!clientId || !clientSecret) return sendOAuthError(reply, 401, 'invalid_client', 'Client authentication failed');
  const now = context.clock.now().getTime();
  const grantType = bodyField(body, 'grant_type');

  if (grantType === 'authorization_code') {
    const code = bodyField(body, 'code');
    if (!code) return sendOAuthError(reply, 400, 'invalid_request', 'code is required');
    const record = context.auth.redeemCode(code, now);
    if (typeof record === 'string') {
      const why = { unknown: 'is invalid', expired: 'has expired', reused: 'has already been used' }[record];
      return sendOAuthError(reply, 400, 'invalid_grant', `The authorization code ${why}`);
    }
    if (record.clientId !== clientId)
      return sendOAuthError(reply, 400, 'invalid_grant', 'Code was issued to another client');
    if (record.redirectUri !== bodyField(body, 'redirect_uri')) {
      return sendOAuthError(reply, 400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    }
    if (record.codeChallenge) {
      const verifier = bodyField(body, 'code_verifier');
      if (!verifier || pkceChallenge(verifier) !== record.codeChallenge) {
        return sendOAuthError(reply, 400, 'invalid_grant', 'PKCE verification failed');
      }
    }
    const tokens = context.auth.issueTokens(clientId, record.scope, now);
    context.auth.noteIssued(code, tokens.access_token);
    return reply.header('cache-control', 'no-store').send(tokens);
  }

  if (grantType === 'refresh_token') {
    const refreshToken = bodyField(body, 'refresh_token');
    const grant = refreshToken ? context.auth.byRefreshToken(refreshToken) : undefined;
    if (!grant || grant.revoked || grant.refreshExpiresAt <= now || grant.clientId !== clientId) {
      return sendOAuthError(reply, 400, 'invalid_grant', 'The refresh token is invalid, expired or revoked');
    }
    if (grant.fixed) return reply.header('cache-control', 'no-store').send(context.auth.answerFor(grant));
    // Rotate: the old refresh token stops working once a new pair is issued; its access token runs out normally.
    grant.refreshExpiresAt = now;
    return reply.header('cache-control', 'no-store').send(context.auth.issueTokens(clientId, grant.scope, now));
  }

  return sendOAuthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}
