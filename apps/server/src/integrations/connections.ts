import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { PROCESSORS, type Processor } from '../ledger/classify.js';
import { connections } from './tables.js';

type Provider = Processor | 'bank';

/** The card processors the owner has connected: their payouts into the bank are transfers, not revenue. */
export async function connectedProcessors(db: Db, userId: string): Promise<Set<Processor>> {
  const rows = await db
    .select({ provider: connections.provider })
    .from(connections)
    .where(and(eq(connections.userId, userId), eq(connections.status, 'connected')));
  return new Set(
    rows.map((r) => r.provider).filter((p): p is Processor => (PROCESSORS as readonly string[]).includes(p)),
  );
}

export async function markConnected(db: Db, userId: string, provider: Provider): Promise<void> {
  await db
    .insert(connections)
    .values({ userId, provider, status: 'connected' })
    .onConflictDoUpdate({
      target: [connections.userId, connections.provider],
      set: { status: 'connected', updatedAt: new Date() },
    });
}
