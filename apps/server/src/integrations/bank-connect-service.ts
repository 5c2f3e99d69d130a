import { randomBytes } from 'node:crypto';
import type { ConnectionSummary } from '@brade/contract';
import { HttpError } from '../http/http-error.js';
import { latestLedgerDate } from '../ledger/import.js';
import { type Connector, connectFailed, consumeAttempt, startAttempt } from './connect-attempts.js';
import { type ConnectDeps, providerRefusal, redirectUriOf, refuseDemo, unavailable } from './connect-guards.js';
import { type ConnectionRow, findConnection, readCredentials, saveConnection, summaryOf } from './connection-store.js';
import type { OpenBankingProvider, OpenBankingProviderId } from './open-banking/open-banking-provider.js';
import type { BankCredentials } from './stored-credentials.js';
import type { BankCursor } from './sync/sync-bank.js';

/** A bank connection's own provider; links made before Enable Banking have none stored and are GoCardless's. */
export function bankProviderFor(ctx: ConnectDeps, id: OpenBankingProviderId | null): OpenBankingProvider | null {
  return ctx.integrations.providers.bankById(id ?? 'gocardless');
}

const live = (row: ConnectionRow | undefined): row is ConnectionRow =>
  row !== undefined && row.status !== 'disconnected';

/**
 * New links go through the configured provider (docs/open-banking.md); renewing the consent of the owner's current
 * link at the same bank keeps that link's provider while it is configured, so its rows keep their keys.
 */
async function providerForLink(ctx: ConnectDeps, userId: string, institutionId: string): Promise<OpenBankingProvider> {
  const current = await findConnection(ctx.database.db, userId, 'bank');
  const own =
    live(current) && current.institutionId === institutionId ? bankProviderFor(ctx, current.bankProvider) : null;
  const bank = own ?? ctx.integrations.providers.bank;
  if (!bank) throw unavailable('gocardless');
  return bank;
}

/** GET /api/gocardless/choose-a-bank: the banks of the provider new links go through. */
export async function listBanks(ctx: ConnectDeps) {
  const bank = ctx.integrations.providers.bank;
  if (!bank) throw unavailable('gocardless');
  try {
    return await bank.listBanks();
  } catch (error) {
    throw providerRefusal('gocardless', error);
  }
}

/**
 * POST /api/gocardless/build-a-link: a consent at the chosen bank returning to this app's /gocardless-redirect. The
 * spec's `requisition.id` is Brade's connect attempt (whatever the provider), `link` the provider's consent page.
 */
export async function buildBankLink(
  ctx: ConnectDeps,
  connector: Connector,
  input: { institutionId: string; redirect: string },
): Promise<{ id: string; link: string }> {
  const { userId } = connector;
  await refuseDemo(ctx.database.db, userId);
  const expected = redirectUriOf(ctx, 'gocardless');
  if (input.redirect !== expected) {
    throw new HttpError(400, 'redirect_not_allowed', `The bank must return to ${expected}.`, {
      redirect: 'Use this app’s own /gocardless-redirect address.',
    });
  }
  const bank = await providerForLink(ctx, userId, input.institutionId);
  let chosen: { id: string; name: string } | undefined;
  let link: Awaited<ReturnType<OpenBankingProvider['startLink']>>;
  // The state comes back on the redirect (GoCardless as `ref`, Enable Banking as `state`).
  const state = randomBytes(32).toString('base64url');
  try {
    chosen = (await bank.listBanks()).find((b) => b.id === input.institutionId);
    if (!chosen) {
      throw new HttpError(400, 'unknown_bank', 'Please select the bank you wish to connect.', {
        institution_id: 'Choose a bank from the list.',
      });
    }
    link = await bank.startLink({ bankId: chosen.id, redirectUrl: expected, state });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw providerRefusal('gocardless', error);
  }
  const attempt = await startAttempt(ctx.database.db, ctx.integrations.cipher, {
    ...connector,
    provider: 'bank',
    redirectUri: expected,
    pkce: false,
    now: ctx.clock(),
    state,
    linkId: link.linkId,
    institutionId: chosen.id,
    institutionName: chosen.name,
    bankProvider: bank.id,
  });
  return { id: attempt.id, link: link.url };
}

/**
 * Where the new link's first import starts. A renewal through the same provider carries the cursor on (rows keep
 * their keys, so the usual overlap is harmless); a switch of provider starts the day after the last bank row the
 * previous one imported at the same bank, since the two providers' keys for one row differ (the bank is matched by
 * name: the providers' ids for it differ too).
 */
async function cursorFor(
  ctx: ConnectDeps,
  previous: ConnectionRow | undefined,
  bank: OpenBankingProvider,
  bankName: string | null,
) {
  if (!previous) return null;
  if ((previous.bankProvider ?? 'gocardless') === bank.id) return previous.syncCursor;
  // Another bank altogether has its own history to bring in from the start.
  const sameBank = previous.institutionName?.toLowerCase() === bankName?.toLowerCase();
  if (!sameBank) return null;
  const last = await latestLedgerDate(ctx.database.db, previous.userId, 'bank');
  return last ? ({ accounts: {}, startAfter: last } satisfies BankCursor) : null;
}

/**
 * POST /api/gocardless/record-bank-transactions: the return from the bank. The state must be the one issued for
 * this owner's attempt (single use, 10 minutes); a refusal at the bank uses the attempt up and connects nothing.
 */
export async function completeBankConnection(
  ctx: ConnectDeps,
  connector: Connector,
  input: { requisitionId: string; state: string; code: string | undefined; error: string | undefined },
): Promise<ConnectionSummary> {
  const { userId } = connector;
  await refuseDemo(ctx.database.db, userId);
  const db = ctx.database.db;
  const attempt = await consumeAttempt(db, ctx.integrations.cipher, {
    ...connector,
    provider: 'bank',
    state: input.state,
    attemptId: input.requisitionId,
    now: ctx.clock(),
  });
  if (input.error) throw connectFailed('consent_denied', 'The bank connection was not approved. Please connect again.');
  const bank = bankProviderFor(ctx, attempt.bankProvider);
  if (!bank) throw unavailable('gocardless');
  let link: Awaited<ReturnType<OpenBankingProvider['completeLink']>>;
  try {
    link = await bank.completeLink({ linkId: attempt.linkId, code: input.code ?? null });
  } catch (error) {
    throw providerRefusal('gocardless', error);
  }
  if (link.status !== 'linked' || link.accounts.length === 0) {
    throw connectFailed(
      link.status === 'rejected' ? 'consent_denied' : 'consent_incomplete',
      link.status === 'rejected'
        ? 'The bank connection was not approved. Please connect again.'
        : 'The bank has not confirmed this connection. Please connect again.',
    );
  }
  const previous = await findConnection(db, userId, 'bank');
  const replaced = live(previous) ? readCredentials<BankCredentials>(ctx.integrations.cipher, previous) : null;
  const credentials: BankCredentials = { linkId: link.linkId, accounts: link.accounts };
  const row = await saveConnection(db, ctx.integrations.cipher, {
    userId,
    provider: 'bank',
    credentials,
    accountId: link.linkId,
    sandbox: bank.sandbox,
    now: ctx.clock(),
    institutionId: attempt.institutionId,
    institutionName: attempt.institutionName,
    consentExpiresAt: link.consentExpiresAt,
    bankProvider: bank.id,
    syncCursor: await cursorFor(ctx, previous, bank, attempt.institutionName),
  });
  await ctx.integrations.scheduler.requestNow(row.id);
  // The renewed consent replaces the old one: end that at its provider (best effort, as on disconnect).
  if (replaced && replaced.linkId !== link.linkId) {
    await bankProviderFor(ctx, previous!.bankProvider)
      ?.endLink(replaced.linkId)
      .catch((error) => ctx.log.warn({ err: error }, 'ending the replaced bank consent failed'));
  }
  return summaryOf(row);
}
