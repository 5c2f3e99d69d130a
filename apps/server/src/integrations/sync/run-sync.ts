import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SourceTeamMember } from '../../ledger/classify.js';
import { importLedgerRows, type LedgerRowInput, ledgerRowsOf } from '../../ledger/import.js';
import { reconcilePayouts } from '../../ledger/reconcile.js';
import type { CardProviderAdapter, CardProviderTokens, SyncCursor } from '../card-providers/card-provider.js';
import { type ConnectionRow, connectionById, readCredentials, sealCredentials } from '../connection-store.js';
import type { IntegrationProviders } from '../provider-registry.js';
import { type StoredCardTokens, storedTokens } from '../stored-credentials.js';
import { connections } from '../tables.js';
import { type Lease, LeaseLostError, saveBackfillProgress, saveProgress, takeLease } from './lease.js';
import { SequentialWrites } from './sequential-writes.js';
import { bankPhases } from './sync-bank.js';
import { historyStart, type Phases, SYNC_INTERVAL_MS, type SyncDeps, WRITE_BATCH_ROWS } from './sync-deps.js';
import { describeFailure, recordFailure, recordSuccess } from './sync-outcome.js';

/** `continues`: recent history is in, older history is still to come in a run of its own (queued again). */
export type SyncResult = 'imported' | 'continues' | 'skipped' | 'failed';

/**
 * Square asks for a refresh at least weekly (docs/security-decisions.md, "Connecting providers (OAuth and the
 * pop-up)"); any provider is refreshed near expiry.
 */
const REFRESH_AFTER_MS = 7 * 24 * 60 * 60_000;
const REFRESH_MARGIN_MS = 5 * 60_000;

/** The providers serving this connection: the demo's private simulators for the demo's, else the configured ones. */
function providersFor(deps: SyncDeps, row: ConnectionRow): IntegrationProviders {
  if (!row.demo) return deps.providers;
  if (!deps.demoProviders) throw new Error('the demo account is turned off on this server');
  return deps.demoProviders;
}

/**
 * One import run for one connection: take the lease, bring tokens up to date, then page through the provider,
 * writing each page's rows and the cursor in one transaction. A crash loses at most the page in flight; the next
 * run (any instance) resumes from the saved cursor and upserts make the overlap harmless.
 *
 * A connection that imports recent history first (`backfill_until` set) reads only [backfill_until, now] in its
 * first run, which ends `continues` so that every connection's recent months arrive before anyone's older ones;
 * each later run first brings the recent end up to date, then reads older history from where it stopped.
 */
export async function runConnectionSync(deps: SyncDeps, connectionId: string): Promise<SyncResult> {
  const lease = await takeLease(deps.db, connectionId, deps.leaseSeconds);
  if (!lease) return 'skipped';
  const { row } = lease;
  const interval = row.provider === 'bank' ? SYNC_INTERVAL_MS.bank : SYNC_INTERVAL_MS.card;
  try {
    const providers = providersFor(deps, row);
    const phases = row.provider === 'bank' ? bankPhases(deps, providers, lease) : cardPhases(deps, providers, lease);
    await phases.recent();
    await reconcilePayouts(deps.db, row.userId);
    const now = deps.clock();
    const firstRun = row.lastSyncedAt === null;
    if (row.backfillUntil && firstRun) {
      await recordSuccess(deps.db, lease, now, now, { continuing: true });
      return 'continues';
    }
    if (row.backfillUntil) {
      await phases.older(row.backfillUntil);
      await reconcilePayouts(deps.db, row.userId);
    }
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

function cardPhases(deps: SyncDeps, providers: IntegrationProviders, lease: Lease): Phases {
  const { row } = lease;
  const adapter = row.provider === 'bank' ? null : providers.card(row.provider);
  if (!adapter) throw new Error(`${row.provider} is not configured`);
  let tokens: Promise<CardProviderTokens> | null = null;
  const currentTokens = () => {
    tokens ??= freshTokens(deps, adapter, lease);
    return tokens;
  };
  return {
    async recent() {
      const now = deps.clock();
      const historyFrom = row.backfillUntil ?? historyStart(deps, row, now);
      await importPages(deps, lease, adapter, await currentTokens(), {
        cursor: (row.syncCursor as SyncCursor | null) ?? null,
        window: { historyFrom, now },
        save: (tx, cursor, imported) => saveProgress(tx, lease, cursor, imported, deps.leaseSeconds),
      });
    },
    async older(until) {
      const historyFrom = historyStart(deps, row, deps.clock());
      await importPages(deps, lease, adapter, await currentTokens(), {
        cursor: (row.backfillCursor as SyncCursor | null) ?? null,
        window: { historyFrom, now: until },
        save: (tx, cursor, imported, done) =>
          saveBackfillProgress(tx, lease, done ? null : cursor, imported, deps.leaseSeconds),
      });
    },
  };
}

/** The stored tokens, refreshed first when they are near expiry or a week old (and saved at once). */
async function freshTokens(deps: SyncDeps, adapter: CardProviderAdapter, lease: Lease): Promise<CardProviderTokens> {
  const { row } = lease;
  const stored = readCredentials<StoredCardTokens>(deps.cipher, row)!;
  const tokens: CardProviderTokens = { ...stored, expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : null };
  const now = deps.clock();
  const due =
    adapter.refreshes &&
    ((tokens.expiresAt && tokens.expiresAt.getTime() - now.getTime() < REFRESH_MARGIN_MS) ||
      now.getTime() - Date.parse(stored.obtainedAt) > REFRESH_AFTER_MS);
  if (!due) return tokens;
  const refreshed = await adapter.refresh(tokens);
  // Refreshed tokens are saved even by a run that then loses its lease: Square's old refresh token is dead.
  await deps.db
    .update(connections)
    .set({ credentials: sealCredentials(deps.cipher, row, storedTokens(refreshed, now)) })
    .where(eq(connections.id, row.id));
  return refreshed;
}

type SaveProgress = (tx: Db, cursor: SyncCursor, imported: number, done: boolean) => Promise<void>;

/**
 * Pages of one window, written per ~3,000 rows (WRITE_BATCH_ROWS) with the cursor they reached, in one transaction
 * each. The next batch's pages are fetched while the current batch is written (a provider's pages are network-bound, the write is
 * PostgreSQL's work), but never more than one batch ahead, and the writes stay one at a time in page order, so the
 * batches, their rows and the cursors saved are those of a run that fetched and wrote in turn. A failed fetch waits
 * for the write in flight to commit or fail before it ends the run, and a failed write stops the fetching at the
 * next page: either way the saved cursor names the last batch written, and the next run resumes from it.
 */
async function importPages(
  deps: SyncDeps,
  lease: Lease,
  adapter: CardProviderAdapter,
  tokens: CardProviderTokens,
  run: { cursor: SyncCursor | null; window: { historyFrom: Date; now: Date }; save: SaveProgress },
): Promise<void> {
  const { row } = lease;
  const batchRows = deps.writeBatchRows ?? WRITE_BATCH_ROWS;
  const writes = new SequentialWrites();
  let cursor = run.cursor;
  let pending: LedgerRowInput[] = [];
  let team: SourceTeamMember[] | null = null;
  for (;;) {
    let page: Awaited<ReturnType<CardProviderAdapter['fetchPage']>>;
    let made: LedgerRowInput[];
    try {
      page = await adapter.fetchPage(tokens, cursor, run.window);
      // Classified and keyed now, while the batch before is written.
      made = ledgerRowsOf(row.userId, page.transactions, deps.hashPayer);
    } catch (error) {
      // A write that fails too goes first: fetching and writing in turn, it would have ended the run before this.
      await writes.settled();
      throw error;
    }
    writes.throwIfFailed();
    for (const ledgerRow of made) pending.push(ledgerRow);
    if (page.team) team = page.team;
    cursor = page.cursor;
    if (pending.length >= batchRows || page.done) {
      const rows = pending;
      const reached = cursor;
      const done = page.done;
      const members = team;
      pending = [];
      team = null;
      // One batch in flight at a time: the previous one is committed before this one starts.
      await writes.settled();
      writes.start(() =>
        importLedgerRows(deps.db, row.userId, rows, {
          hashPayer: deps.hashPayer,
          source: { connectionId: row.id, syncRunId: lease.runId },
          ...(members ? { team: { provider: adapter.provider, members, seenAt: deps.clock() } } : {}),
          alongside: (tx) => run.save(tx, reached, rows.length, done),
        }),
      );
    }
    if (page.done) return writes.settled();
  }
}
