import { sourceName } from '@brade/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { MALFORMED_ANSWER, ProviderError } from '../provider-error.js';
import { PROVIDER_NAMES } from '../provider-names.js';
import { type ConnectionProvider, connections } from '../tables.js';
import { heldBy, type Lease } from './lease.js';

const time = (d: Date) =>
  d.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });

/** The owner-facing sentence for a failed run, and what the connection becomes. */
export function describeFailure(
  provider: ConnectionProvider,
  error: unknown,
  now: Date,
): { words: string; reconnect: boolean; retryAt: Date | null; retryInProcess: boolean } {
  const name = PROVIDER_NAMES[provider];
  if (!(error instanceof ProviderError)) {
    return {
      words: `Importing from ${sourceName(provider)} failed unexpectedly; Brade will try again.`,
      reconnect: false,
      retryAt: null,
      retryInProcess: true,
    };
  }
  if (error.failure === 'reauthorize') {
    const words =
      provider === 'bank'
        ? 'Your bank consent has ended. Connect your bank again to keep importing.'
        : `${name} no longer allows Brade to read this account (${error.message}). Connect it again to keep importing.`;
    return { words, reconnect: true, retryAt: null, retryInProcess: false };
  }
  if (error.failure === 'rejected') {
    return {
      words: `${name} refused the import: ${error.message}`,
      reconnect: false,
      retryAt: null,
      retryInProcess: false,
    };
  }
  // Retryable: a long Retry-After (the bank's daily limit) is honoured by scheduling, not by waiting.
  const waitSeconds = error.retryAfterSeconds ?? 0;
  if (waitSeconds > 60) {
    const at = new Date(now.getTime() + waitSeconds * 1000);
    const words =
      provider === 'bank'
        ? `Your bank's daily limit on updates is reached; the next import is at ${time(at)}.`
        : `${name} asked Brade to slow down; the next import is at ${time(at)}.`;
    return { words, reconnect: false, retryAt: at, retryInProcess: false };
  }
  if (error.providerCode === MALFORMED_ANSWER) {
    return {
      words: `${name} sent an answer Brade could not read; Brade will try again shortly.`,
      reconnect: false,
      retryAt: null,
      retryInProcess: true,
    };
  }
  return {
    words: `${name} is not answering right now; Brade will try again shortly.`,
    reconnect: false,
    retryAt: null,
    retryInProcess: true,
  };
}

/** `continuing`: the run's recent part is done and it is queued again at once for the older history. */
export async function recordSuccess(
  db: Db,
  lease: Lease,
  now: Date,
  nextAt: Date,
  options: { continuing?: boolean } = {},
): Promise<void> {
  await db
    .update(connections)
    .set({
      syncState: options.continuing ? 'queued' : 'idle',
      ...(options.continuing ? { syncQueuedAt: new Date() } : {}),
      syncLeaseUntil: null,
      syncRunId: null,
      lastSyncedAt: now,
      nextSyncAt: nextAt,
      lastError: null,
      lastErrorAt: null,
      updatedAt: now,
    })
    .where(heldBy(lease));
}

export async function recordFailure(
  db: Db,
  lease: Lease,
  now: Date,
  outcome: ReturnType<typeof describeFailure>,
  intervalMs: number,
): Promise<void> {
  await db
    .update(connections)
    .set({
      status: outcome.reconnect ? 'needs_reconnect' : sql`${connections.status}`,
      syncState: outcome.retryAt ? 'waiting' : outcome.retryInProcess ? 'queued' : 'failed',
      syncLeaseUntil: null,
      syncRunId: null,
      syncQueuedAt: outcome.retryInProcess ? new Date() : sql`${connections.syncQueuedAt}`,
      nextSyncAt: outcome.reconnect
        ? null
        : (outcome.retryAt ?? new Date(now.getTime() + (outcome.retryInProcess ? 0 : intervalMs))),
      lastError: outcome.words,
      lastErrorAt: now,
      updatedAt: now,
    })
    .where(heldBy(lease));
}
