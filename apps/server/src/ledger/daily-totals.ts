import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { lockOwnerBooks } from './books-lock.js';
import { expenseSum, otherIncomeSum, revenueSum } from './kinds.js';
import { ledgerTransactions as lt } from './tables.js';

/**
 * Rebuilds the owner's daily totals for a range of days (all days when no range is given) from the transactions, in
 * one statement (an import runs this once a batch): each day with transactions is written, and the days left
 * without any (their last transaction moved away) are deleted.
 *
 * Runs inside the caller's transaction, under the owner's books lock (books-lock.ts; its callers take it first, and
 * it is taken here too for any that did not). Two imports of one owner would otherwise each sum the day from a
 * snapshot without the other's rows, and the later upsert would write back a total missing the earlier's sales.
 */
export async function refreshDailyTotals(db: Db, userId: string, range?: { from: string; to: string }): Promise<void> {
  const within = range ? sql`and local_date between ${range.from} and ${range.to}` : sql``;
  await lockOwnerBooks(db, userId);
  await db.execute(sql`
    with fresh as (
      select ${lt.userId} as user_id, ${lt.localDate} as local_date, ${revenueSum} as revenue_pence,
        ${otherIncomeSum} as other_income_pence, ${expenseSum} as expenses_pence
      from ${lt} where ${lt.userId} = ${userId} ${within}
      group by ${lt.userId}, ${lt.localDate}
    ), gone as (
      delete from ledger_daily_totals d where d.user_id = ${userId} ${within}
        and not exists (select 1 from fresh f where f.local_date = d.local_date)
    )
    insert into ledger_daily_totals (user_id, local_date, revenue_pence, other_income_pence, expenses_pence)
    select user_id, local_date, revenue_pence, other_income_pence, expenses_pence from fresh
    on conflict (user_id, local_date) do update set revenue_pence = excluded.revenue_pence,
      other_income_pence = excluded.other_income_pence, expenses_pence = excluded.expenses_pence`);
}
