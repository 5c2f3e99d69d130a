import { randomBytes } from 'node:crypto';
import type { CardProcessor, ConnectableProcessor, ConnectionSummary } from '@brade/contract';
import { findUserById } from '../accounts/users.js';
import type { AppContext } from '../app-context.js';
import { demoReadOnly, HttpError, notFound } from '../http/http-error.js';
import { reclassifyPayouts } from '../ledger/import.js';
import { connectFailed, consumeAttempt, startAttempt } from './connect-attempts.js';
import {
  findConnection,
  markDisconnected,
  providerOf,
  readCredentials,
  saveConnection,
  summaryOf,
} from './connection-store.js';
import { connectedProcessors } from './connections.js';
import { ProviderError } from './provider-error.js';
import { PROVIDER_NAMES } from './provider-names.js';
import type { BankCredentials, StoredCardTokens } from './sync/run-sync.js';
import { storedTokens } from './sync/run-sync.js';

/** Each provider returns to its own page: a separate redirect URI per provider is the mix-up defence. */
export const redirectUriOf = (ctx: AppContext, processor: ConnectableProcessor) =>
  `${ctx.config.publicUrl}/${processor}-redirect`;

const unavailable = (processor: ConnectableProcessor) =>
  new HttpError(
    503,
    'provider_unavailable',
    `${processor === 'gocardless' ? 'Bank connections are' : `${PROVIDER_NAMES[providerOf(processor)]} is`} not available on this server.`,
  );

async function refuseDemo(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw notFound();
  if (user.isDemo) throw demoReadOnly('its connections');
}

function cardAdapter(ctx: AppContext, processor: CardProcessor) {
  const adapter = ctx.integrations.providers.card(processor);
  if (!adapter) throw unavailable(processor);
  return adapter;
}

function bankProvider(ctx: AppContext) {
  const bank = ctx.integrations.providers.bank;
  if (!bank) throw unavailable('gocardless');
  return bank;
}

/** A provider's refusal, in words the owner can act on; never a 500. */
function providerRefusal(processor: ConnectableProcessor, error: unknown): HttpError {
  if (!(error instanceof ProviderError)) throw error;
  const name = processor === 'gocardless' ? 'Your bank' : PROVIDER_NAMES[providerOf(processor)];
  if (error.failure === 'retryable') {
    return new HttpError(502, 'provider_unavailable', `${name} is not answering right now. Please try again shortly.`);
  }
  return connectFailed(
    'provider_refused',
    `${name} did not accept the connection: ${error.message} Please connect again.`,
  );
}

export async function authorizationUrl(ctx: AppContext, userId: string, processor: CardProcessor) {
  await refuseDemo(ctx, userId);
  const adapter = cardAdapter(ctx, processor);
  const redirectUri = redirectUriOf(ctx, processor);
  const attempt = await startAttempt(ctx.database.db, ctx.integrations.cipher, {
    userId,
    provider: processor,
    redirectUri,
    pkce: adapter.supportsPkce,
    now: ctx.clock(),
  });
  return {
    url: adapter.authorizationUrl({ state: attempt.state, redirectUri, codeChallenge: attempt.codeChallenge }),
    state: attempt.state,
  };
}

/** The pop-up's return: the state must be this owner's, fresh and unused; then the code becomes tokens. */
export async function completeCardConnection(
  ctx: AppContext,
  userId: string,
  processor: CardProcessor,
  input: { code: string; state: string },
): Promise<ConnectionSummary> {
  await refuseDemo(ctx, userId);
  const adapter = cardAdapter(ctx, processor);
  const db = ctx.database.db;
  const attempt = await consumeAttempt(db, ctx.integrations.cipher, {
    userId,
    provider: processor,
    state: input.state,
    now: ctx.clock(),
  });
  let tokens: Awaited<ReturnType<typeof adapter.exchangeCode>>;
  try {
    tokens = await adapter.exchangeCode({
      code: input.code,
      redirectUri: attempt.redirectUri,
      codeVerifier: attempt.codeVerifier,
    });
  } catch (error) {
    throw providerRefusal(processor, error);
  }
  const row = await saveConnection(db, ctx.integrations.cipher, {
    userId,
    provider: processor,
    credentials: storedTokens(tokens, ctx.clock()),
    accountId: tokens.accountId,
    sandbox: ctx.integrations.providers.isSandbox(processor),
    now: ctx.clock(),
  });
  // This processor's payouts into the bank are transfers from now on: its sales are counted directly.
  await reclassifyPayouts(db, userId, await connectedProcessors(db, userId));
  await ctx.integrations.scheduler.requestNow(row.id);
  return summaryOf(row);
}

export async function listBanks(ctx: AppContext) {
  try {
    return await bankProvider(ctx).listBanks();
  } catch (error) {
    throw providerRefusal('gocardless', error);
  }
}

export async function buildBankLink(
  ctx: AppContext,
  userId: string,
  input: { institutionId: string; redirect: string },
): Promise<{ id: string; link: string }> {
  await refuseDemo(ctx, userId);
  const expected = redirectUriOf(ctx, 'gocardless');
  if (input.redirect !== expected) {
    throw new HttpError(400, 'redirect_not_allowed', `The bank must return to ${expected}.`, {
      redirect: 'Use this app’s own /gocardless-redirect address.',
    });
  }
  const bank = bankProvider(ctx);
  let banks: Awaited<ReturnType<typeof bank.listBanks>>;
  try {
    banks = await bank.listBanks();
  } catch (error) {
    throw providerRefusal('gocardless', error);
  }
  const chosen = banks.find((b) => b.id === input.institutionId);
  if (!chosen) {
    throw new HttpError(400, 'unknown_bank', 'Please select the bank you wish to connect.', {
      institution_id: 'Choose a bank from the list.',
    });
  }
  // The reference comes back on the redirect as ?ref=: it is the attempt's state.
  const reference = randomBytes(32).toString('base64url');
  let link: Awaited<ReturnType<typeof bank.startLink>>;
  try {
    link = await bank.startLink({ bankId: chosen.id, redirectUrl: expected, reference });
  } catch (error) {
    throw providerRefusal('gocardless', error);
  }
  await startAttempt(ctx.database.db, ctx.integrations.cipher, {
    userId,
    provider: 'bank',
    redirectUri: expected,
    pkce: false,
    now: ctx.clock(),
    state: reference,
    linkId: link.linkId,
    institutionId: chosen.id,
    institutionName: chosen.name,
  });
  return { id: link.linkId, link: link.url };
}

export async function completeBankConnection(
  ctx: AppContext,
  userId: string,
  input: { requisitionId: string; ref?: string | undefined },
): Promise<ConnectionSummary> {
  await refuseDemo(ctx, userId);
  const bank = bankProvider(ctx);
  const db = ctx.database.db;
  const attempt = await consumeAttempt(db, ctx.integrations.cipher, {
    userId,
    provider: 'bank',
    linkId: input.requisitionId,
    ref: input.ref,
    now: ctx.clock(),
  });
  let state: Awaited<ReturnType<typeof bank.linkState>>;
  try {
    state = await bank.linkState(input.requisitionId);
  } catch (error) {
    throw providerRefusal('gocardless', error);
  }
  if (state.status !== 'linked' || state.accountIds.length === 0) {
    throw connectFailed(
      state.status === 'rejected' ? 'consent_denied' : 'consent_incomplete',
      state.status === 'rejected'
        ? 'The bank connection was not approved. Please connect again.'
        : 'The bank has not confirmed this connection. Please connect again.',
    );
  }
  const credentials: BankCredentials = { linkId: input.requisitionId, accountIds: state.accountIds };
  const row = await saveConnection(db, ctx.integrations.cipher, {
    userId,
    provider: 'bank',
    credentials,
    accountId: input.requisitionId,
    sandbox: ctx.integrations.providers.isSandbox('bank'),
    now: ctx.clock(),
    institutionId: attempt.institutionId,
    institutionName: attempt.institutionName,
    consentExpiresAt: state.consentExpiresAt,
  });
  await ctx.integrations.scheduler.requestNow(row.id);
  return summaryOf(row);
}

/** Revokes at the provider, stops imports and keeps the imported history (spec: delete-tokens). */
export async function disconnect(
  ctx: AppContext,
  userId: string,
  processor: ConnectableProcessor,
): Promise<ConnectionSummary> {
  await refuseDemo(ctx, userId);
  const db = ctx.database.db;
  const provider = providerOf(processor);
  const row = await findConnection(db, userId, provider);
  if (!row || row.status === 'disconnected') {
    throw new HttpError(
      400,
      'not_connected',
      `${processor === 'gocardless' ? 'Your bank' : PROVIDER_NAMES[provider]} is not connected.`,
    );
  }
  try {
    if (provider === 'bank') {
      const credentials = readCredentials<BankCredentials>(ctx.integrations.cipher, row);
      if (credentials) await ctx.integrations.providers.bank?.endLink(credentials.linkId);
    } else {
      const stored = readCredentials<StoredCardTokens>(ctx.integrations.cipher, row);
      const adapter = ctx.integrations.providers.card(provider);
      if (stored && adapter) {
        await adapter.revoke({ ...stored, expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : null });
      }
    }
  } catch (error) {
    // The owner's wish to disconnect wins: Brade forgets the credentials even if the provider cannot be told now.
    ctx.log.warn({ err: error, provider }, 'revoking at the provider failed; credentials forgotten anyway');
  }
  const updated = await markDisconnected(db, row.id, ctx.clock());
  if (provider !== 'bank') await reclassifyPayouts(db, userId, await connectedProcessors(db, userId));
  return summaryOf(updated);
}
