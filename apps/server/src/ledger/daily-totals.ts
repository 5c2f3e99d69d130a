import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { expenseSum, otherIncomeSum, revenueSum } from './kinds.js';
import { ledgerDailyTotals as daily, ledgerTransactions as lt } from './tables.js';

/**
 * Rebuilds the owner's daily totals for a range of days (all days when no range is given) from the
 * transactions. Deleting first drops days whose last transaction moved away.
 */
export async function refreshDailyTotals(db: Db, userId: string, range?: { from: string; to: string }): Promise<void> {
  const within = range ? sql`and local_date between ${range.from} and ${range.to}` : sql``;
  await db.execute(sql`delete from ${daily} where user_id = ${userId} ${within}`);
  await db.execute(sql`
    insert into ${daily} (user_id, local_date, revenue_pence, other_income_pence, expenses_pence)
    select ${lt.userId}, ${lt.localDate}, ${revenueSum}, ${otherIncomeSum}, ${expenseSum}
    from ${lt} where ${lt.userId} = ${userId} ${within}
    group by ${lt.userId}, ${lt.localDate}`);
}
