import { createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { EnableBankingEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import type { RetryPolicy } from '../../provider-http.js';
import { chooseBalance } from '../balance-choice.js';
import type { Bank, OpenBankingProvider } from '../open-banking-provider.js';
import { createEnableBankingClient } from './enable-banking-client.js';
import {
  type Aspsp,
  Aspsps,
  AuthorizedSession,
  Balances,
  StartAuthorization,
  TransactionsPage,
} from './enable-banking-schemas.js';
import { bookedRows } from './enable-banking-transform.js';
import { sandboxApplicationKeys } from './sandbox-application.js';

/** Enable Banking's own test bank, listed first when the application is a sandbox one. */
export const MOCK_ASPSP = 'Mock ASPSP';
/** Used when a bank states no maximum: the 90 days most UK banks give. */
const DEFAULT_CONSENT_SECONDS = 90 * 86_400;
/**
 * `valid_until` must not pass now + the bank's maximum by Enable Banking's clock; an hour below it leaves room for
 * clocks that disagree and a slow request (Actual keeps the same margin).
 */
const VALIDITY_MARGIN_SECONDS = 3600;
/** The bank list changes rarely; starting a link re-reads it at most this often. */
const BANK_LIST_TTL_MS = 60 * 60_000;
/** A listing longer than this is a provider fault (a continuation key that never ends), not a statement. */
const MAX_PAGES = 2000;

/**
 * A bank's id in Brade's list. Enable Banking names a bank by name and country only, so the id is both:
 * `GB:Mock ASPSP`.
 */
export const bankIdOf = (aspsp: { name: string; country: string }) => `${aspsp.country}:${aspsp.name}`;

/** RFC 3339 with an explicit offset, as Enable Banking's examples write it. */
const rfc3339 = (at: Date) => at.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');

export interface EnableBankingProviderOptions {
  retry?: Partial<RetryPolicy>;
  now?: () => Date;
}

function privateKeyOf(endpoint: EnableBankingEndpoint): () => Promise<KeyObject> {
  if (!endpoint.privateKeyPem) return async () => (await sandboxApplicationKeys()).privateKey;
  const key = createPrivateKey(endpoint.privateKeyPem);
  return async () => key;
}

/** Enable Banking's account-information API behind the open-banking facade (docs/open-banking.md). */
export function createEnableBankingProvider(
  endpoint: EnableBankingEndpoint,
  options: EnableBankingProviderOptions = {},
): OpenBankingProvider {
  const now = options.now ?? (() => new Date());
  const client = createEnableBankingClient({
    apiBaseUrl: endpoint.apiBaseUrl,
    applicationId: endpoint.applicationId,
    privateKey: privateKeyOf(endpoint),
    retry: options.retry,
    now,
  });
  let bankList: { at: number; aspsps: Aspsp[] } | null = null;

  async function aspsps(fresh: boolean): Promise<Aspsp[]> {
    if (!fresh && bankList && now().getTime() - bankList.at < BANK_LIST_TTL_MS) return bankList.aspsps;
    const body = await client.request({
      path: '/aspsps',
      query: { country: 'GB', psu_type: 'business' },
      schema: Aspsps,
      what: 'the bank list',
    });
    bankList = { at: now().getTime(), aspsps: body.aspsps };
    return body.aspsps;
  }

  /** Every page of one listing, all other parameters kept the same (continuation keys are bound to them). */
  async function allPages(uid: string, query: Record<string, string>) {
    const rows: z.infer<typeof TransactionsPage>['transactions'] = [];
    const keys = new Set<string>();
    let key: string | null | undefined = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body: z.infer<typeof TransactionsPage> = await client.request({
        path: `/accounts/${encodeURIComponent(uid)}/transactions`,
        query: key ? { ...query, continuation_key: key } : query,
        schema: TransactionsPage,
        what: 'the transactions',
      });
      rows.push(...body.transactions);
      key = body.continuation_key;
      if (!key) return rows;
      if (keys.has(key)) break;
      keys.add(key);
    }
    throw new ProviderError('enable_banking', 'retryable', 'Enable Banking kept paging the same transactions.');
  }

  return {
    id: 'enable_banking',
    sandbox: endpoint.sandbox,

    async listBanks() {
      const banks: Bank[] = (await aspsps(true)).map((aspsp) => ({ id: bankIdOf(aspsp), name: aspsp.name }));
      const mock = banks.filter((bank) => bank.name === MOCK_ASPSP);
      return [...mock, ...banks.filter((bank) => bank.name !== MOCK_ASPSP)];
    },

    async startLink({ bankId, redirectUrl, state }) {
      const aspsp = (await aspsps(false)).find((candidate) => bankIdOf(candidate) === bankId);
      if (!aspsp) throw new ProviderError('enable_banking', 'rejected', 'Enable Banking does not list this bank.');
      const seconds = aspsp.maximum_consent_validity ?? DEFAULT_CONSENT_SECONDS;
      const validFor = seconds > 2 * VALIDITY_MARGIN_SECONDS ? seconds - VALIDITY_MARGIN_SECONDS : seconds / 2;
      const body = await client.request({
        method: 'POST',
        path: '/auth',
        body: {
          access: {
            valid_until: rfc3339(new Date(now().getTime() + validFor * 1000)),
            balances: true,
            transactions: true,
          },
          aspsp: { name: aspsp.name, country: aspsp.country },
          state,
          redirect_url: redirectUrl,
          psu_type: 'business',
          language: 'en',
        },
        schema: StartAuthorization,
        what: 'the authorisation',
      });
      return { url: body.url, linkId: null };
    },

    async completeLink({ code }) {
      if (!code) throw new ProviderError('enable_banking', 'rejected', 'The bank returned no authorisation code.');
      const session = await client.request({
        method: 'POST',
        path: '/sessions',
        body: { code },
        schema: AuthorizedSession,
        what: 'the session',
      });
      const until = Date.parse(session.access.valid_until);
      return {
        status: 'linked',
        linkId: session.session_id,
        // An account without a uid cannot be read (blocked or closed at the bank).
        accounts: session.accounts.flatMap((account) =>
          account.uid ? [{ id: account.uid, identity: account.identification_hash }] : [],
        ),
        consentExpiresAt: Number.isNaN(until) ? null : new Date(until),
      };
    },

    async fetchTransactions(account, { dateFrom, dateTo }) {
      const query = { date_from: dateFrom, date_to: dateTo, transaction_status: 'BOOK' };
      let rows: Awaited<ReturnType<typeof allPages>>;
      try {
        rows = await allPages(account.id, query);
      } catch (error) {
        // The bank holds less history than asked for: "longest" starts at the earliest it has (first imports).
        if (!(error instanceof ProviderError && error.providerCode === 'WRONG_TRANSACTIONS_PERIOD')) throw error;
        rows = await allPages(account.id, { date_from: dateFrom, transaction_status: 'BOOK', strategy: 'longest' });
      }
      return { transactions: bookedRows(rows, account.identity), remainingToday: null };
    },

    async fetchBalance(account) {
      const body = await client.request({
        path: `/accounts/${encodeURIComponent(account.id)}/balances`,
        schema: Balances,
        what: 'the balances',
      });
      return chooseBalance(
        body.balances.map((b) => ({
          type: b.balance_type,
          amount: b.balance_amount.amount,
          currency: b.balance_amount.currency,
          referenceDate: b.reference_date,
        })),
      );
    },

    async endLink(sessionId) {
      try {
        await client.request({
          method: 'DELETE',
          path: `/sessions/${encodeURIComponent(sessionId)}`,
          schema: z.unknown(),
          what: 'the deletion',
        });
      } catch (error) {
        // Gone, or already closed, expired or revoked: the consent has ended either way.
        const ended =
          error instanceof ProviderError &&
          (error.status === 404 || error.failure === 'reauthorize' || error.providerCode === 'SESSION_DOES_NOT_EXIST');
        if (!ended) throw error;
      }
    },
  };
}
