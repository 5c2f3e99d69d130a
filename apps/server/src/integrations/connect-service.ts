import type { CardProcessor, ConnectableProcessor, ConnectionSummary } from '@brade/contract';
import { HttpError } from '../http/http-error.js';
import { reclassifyPayouts } from '../ledger/import.js';
import { forgetBankBalances } from './bank-balances.js';
import { bankProviderFor } from './bank-connect-service.js';
import { type Connector, consumeAttempt, startAttempt } from './connect-attempts.js';
import { type ConnectDeps, providerRefusal, redirectUriOf, refuseDemo, unavailable } from './connect-guards.js';
import {
  findConnection,
  markDisconnected,
  providerOf,
  readCredentials,
  saveConnection,
  summaryOf,
} from './connection-store.js';
import { PROVIDER_NAMES } from './provider-names.js';
import { type BankCredentials, type StoredCardTokens, storedTokens } from './stored-credentials.js';

function cardAdapter(ctx: ConnectDeps, processor: CardProcessor) {
  const adapter = ctx.integrations.providers.card(processor);
  if (!adapter) throw unavailable(processor);
  return adapter;
}

export async function authorizationUrl(ctx: ConnectDeps, connector: Connector, processor: CardProcessor) {
  await refuseDemo(ctx.database.db, connector.userId);
  const adapter = cardAdapter(ctx, processor);
  const redirectUri = redirectUriOf(ctx, processor);
  const attempt = await startAttempt(ctx.database.db, ctx.integrations.cipher, {
    ...connector,
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

/**
 * The pop-up's return: the state must be this owner's and this session's, fresh and unused; then the code becomes
 * tokens.
 */
export async function completeCardConnection(
  ctx: ConnectDeps,
  connector: Connector,
  processor: CardProcessor,
  input: { code: string; state: string; merchant_code?: string | undefined },
): Promise<ConnectionSummary> {
  const { userId } = connector;
  await refuseDemo(ctx.database.db, userId);
  const adapter = cardAdapter(ctx, processor);
  const db = ctx.database.db;
  const attempt = await consumeAttempt(db, ctx.integrations.cipher, {
    ...connector,
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
      accountId: input.merchant_code ?? null,
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
  // Its payouts into the bank are settled again once its sales arrive (each import does); nothing moves yet.
  await reclassifyPayouts(db, userId);
  await ctx.integrations.scheduler.requestNow(row.id);
  return summaryOf(row);
}

/** Revokes at the provider, stops imports and keeps the imported history (spec: delete-tokens). */
export async function disconnect(
  ctx: ConnectDeps,
  userId: string,
  processor: ConnectableProcessor,
): Promise<ConnectionSummary> {
  await refuseDemo(ctx.database.db, userId);
  const db = ctx.database.db;
  const provider = providerOf(processor);
  const row = await findConnection(db, userId, provider);
  if (!row || row.status === 'disconnected') {
    throw new HttpError(400, 'not_connected', `${PROVIDER_NAMES[provider]} is not connected.`);
  }
  try {
    if (provider === 'bank') {
      const credentials = readCredentials<BankCredentials>(ctx.integrations.cipher, row);
      if (credentials) await bankProviderFor(ctx, row.bankProvider)?.endLink(credentials.linkId);
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
  if (provider === 'bank') await forgetBankBalances(db, userId);
  if (provider !== 'bank') await reclassifyPayouts(db, userId);
  return summaryOf(updated);
}
