import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ConnectionRow } from '../connection-store.js';
import { connections } from '../tables.js';

/**
 * Takes the connection's import lease if nobody holds a live one. One conditional UPDATE: two workers (or two
 * app instances) racing for the same connection cannot both win.
 */
export async function takeLease(db: Db, id: string, leaseSeconds: number): Promise<ConnectionRow | null> {
  // Leases measure process liveness, so they use the wall clock even when the business clock is pinned.
  const now = new Date();
  const [row] = await db
    .update(connections)
    .set({ syncState: 'running', syncLeaseUntil: new Date(now.getTime() + leaseSeconds * 1000), syncImported: 0 })
    .where(
      and(
        eq(connections.id, id),
        eq(connections.status, 'connected'),
        sql`${connections.credentials} is not null`,
        or(isNull(connections.syncLeaseUntil), lt(connections.syncLeaseUntil, now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Saves where the run got to and renews the lease: called inside the transaction that wrote the page's rows. */
export async function saveProgress(
  tx: Db,
  id: string,
  cursor: Record<string, unknown>,
  imported: number,
  leaseSeconds: number,
): Promise<void> {
  const now = new Date();
  await tx
    .update(connections)
    .set({
      syncCursor: cursor,
      syncImported: sql`${connections.syncImported} + ${imported}`,
      syncLeaseUntil: new Date(now.getTime() + leaseSeconds * 1000),
    })
    .where(eq(connections.id, id));
}
