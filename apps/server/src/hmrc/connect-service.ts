import { HMRC_MESSAGES, HMRC_SERVICES, type HmrcConnection } from '@brade/contract';
import { ownerForWrite } from '../accounts/owner-guard.js';
import { legalFormOf } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/http-error.js';
import { type Connector, connectFailed, consumeAttempt, startAttempt } from '../integrations/connect-attempts.js';
import { ProviderError } from '../integrations/provider-error.js';
import { readVatSettings } from '../settings/vat-settings.js';
import { type HmrcDeps, hmrcEndpointOf } from './access-token.js';
import { type Actor, audit } from './audit.js';
import { deleteHmrcConnection, findHmrcConnection, hmrcConnectionSummary, saveHmrcGrant } from './connection-store.js';
import { authorizationUrl, exchangeCode } from './hmrc-oauth.js';

/** What connecting needs beyond calling HMRC: where HMRC sends the owner back. */
export interface HmrcConnectDeps extends HmrcDeps {
  config: { publicUrl: string };
}

/**
 * The scopes this owner's grant asks for (docs/hmrc.md, "Connecting"): a sole trader's Income Tax, with VAT when the
 * business is VAT-registered; anyone else VAT's. A business is not asked for authority over taxes it does not pay.
 */
export async function scopesFor(db: Db, userId: string): Promise<string[]> {
  const [legalForm, vat] = await Promise.all([legalFormOf(db, userId), readVatSettings(db, userId)]);
  if (legalForm !== 'sole_trader') return [...HMRC_SERVICES.vat.scopes];
  return [...(vat.scheme === 'not_registered' ? [] : HMRC_SERVICES.vat.scopes), ...HMRC_SERVICES.incomeTax.scopes];
}

const redirectUriOf = (deps: HmrcConnectDeps) => `${deps.config.publicUrl}/hmrc-redirect`;
const refuseDemo = (deps: HmrcDeps, userId: string) => ownerForWrite(deps.database.db, userId, 'its HMRC connection');

/**
 * A fresh, single-use, 10-minute `state` bound to the owner and the session asking (integrations/connect-attempts.ts),
 * with a PKCE verifier; HMRC's grant-authority address.
 */
export async function hmrcAuthorizationUrl(deps: HmrcConnectDeps, connector: Connector) {
  await refuseDemo(deps, connector.userId);
  const endpoint = hmrcEndpointOf(deps);
  const redirectUri = redirectUriOf(deps);
  const attempt = await startAttempt(deps.database.db, deps.hmrc.cipher, {
    ...connector,
    provider: 'hmrc',
    redirectUri,
    pkce: true,
    now: deps.clock(),
  });
  return {
    url: authorizationUrl(endpoint, {
      scopes: await scopesFor(deps.database.db, connector.userId),
      state: attempt.state,
      redirectUri,
      codeChallenge: attempt.codeChallenge,
    }),
    state: attempt.state,
  };
}

/** HMRC's return to /hmrc-redirect: the state must be this owner's, fresh and unused; the code becomes a grant. */
export async function completeHmrcConnection(
  deps: HmrcConnectDeps,
  actor: Actor,
  input: { state: string; code?: string | undefined; error?: string | undefined },
): Promise<HmrcConnection> {
  await refuseDemo(deps, actor.userId);
  const endpoint = hmrcEndpointOf(deps);
  const { db } = deps.database;
  const attempt = await consumeAttempt(db, deps.hmrc.cipher, {
    userId: actor.userId,
    // No session, no attempt of its own to finish: '' is no session's id.
    sessionId: actor.sessionId ?? '',
    provider: 'hmrc',
    state: input.state,
    now: deps.clock(),
  });
  if (input.error || !input.code) {
    await audit(db, actor, 'connect', 'declined', { error: input.error ?? 'no code' }, deps.clock());
    throw connectFailed('hmrc_declined', HMRC_MESSAGES.connectFailed);
  }
  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode(
      endpoint,
      { code: input.code, redirectUri: attempt.redirectUri, codeVerifier: attempt.codeVerifier },
      deps.clock(),
      deps.hmrc.retry,
    );
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await audit(db, actor, 'connect', 'refused', { code: error.providerCode }, deps.clock());
    if (error.failure === 'retryable') throw new HttpError(502, 'hmrc_unavailable', HMRC_MESSAGES.notAnswering);
    throw connectFailed('hmrc_refused', HMRC_MESSAGES.connectFailed);
  }
  // HMRC's answer may leave the scope out; then it granted what was asked.
  const granted = tokens.scopes.length > 0 ? tokens.scopes : await scopesFor(db, actor.userId);
  const row = await saveHmrcGrant(db, deps.hmrc.cipher, {
    userId: actor.userId,
    tokens: { ...tokens, scopes: granted },
    sandbox: endpoint.sandbox,
    now: deps.clock(),
  });
  await audit(db, actor, 'connect', 'connected', { scopes: granted }, deps.clock());
  return hmrcConnectionSummary(row);
}

/**
 * Forgets the grant. HMRC publishes no revocation for user tokens: the owner removes Brade's authority in their
 * HMRC account (Settings says so). The returns already filed stay.
 */
export async function disconnectHmrc(deps: HmrcDeps, actor: Actor): Promise<HmrcConnection> {
  await refuseDemo(deps, actor.userId);
  const { db } = deps.database;
  if (!(await findHmrcConnection(db, actor.userId))) {
    throw new HttpError(400, 'not_connected', HMRC_MESSAGES.alreadyDisconnected);
  }
  await deleteHmrcConnection(db, actor.userId);
  await audit(db, actor, 'disconnect', 'disconnected', {}, deps.clock());
  return hmrcConnectionSummary(undefined);
}

export async function hmrcConnectionOf(deps: HmrcDeps, userId: string): Promise<HmrcConnection> {
  return hmrcConnectionSummary(await findHmrcConnection(deps.database.db, userId));
}
