import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { ledgerTransactions } from './tables.js';

/** Of these owners, those whose books hold any row dated on or before `day` (a Europe/London date). */
export async function ownersWithBooksUntil(db: Db, userIds: string[], day: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  // One index probe per owner (user_id, local_date) instead of reading their rows.
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select owner.id from unnest(array[${ids}]::uuid[]) as owner(id)
    where exists (
      select 1 from ${ledgerTransactions}
      where ${ledgerTransactions.userId} = owner.id and ${ledgerTransactions.localDate} <= ${day})`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

/**
 * The first Europe/London day the owner's books hold a row on; null without any. The month it falls in is the
 * first month of the imported history, most likely not whole (an import reaches back a number of days, not to a
 * month's 1st).
 */
export async function firstBookDay(db: Db, userId: string): Promise<string | null> {
  // The (owner, day, …) index answers it at its first entry.
  const result = await db.execute(
    sql`select min(${ledgerTransactions.localDate})::text as day from ${ledgerTransactions} where ${ledgerTransactions.userId} = ${userId}`,
  );
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? null;
}
