import { londonDateOf } from '@brade/contract';
import { importTransactions } from '../../ledger/import.js';
import { forgetOtherBankBalances, saveBankBalance } from '../bank-balances.js';
import { readCredentials } from '../connection-store.js';
import { connectedProcessors } from '../connections.js';
import type { BankAccountRef, OpenBankingProvider } from '../open-banking/open-banking-provider.js';
import { ProviderError } from '../provider-error.js';
import { type Lease, saveProgress } from './lease.js';
import { HISTORY_DAYS, OVERLAP_DAYS, type SyncDeps } from './sync-deps.js';

/**
 * What a bank connection keeps (encrypted): the consent and the accounts it covers. Links made before accounts had
 * an identity stored only their ids (`accountIds`); each id then stands for its own identity.
 */
export interface BankCredentials {
  linkId: string;
  accounts?: BankAccountRef[];
  accountIds?: string[];
}

/**
 * Where a bank connection's imports stand: the last London day read per account identity (the same in a renewed
 * consent, so a renewal carries on from there), and, after a switch of provider, the last day the previous one
 * imported (the providers' row keys differ, so the new one starts the day after instead of overlapping).
 */
export interface BankCursor {
  accounts?: Record<string, string>;
  startAfter?: string;
}

export const bankAccountsOf = (credentials: BankCredentials): BankAccountRef[] =>
  credentials.accounts ?? (credentials.accountIds ?? []).map((id) => ({ id, identity: id }));

const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The connection's own provider: a link keeps the provider it was made with (docs/open-banking.md). */
function providerOf(deps: SyncDeps, lease: Lease): OpenBankingProvider {
  const bank = deps.providers.bankById(lease.row.bankProvider ?? 'gocardless');
  if (bank) return bank;
  // Its provider is no longer configured here: only a new link (through the current provider) can go on.
  throw new ProviderError('bank', 'reauthorize', 'This server no longer connects to the provider of this bank link.');
}

/**
 * One transactions listing and one balance read per account per run: banks may allow only four unattended reads
 * a day of each (docs/open-banking.md). Each account's rows and the cursor are written together.
 */
export async function syncBank(deps: SyncDeps, lease: Lease): Promise<void> {
  const { row } = lease;
  const bank = providerOf(deps, lease);
  const accounts = bankAccountsOf(readCredentials<BankCredentials>(deps.cipher, row)!);
  const today = londonDateOf(deps.clock());
  const stored = (row.syncCursor ?? {}) as BankCursor;
  const cursor: BankCursor = { ...stored, accounts: { ...stored.accounts } };
  const connected = await connectedProcessors(deps.db, row.userId);
  for (const account of accounts) {
    const last = cursor.accounts![account.identity];
    const first = stored.startAfter
      ? shiftDays(stored.startAfter, 1)
      : shiftDays(today, -(deps.historyDays ?? HISTORY_DAYS));
    const dateFrom = last ? shiftDays(last, -OVERLAP_DAYS) : first < today ? first : today;
    const result = await bank.fetchTransactions(account, { dateFrom, dateTo: today });
    cursor.accounts![account.identity] = today;
    const progress = { ...cursor, accounts: { ...cursor.accounts } };
    await importTransactions(deps.db, row.userId, result.transactions, connected, (tx) =>
      saveProgress(tx, lease, progress, result.transactions.length, deps.leaseSeconds),
    );
    await readBalance(deps, bank, row.userId, account);
  }
  await forgetOtherBankBalances(
    deps.db,
    row.userId,
    accounts.map((account) => account.identity),
  );
}

/**
 * The balance is read after the account's transactions. A refusal that is not the end of the consent (the bank's
 * daily allowance for balances, a fault) keeps the last balance rather than failing an import that succeeded.
 */
async function readBalance(deps: SyncDeps, bank: OpenBankingProvider, userId: string, account: BankAccountRef) {
  try {
    const balance = await bank.fetchBalance(account);
    if (balance)
      await saveBankBalance(deps.db, { userId, accountIdentity: account.identity, balance, readAt: deps.clock() });
  } catch (error) {
    if (error instanceof ProviderError && error.failure === 'reauthorize') throw error;
    deps.log.warn({ err: error, provider: bank.id }, 'reading the bank balance failed; the last one is kept');
  }
}
