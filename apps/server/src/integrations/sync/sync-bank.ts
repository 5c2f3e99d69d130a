import { londonDateOf } from '@brade/contract';
import type { Db } from '../../db/client.js';
import { importTransactions } from '../../ledger/import.js';
import { forgetOtherBankBalances, saveBankBalance } from '../bank-balances.js';
import { readCredentials } from '../connection-store.js';
import type { BankAccountRef, OpenBankingProvider } from '../open-banking/open-banking-provider.js';
import { ProviderError } from '../provider-error.js';
import type { IntegrationProviders } from '../provider-registry.js';
import type { BankCredentials } from '../stored-credentials.js';
import { type Lease, saveBackfillProgress, saveProgress } from './lease.js';
import { historyStart, OVERLAP_DAYS, type Phases, type SyncDeps } from './sync-deps.js';

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
function providerOf(providers: IntegrationProviders, lease: Lease): OpenBankingProvider {
  const bank = providers.bankById(lease.row.bankProvider ?? 'gocardless');
  if (bank) return bank;
  // Its provider is no longer configured here: only a new link (through the current provider) can go on.
  throw new ProviderError('bank', 'reauthorize', 'This server no longer connects to the provider of this bank link.');
}

/**
 * One transactions listing and one balance read per account per phase: banks may allow only four unattended reads
 * a day of each (docs/open-banking.md). Each account's rows and the cursor are written together. The recent phase
 * reads from the cursor (or the history start, or `backfill_until` while older history waits) to today; the older
 * phase reads [history start, the day before `backfill_until`] once per account.
 */
export function bankPhases(deps: SyncDeps, providers: IntegrationProviders, lease: Lease): Phases {
  const { row } = lease;
  const bank = providerOf(providers, lease);
  const accounts = bankAccountsOf(readCredentials<BankCredentials>(deps.cipher, row)!);
  const importAccount = async (
    account: BankAccountRef,
    days: { from: string; to: string },
    save: (tx: Db, imported: number) => Promise<void>,
  ) => {
    const result = await bank.fetchTransactions(account, { dateFrom: days.from, dateTo: days.to });
    await importTransactions(deps.db, row.userId, result.transactions, {
      hashPayer: deps.hashPayer,
      source: { connectionId: row.id, syncRunId: lease.runId },
      alongside: (tx) => save(tx, result.transactions.length),
    });
  };
  return {
    async recent() {
      const now = deps.clock();
      const today = londonDateOf(now);
      const stored = (row.syncCursor ?? {}) as BankCursor;
      const cursor: BankCursor = { ...stored, accounts: { ...stored.accounts } };
      const first = stored.startAfter
        ? shiftDays(stored.startAfter, 1)
        : londonDateOf(row.backfillUntil ?? historyStart(deps, row, now));
      for (const account of accounts) {
        const last = cursor.accounts![account.identity];
        const dateFrom = last ? shiftDays(last, -OVERLAP_DAYS) : first < today ? first : today;
        cursor.accounts![account.identity] = today;
        const progress = { ...cursor, accounts: { ...cursor.accounts } };
        await importAccount(account, { from: dateFrom, to: today }, (tx, n) =>
          saveProgress(tx, lease, progress, n, deps.leaseSeconds),
        );
        await readBalance(deps, bank, row.userId, account);
      }
      await forgetOtherBankBalances(
        deps.db,
        row.userId,
        accounts.map((account) => account.identity),
      );
    },
    async older(until) {
      const from = londonDateOf(historyStart(deps, row, deps.clock()));
      // The recent phase read the day `until` falls on; the older one ends the day before.
      const to = shiftDays(londonDateOf(until), -1);
      const done = new Set((row.backfillCursor as { done?: string[] } | null)?.done ?? []);
      const left = accounts.filter((account) => !done.has(account.identity));
      for (const account of left) {
        done.add(account.identity);
        // The last account's write also ends the backfill.
        const reached = done.size >= accounts.length ? null : { done: [...done] };
        const save = (tx: Db, n: number) => saveBackfillProgress(tx, lease, reached, n, deps.leaseSeconds);
        if (from <= to) await importAccount(account, { from, to }, save);
        else await deps.db.transaction((tx) => save(tx as unknown as Db, 0));
      }
      if (left.length === 0) {
        await deps.db.transaction((tx) => saveBackfillProgress(tx as unknown as Db, lease, null, 0, deps.leaseSeconds));
      }
    },
  };
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
