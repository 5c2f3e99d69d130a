import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sealCredentials } from './connection-store.js';
import { bankBalances, type ConnectionProvider, connections } from './tables.js';
import type { TokenCipher } from './token-cipher.js';

export interface DemoLink {
  provider: ConnectionProvider;
  accountId: string;
  /** Sealed like any owner's (token-cipher.ts). */
  credentials: unknown;
  /** The bank's institution and open-banking provider; null for a card provider. */
  bank: { institutionId: string; institutionName: string; provider: 'enable_banking' | 'gocardless' } | null;
}

/**
 * The demo owner's connections to its private simulators (demo/demo-connections.ts says why and when), written as
 * a connect flow would: one row per provider marked `demo`, its credentials sealed again each time so a broken or
 * rotated copy heals, an import due now. A row already there keeps its cursors and history. When the owner has
 * connections that are not the demo's (books imported straight from the generator, with other ids), or the bank
 * is now served by another provider (its rows' keys differ, so they would count twice), the books start again:
 * `clearBooks` (in the same transaction) empties the ledger, and every connection and bank balance goes.
 */
export async function saveDemoLinks(
  db: Db,
  cipher: TokenCipher,
  input: {
    userId: string;
    links: DemoLink[];
    historyFrom: Date;
    backfillUntil: Date;
    now: Date;
    clearBooks: (tx: Db) => Promise<void>;
  },
): Promise<void> {
  const { userId, now } = input;
  await db.transaction(async (tx) => {
    let existing = await tx.select().from(connections).where(eq(connections.userId, userId));
    const bankProvider = input.links.find((link) => link.bank)?.bank?.provider;
    const bankMoved = existing.some((row) => row.provider === 'bank' && row.demo && row.bankProvider !== bankProvider);
    if (existing.some((row) => !row.demo) || bankMoved) {
      await input.clearBooks(tx);
      await tx.delete(bankBalances).where(eq(bankBalances.userId, userId));
      await tx.delete(connections).where(eq(connections.userId, userId));
      existing = [];
    }
    for (const { provider, accountId, credentials, bank } of input.links) {
      const kept = existing.find((row) => row.provider === provider && row.demo && row.accountId === accountId);
      const [row] = kept
        ? await tx
            .update(connections)
            .set({ status: 'connected', updatedAt: now })
            .where(eq(connections.id, kept.id))
            .returning()
        : await tx
            .insert(connections)
            .values({
              userId,
              provider,
              demo: true,
              sandbox: true,
              accountId,
              connectedAt: now,
              updatedAt: now,
              institutionId: bank?.institutionId ?? null,
              institutionName: bank?.institutionName ?? null,
              bankProvider: bank?.provider ?? null,
              historyFrom: input.historyFrom,
              backfillUntil: input.backfillUntil,
              // Due now: the import sweep's first run (as the server starts listening) claims it.
              syncState: 'idle',
              nextSyncAt: now,
            })
            .onConflictDoUpdate({
              target: [connections.userId, connections.provider],
              set: {
                demo: true,
                accountId,
                syncCursor: null,
                backfillCursor: null,
                syncState: 'idle',
                nextSyncAt: now,
              },
            })
            .returning();
      await tx
        .update(connections)
        .set({ credentials: sealCredentials(cipher, row!, credentials) })
        .where(eq(connections.id, row!.id));
    }
  });
  // A start after a long pause: the hourly schedule has lapsed, so bring the books up to now at once.
  await db
    .update(connections)
    .set({ nextSyncAt: sql`least(${connections.nextSyncAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(connections.userId, userId), eq(connections.demo, true)));
}
