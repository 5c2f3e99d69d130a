import type { Db } from '../db/client.js';
import type { Processor } from '../ledger/classify.js';
import { connections } from './tables.js';

type Provider = Processor | 'bank';

export async function markConnected(db: Db, userId: string, provider: Provider): Promise<void> {
  await db
    .insert(connections)
    .values({ userId, provider, status: 'connected' })
    .onConflictDoUpdate({
      target: [connections.userId, connections.provider],
      set: { status: 'connected', updatedAt: new Date() },
    });
}
