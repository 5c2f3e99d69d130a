import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Holds one owner's books until the caller's transaction ends (docs/finance.md, "One writer of an owner's books at a
 * time"). Every transaction that writes ledger rows, decides what they are (payouts, VAT, daily totals, clients)
 * or pairs them takes it first, before touching a row.
 *
 * Why: PostgreSQL reads committed data per statement, so two imports of one owner at once (the demo's Stripe,
 * Square, SumUp and bank jobs) would each decide from a view without the other's uncommitted rows. A bank import
 * settling card payouts while a card import's backfill was uncommitted counted those payouts as sales, and nothing
 * looked at them again; a daily total summed without the other import's rows was written back short. With the
 * lock, the second writer's statements start after the first commits and see its rows. Taken before any row is
 * written, it cannot deadlock two writers that each hold rows the other wants. Re-taking it in the same
 * transaction is free (advisory locks stack per session).
 */
export async function lockOwnerBooks(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`books:${userId}`}, 0))`);
}

/** Runs `write` in a transaction that holds the owner's books (lockOwnerBooks) from its first statement. */
export function withOwnerBooks<T>(db: Db, userId: string, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await lockOwnerBooks(tx, userId);
    return write(tx);
  });
}
