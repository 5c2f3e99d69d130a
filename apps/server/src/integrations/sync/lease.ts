import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ConnectionRow } from '../connection-store.js';
import { connections } from '../tables.js';

/** A run that no longer holds its connection's lease: another run took over, so this one must stop writing. */
export class LeaseLostError extends Error {
  constructor() {
    super('The import lease was taken over by another run.');
    this.name = 'LeaseLostError';
  }
}

export interface Lease {
  row: ConnectionRow;
  runId: string;
}

/** Only the run holding the lease may write: every write of a run is conditioned on this. */
export const heldBy = (lease: Lease) => and(eq(connections.id, lease.row.id), eq(connections.syncRunId, lease.runId));

/**
 * Takes the connection's import lease if nobody holds a live one. One conditional UPDATE: two workers (or two
 * app instances) racing for the same connection cannot both win.
 */
export async function takeLease(db: Db, id: string, leaseSeconds: number): Promise<Lease | null> {
  // Leases measure process liveness, so they use the wall clock even when the business clock is pinned.
  const now = new Date();
  const runId = randomUUID();
  const [row] = await db
    .update(connections)
    .set({
      syncState: 'running',
      syncLeaseUntil: new Date(now.getTime() + leaseSeconds * 1000),
      syncRunId: runId,
      syncImported: 0,
    })
    .where(
      and(
        eq(connections.id, id),
        eq(connections.status, 'connected'),
        sql`${connections.credentials} is not null`,
        or(isNull(connections.syncLeaseUntil), lt(connections.syncLeaseUntil, now)),
      ),
    )
    .returning();
  return row ? { row, runId } : null;
}

/**
 * Saves where the run got to and renews the lease, inside the transaction that wrote the page's rows. A run that
 * lost its lease throws, which rolls the page back: the run that took over writes it instead.
 */
export async function saveProgress(
  tx: Db,
  lease: Lease,
  cursor: Record<string, unknown>,
  imported: number,
  leaseSeconds: number,
): Promise<void> {
  await saveWith(tx, lease, { syncCursor: cursor }, imported, leaseSeconds);
}

/**
 * The same for the older-history window: its own cursor, and `null` once that window is done, which ends the
 * backfill (the connection then holds all the history it asked for).
 */
export async function saveBackfillProgress(
  tx: Db,
  lease: Lease,
  cursor: Record<string, unknown> | null,
  imported: number,
  leaseSeconds: number,
): Promise<void> {
  const fields = cursor ? { backfillCursor: cursor } : { backfillCursor: null, backfillUntil: null };
  await saveWith(tx, lease, fields, imported, leaseSeconds);
}

async function saveWith(
  tx: Db,
  lease: Lease,
  fields: Partial<typeof connections.$inferInsert>,
  imported: number,
  leaseSeconds: number,
): Promise<void> {
  const saved = await tx
    .update(connections)
    .set({
      ...fields,
      syncImported: sql`${connections.syncImported} + ${imported}`,
      syncLeaseUntil: new Date(Date.now() + leaseSeconds * 1000),
    })
    .where(heldBy(lease))
    .returning({ id: connections.id });
  if (saved.length === 0) throw new LeaseLostError();
}
