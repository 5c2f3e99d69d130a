import { isValidVrn, londonDateOf, normaliseVrn } from '@brade/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRegisteredRedirectUri, withQuery } from '../common/card-sim-consent-page';
import { sendConsentError, sendConsentPage } from '../common/card-sim-consent-replies';
import { field } from '../common/card-sim-http';
import { basicCredentials } from '../common/request-parsing';
import { secretToken } from '../common/stable-identifiers';
import { CONSENT_LIFETIME_MS, pkceChallenge } from './hmrc-auth-state';
import { asksVat, renderHmrcConsentPage } from './hmrc-consent-page';
import type { HmrcContext } from './hmrc-context';
import { sendOAuthError } from './hmrc-errors';
import { asksIncomeTax, INCOME_TAX_SCOPES, readIncomeTaxAnswer } from './income-tax/consent-fields';
import { VAT_PERIOD_CHOICES, type VatPeriods } from './taxpayers';

/** The scopes HMRC's APIs define that this simulator serves. */
const KNOWN_SCOPES = new Set(['read:vat', 'write:vat', ...INCOME_TAX_SCOPES]);
const APP_TOKEN_MS = 4 * 60 * 60_000;

const htmlError = (reply: FastifyReply, message: string) => sendConsentError(reply, 'HMRC', message);

/**
 * HMRC's OAuth 2.0 authorisation-code grant (docs/hmrc.md, "Connecting"): /oauth/authorize shows the grant-authority
 * page, /oauth/token exchanges a code (PKCE S256 when the request carried a challenge) and refreshes, each refresh
 * token working once.
 */
export function registerHmrcOAuthRoutes(app: FastifyInstance, context: HmrcContext): void {
  const { auth, clock } = context;
  const registered = context.options.redirectUris ?? [];

  app.get('/oauth/authorize', async (request, reply) => {
    const query = request.query;
    if (field(query, 'client_id') !== context.clientId)
      return htmlError(reply, 'Invalid client_id: no application has this id.');
    const redirectUri = field(query, 'redirect_uri');
    if (!isRegisteredRedirectUri(redirectUri, registered))
      return htmlError(reply, 'The redirect_uri does not match a redirect URI registered for this application.');
    const state = field(query, 'state');
    const back = (params: Record<string, string | undefined>) =>
      reply.redirect(withQuery(redirectUri, { ...params, state }), 302);
    if (field(query, 'response_type') !== 'code') return back({ error: 'unsupported_response_type' });
    const scopes = (field(query, 'scope') ?? '').split(/[\s+]+/).filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !KNOWN_SCOPES.has(scope)))
      return back({ error: 'invalid_scope', error_description: 'The requested scope is invalid' });
    const challenge = field(query, 'code_challenge');
    if (challenge && field(query, 'code_challenge_method') !== 'S256')
      return back({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
    const id = secretToken();
    auth.pending.set(id, {
      id,
      clientId: context.clientId,
      redirectUri,
      scopes,
      state,
      codeChallenge: challenge,
      expiresAt: clock.now().getTime() + CONSENT_LIFETIME_MS,
    });
    return sendConsentPage(
      reply,
      renderHmrcConsentPage({ appName: 'Brade', scopes, requestId: id, today: londonDateOf(clock.now()) }),
    );
  });

  app.post('/oauth/authorize', async (request, reply) => {
    const pending = auth.pending.get(field(request.body, 'request_id') ?? '');
    if (!pending || pending.expiresAt < clock.now().getTime())
      return htmlError(reply, 'This authorisation request has expired. Please start again from the application.');
    if (field(request.body, 'decision') !== 'approve') {
      auth.pending.delete(pending.id);
      return reply.redirect(
        withQuery(pending.redirectUri, {
          error: 'access_denied',
          error_description: 'user denied the authorization',
          state: pending.state,
        }),
        302,
      );
    }
    const today = londonDateOf(clock.now());
    const answer = readConsentAnswer(request.body, pending.scopes, today);
    if (typeof answer === 'string') {
      return sendConsentPage(
        reply.code(400),
        renderHmrcConsentPage({
          appName: 'Brade',
          scopes: pending.scopes,
          requestId: pending.id,
          ...typedAnswer(request.body),
          today,
          error: answer,
        }),
      );
    }
    auth.pending.delete(pending.id);
    const { vrn, incomeTax } = answer;
    if (vrn) context.taxpayers.consent(vrn, answer.periods, today);
    if (incomeTax) context.itsa.consent(incomeTax.nino, incomeTax);
    const nino = incomeTax?.nino ?? null;
    const code = auth.issueCode(
      {
        clientId: pending.clientId,
        redirectUri: pending.redirectUri,
        scopes: pending.scopes,
        vrn,
        nino,
        codeChallenge: pending.codeChallenge,
      },
      clock.now().getTime(),
    );
    return reply.redirect(withQuery(pending.redirectUri, { code, state: pending.state }), 302);
  });

  app.post('/oauth/token', async (request, reply) => tokenEndpoint(request, reply, context));
}

/** What the page's form sent, to show it again with an error. */
function typedAnswer(body: unknown) {
  return {
    vrn: field(body, 'vrn') ?? '',
    periods: (field(body, 'periods') ?? 'mar_jun_sep_dec') as VatPeriods,
    incomeTax: {
      nino: field(body, 'nino') ?? '',
      quarterType: field(body, 'quarter_type') ?? 'standard',
      ...(field(body, 'joined_from') ? { joinedFrom: field(body, 'joined_from')! } : {}),
      tradingNames: field(body, 'trading_names') ?? '',
    },
  };
}

/**
 * Who the taxpayer is, from the page: a VRN for the VAT scopes, a National Insurance number for the Income Tax ones.
 * A field left empty means no such registration, but a grant needs at least one, and whatever is typed must be valid.
 */
function readConsentAnswer(body: unknown, scopes: string[], today: string) {
  const typed = typedAnswer(body);
  const vat = asksVat(scopes);
  const incomeTaxAsked = asksIncomeTax(scopes);
  const vrn = vat && typed.vrn.trim() ? normaliseVrn(typed.vrn) : null;
  if (vat && typed.vrn.trim()) {
    if (!vrn) return 'Enter a VAT registration number of 9 digits.';
    if (!isValidVrn(vrn)) return 'Enter a real VAT registration number: these 9 digits fail HMRC’s check.';
    if (!VAT_PERIOD_CHOICES.some(([value]) => value === typed.periods))
      return 'Choose how often the business files VAT returns.';
  }
  const incomeTax = incomeTaxAsked ? readIncomeTaxAnswer(typed.incomeTax, today) : null;
  if (typeof incomeTax === 'string') return incomeTax;
  if (!vrn && !incomeTax)
    return vat && !incomeTaxAsked
      ? 'Enter a VAT registration number of 9 digits.'
      : !vat
        ? 'Enter the individual’s National Insurance number.'
        : 'Enter a VAT registration number, a National Insurance number, or both.';
  return { vrn, periods: typed.periods, incomeTax };
}

async function tokenEndpoint(request: FastifyRequest, reply: FastifyReply, context: HmrcContext) {
  const body = request.body;
  const basic = basicCredentials(request);
  const clientId = field(body, 'client_id') ?? basic?.id;
  const clientSecret = field(body, 'client_secret') ?? basic?.secret;
  if (clientId !== context.clientId || clientSecret !== context.clientSecret)
    return sendOAuthError(reply, 401, 'invalid_client', 'invalid client id or secret');
  const now = context.clock.now().getTime();
  const grantType = field(body, 'grant_type');

  if (grantType === 'authorization_code') {
    const code = field(body, 'code');
    if (!code) return sendOAuthError(reply, 400, 'invalid_request', 'code is required');
    const record = context.auth.redeemCode(code, now);
    if (typeof record === 'string')
      return sendOAuthError(reply, 400, 'invalid_grant', 'code is invalid, expired or has already been used');
    if (record.clientId !== clientId)
      return sendOAuthError(reply, 400, 'invalid_grant', 'code was issued to another client');
    if (record.redirectUri !== field(body, 'redirect_uri'))
      return sendOAuthError(reply, 400, 'invalid_grant', 'redirect_uri does not match the authorisation request');
    if (record.codeChallenge) {
      const verifier = field(body, 'code_verifier');
      if (!verifier || pkceChallenge(verifier) !== record.codeChallenge)
        return sendOAuthError(reply, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    }
    const tokens = context.auth.issueTokens(
      { clientId, scopes: record.scopes, vrn: record.vrn, nino: record.nino },
      now,
    );
    return reply.header('cache-control', 'no-store').send(tokens);
  }

  if (grantType === 'refresh_token') {
    const tokens = context.auth.refresh(field(body, 'refresh_token') ?? '', clientId, now);
    if (!tokens)
      return sendOAuthError(reply, 400, 'invalid_grant', 'refresh_token is invalid, expired or has been used');
    return reply.header('cache-control', 'no-store').send(tokens);
  }

  if (grantType === 'client_credentials') {
    const token = secretToken();
    context.appTokens.set(token, now + APP_TOKEN_MS);
    return reply
      .header('cache-control', 'no-store')
      .send({ access_token: token, expires_in: APP_TOKEN_MS / 1000, scope: '', token_type: 'bearer' });
  }

  return sendOAuthError(reply, 400, 'unsupported_grant_type', 'grant_type is not supported');
}
