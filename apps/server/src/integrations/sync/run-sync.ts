import { eq } from 'drizzle-orm';
import type { SourceTransaction } from '../../ledger/classify.js';
import { importTransactions } from '../../ledger/import.js';
import { reconcilePayouts } from '../../ledger/reconcile.js';
import type { CardProviderAdapter, CardProviderTokens, SyncCursor } from '../card-providers/card-provider.js';
import { type ConnectionRow, connectionById, readCredentials, sealCredentials } from '../connection-store.js';
import { connectedProcessors } from '../connections.js';
import { connections } from '../tables.js';
import { type Lease, LeaseLostError, saveProgress, takeLease } from './lease.js';
import { syncBank } from './sync-bank.js';
import { HISTORY_DAYS, SYNC_INTERVAL_MS, type SyncDeps, WRITE_BATCH_ROWS } from './sync-deps.js';
import { describeFailure, recordFailure, recordSuccess } from './sync-outcome.js';

export type SyncResult = 'imported' | 'skipped' | 'failed';

/** Stored card credentials: the adapter's tokens plus when they were obtained (for proactive refresh). */
export interface StoredCardTokens extends Omit<CardProviderTokens, 'expiresAt'> {
  expiresAt: string | null;
  obtainedAt: string;
}

/** Square asks for a refresh at least weekly (security.md section 6); any provider is refreshed near expiry. */
const REFRESH_AFTER_MS = 7 * 24 * 60 * 60_000;
const REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * One import run for one connection: take the lease, bring tokens up to date, then page through the provider,
 * writing each page's rows and the cursor in one transaction. A crash loses at most the page in flight; the next
 * run (any instance) resumes from the saved cursor and upserts make the overlap harmless.
 */
export async function runConnectionSync(deps: SyncDeps, connectionId: string): Promise<SyncResult> {
  const lease = await takeLease(deps.db, connectionId, deps.leaseSeconds);
  if (!lease) return 'skipped';
  const { row } = lease;
  const interval = row.provider === 'bank' ? SYNC_INTERVAL_MS.bank : SYNC_INTERVAL_MS.card;
  try {
    if (row.provider === 'bank') await syncBank(deps, lease);
    else await syncCard(deps, lease);
    await reconcilePayouts(deps.db, row.userId);
    const now = deps.clock();
    await recordSuccess(deps.db, lease, now, new Date(now.getTime() + interval));
    return 'imported';
  } catch (error) {
    if (error instanceof LeaseLostError) {
      deps.log.warn({ connection: row.id }, 'import run lost its lease to another run; stopping');
      return 'skipped';
    }
    const now = deps.clock();
    const outcome = describeFailure(row.provider, error, now);
    deps.log.warn({ connection: row.id, provider: row.provider, err: error }, 'import run failed');
    // A connection disconnected mid-run stays disconnected.
    const current = await connectionById(deps.db, row.id);
    if (current?.status === 'connected' && current.syncRunId === lease.runId) {
      await recordFailure(deps.db, lease, now, outcome, interval);
      // Once per trouble, not every hour: only when the connection was fine before this run.
      const newTrouble = !outcome.retryInProcess && !outcome.retryAt && current.lastError === null;
      if (newTrouble) {
        await deps
          .notifyActionRequired?.(row.userId, row.provider, outcome.words)
          .catch((mailError) => deps.log.error({ err: mailError }, 'action-required e-mail failed'));
      }
    }
    if (outcome.retryInProcess) throw error;
    return 'failed';
  }
}

function adapterFor(deps: SyncDeps, row: ConnectionRow): CardProviderAdapter {
  const adapter = row.provider === 'bank' ? null : deps.providers.card(row.provider);
  if (!adapter) throw new Error(`${row.provider} is not configured`);
  return adapter;
}

async function syncCard(deps: SyncDeps, lease: Lease): Promise<void> {
  const { row } = lease;
  const adapter = adapterFor(deps, row);
  const stored = readCredentials<StoredCardTokens>(deps.cipher, row)!;
  let tokens: CardProviderTokens = { ...stored, expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : null };
  const now = deps.clock();
  const due =
    adapter.refreshes &&
    ((tokens.expiresAt && tokens.expiresAt.getTime() - now.getTime() < REFRESH_MARGIN_MS) ||
      now.getTime() - Date.parse(stored.obtainedAt) > REFRESH_AFTER_MS);
  if (due) {
    tokens = await adapter.refresh(tokens);
    await deps.db
      .update(connections)
      .set({ credentials: sealCredentials(deps.cipher, row, storedTokens(tokens, now)) })
      .where(eq(connections.id, row.id));
    // Refreshed tokens are saved even by a run that then loses its lease: Square's old refresh token is dead.
  }
  const historyFrom = new Date(now.getTime() - (deps.historyDays ?? HISTORY_DAYS) * 86_400_000);
  let cursor = (row.syncCursor as SyncCursor | null) ?? null;
  // Card rows do not depend on which processors are connected (only bank credits do): read it once.
  const connected = await connectedProcessors(deps.db, row.userId);
  const batchRows = deps.writeBatchRows ?? WRITE_BATCH_ROWS;
  let pending: SourceTransaction[] = [];
  for (;;) {
    const page = await adapter.fetchPage(tokens, cursor, { historyFrom, now: deps.clock() });
    for (const transaction of page.transactions) pending.push(transaction);
    cursor = page.cursor;
    if (pending.length >= batchRows || page.done) {
      const rows = pending;
      const reached = cursor;
      pending = [];
      await importTransactions(deps.db, row.userId, rows, connected, (tx) =>
        saveProgress(tx, lease, reached, rows.length, deps.leaseSeconds),
      );
    }
    if (page.done) return;
  }
}

export function storedTokens(tokens: CardProviderTokens, now: Date): StoredCardTokens {
  return { ...tokens, expiresAt: tokens.expiresAt?.toISOString() ?? null, obtainedAt: now.toISOString() };
}
