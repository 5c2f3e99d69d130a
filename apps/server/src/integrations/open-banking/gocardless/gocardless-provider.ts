import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ProviderEndpoint } from '../../provider-endpoint.js';
import { ProviderError } from '../../provider-error.js';
import type { RetryPolicy } from '../../provider-http.js';
import { chooseBalance } from '../balance-choice.js';
import type { Bank, BankAccountRef, LinkStatus, OpenBankingProvider } from '../open-banking-provider.js';
import { createGoCardlessClient } from './gocardless-client.js';
import { rateLimitHeader } from './gocardless-errors.js';
import {
  AccountBalances,
  AccountMetadata,
  AccountTransactions,
  Agreement,
  Institution,
  Institutions,
  Requisition,
} from './gocardless-schemas.js';
import { bookedRows } from './gocardless-transform.js';

/**
 * GoCardless's test bank (docs/providers.md, "GoCardless Bank Account Data"): approve in its consent flow, get a test
 * account.
 */
export const SANDBOX_BANK: Bank = { id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance' };
/** Most UK banks allow 90 days of access per consent; a bank allowing less gets its own maximum. */
const ACCESS_DAYS = 90;
const SCOPES = ['balances', 'details', 'transactions'];
const DAY_MS = 86_400_000;

export interface GoCardlessProviderOptions {
  retry?: Partial<RetryPolicy>;
  now?: () => Date;
  /**
   * Add the sandbox bank at the top of the list when GoCardless's own list lacks it (the real list for GB does).
   * Default: only against the local simulator (`endpoint.sandbox`), so salon owners in production never see a
   * test bank; set it for a development or staging server that uses real GoCardless credentials.
   */
  listSandboxBank?: boolean;
}

/**
 * Requisition statuses (docs/providers.md, "GoCardless Bank Account Data"): LN linked; RJ rejected and ER (error at the
 * bank) end the attempt; EX expired and SU suspended need a new consent; CR, GC, UA, SA, GA (and ID) are steps still
 * under way.
 */
export function linkStatusOf(code: string): LinkStatus {
  switch (code.toUpperCase()) {
    case 'LN':
      return 'linked';
    case 'RJ':
    case 'ER':
      return 'rejected';
    case 'EX':
    case 'SU':
      return 'expired';
    default:
      return 'pending';
  }
}

/** The bank list as the owner sees it: the sandbox bank first when GoCardless lists it or when asked to add it. */
export function banksInOrder(institutions: Array<{ id: string; name: string }>, listSandboxBank: boolean): Bank[] {
  const banks = institutions.map(({ id, name }) => ({ id, name }));
  const sandbox = banks.find((bank) => bank.id === SANDBOX_BANK.id);
  const others = banks.filter((bank) => bank.id !== SANDBOX_BANK.id);
  if (sandbox) return [sandbox, ...others];
  return listSandboxBank ? [SANDBOX_BANK, ...others] : others;
}

const path = (...parts: string[]) => `/${parts.map(encodeURIComponent).join('/')}/`;

/** GoCardless Bank Account Data behind the open-banking facade, over plain HTTP (nordigen-node brings axios). */
export function createGoCardlessProvider(
  endpoint: ProviderEndpoint,
  options: GoCardlessProviderOptions = {},
): OpenBankingProvider {
  const now = options.now ?? (() => new Date());
  const client = createGoCardlessClient(endpoint, { retry: options.retry, now });
  const listSandboxBank = options.listSandboxBank ?? endpoint.sandbox;

  /**
   * An account id is new with every requisition; its IBAN is not. Hashed, it keys the import cursor and the balance
   * so a renewed consent carries on where the last one stopped (the account's id when GoCardless gives no IBAN).
   */
  async function accountRef(accountId: string): Promise<BankAccountRef> {
    const { body } = await client.request({
      call: 'api',
      path: path('accounts', accountId),
      schema: AccountMetadata,
      what: 'the account',
    });
    const iban = body.iban?.replace(/\s/g, '').toUpperCase();
    return {
      id: accountId,
      identity: iban ? `iban:${createHash('sha256').update(iban).digest('hex').slice(0, 32)}` : accountId,
    };
  }

  return {
    id: 'gocardless',
    sandbox: endpoint.sandbox,

    async listBanks() {
      const { body } = await client.request({
        call: 'api',
        path: '/institutions/?country=gb',
        schema: Institutions,
        what: 'the bank list',
      });
      return banksInOrder(body, listSandboxBank);
    },

    // The requisition's `reference` comes back on the redirect as `?ref=`: it is the attempt's state.
    async startLink({ bankId, redirectUrl, state: reference }) {
      const { body: bank } = await client.request({
        call: 'api',
        path: path('institutions', bankId),
        schema: Institution,
        what: 'the bank',
      });
      const { body: agreement } = await client.request({
        call: 'api',
        method: 'POST',
        path: '/agreements/enduser/',
        body: {
          institution_id: bank.id,
          // As much history as the bank gives (Midday does the same): the first import reaches back that far.
          max_historical_days: bank.transaction_total_days ?? 90,
          access_valid_for_days: Math.min(ACCESS_DAYS, bank.max_access_valid_for_days ?? ACCESS_DAYS),
          access_scope: SCOPES,
        },
        schema: Agreement,
        what: 'the agreement',
      });
      const { body: requisition } = await client.request({
        call: 'api',
        method: 'POST',
        path: '/requisitions/',
        body: {
          redirect: redirectUrl,
          institution_id: bank.id,
          reference,
          agreement: agreement.id,
          user_language: 'EN',
        },
        schema: Requisition,
        what: 'the requisition',
      });
      return { linkId: requisition.id, url: requisition.link };
    },

    async completeLink({ linkId }) {
      if (!linkId) throw new ProviderError('gocardless', 'rejected', 'The bank link has no requisition.');
      const { body: requisition } = await client.request({
        call: 'api',
        path: path('requisitions', linkId),
        schema: Requisition,
        what: 'the requisition',
      });
      const status = linkStatusOf(requisition.status);
      let consentExpiresAt: Date | null = null;
      if (status === 'linked' && requisition.agreement) {
        const { body: agreement } = await client.request({
          call: 'api',
          path: path('agreements', 'enduser', requisition.agreement),
          schema: Agreement,
          what: 'the agreement',
        });
        const accepted = agreement.accepted ? Date.parse(agreement.accepted) : Number.NaN;
        if (!Number.isNaN(accepted)) consentExpiresAt = new Date(accepted + agreement.access_valid_for_days * DAY_MS);
      }
      const accounts = status === 'linked' ? await Promise.all(requisition.accounts.map(accountRef)) : [];
      return { status, linkId, accounts, consentExpiresAt };
    },

    async fetchTransactions(account, { dateFrom, dateTo }) {
      const query = new URLSearchParams({ date_from: dateFrom, date_to: dateTo });
      const { body, headers } = await client.request({
        call: 'account',
        path: `${path('accounts', account.id, 'transactions')}?${query}`,
        schema: AccountTransactions,
        what: 'the transactions',
      });
      return { transactions: bookedRows(body), remainingToday: rateLimitHeader(headers, 'account-success-remaining') };
    },

    async fetchBalance(account) {
      const { body } = await client.request({
        call: 'account',
        path: path('accounts', account.id, 'balances'),
        schema: AccountBalances,
        what: 'the balances',
      });
      return chooseBalance(
        body.balances.map((b) => ({
          type: b.balanceType,
          amount: b.balanceAmount.amount,
          currency: b.balanceAmount.currency,
          referenceDate: b.referenceDate,
        })),
      );
    },

    async endLink(linkId) {
      try {
        await client.request({
          call: 'api',
          method: 'DELETE',
          path: path('requisitions', linkId),
          schema: z.unknown(),
          what: 'the deletion',
        });
      } catch (error) {
        // Already deleted (or never created): the consent has ended either way.
        if (!(error instanceof ProviderError && error.status === 404)) throw error;
      }
    },
  };
}
