import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { lockOwnerBooks } from './books-lock.js';
import { ledgerDailyTotals, ledgerTransactions } from './tables.js';

/** Forgets every row of an owner's books and their daily totals (the demo salon's books before its imports). */
export async function clearBooks(db: Db, userId: string): Promise<void> {
  await lockOwnerBooks(db, userId);
  await db.delete(ledgerTransactions).where(eq(ledgerTransactions.userId, userId));
  await db.delete(ledgerDailyTotals).where(eq(ledgerDailyTotals.userId, userId));
}
