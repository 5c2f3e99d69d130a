import type { DayRange } from '@brade/contract';
import { and, between, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { EXPENSE_KINDS, SALES_KINDS } from './kinds.js';
import { ledgerTransactions as lt } from './tables.js';

/**
 * Breakdowns BradeBot's tools read (docs/assistant.md, "The tools"), on the same kinds as the figures
 * (docs/finance.md): sales by processor, expenses by counterparty, and transactions matching a word.
 */

/** Revenue (sales less refunds) by card processor over a range of days, largest first, in pence. */
export async function salesByProcessor(db: Db, userId: string, range: DayRange) {
  const rows = await db
    .select({ provider: lt.provider, total: sql<string>`sum(${lt.amountPence})`, count: sql<string>`count(*)` })
    .from(lt)
    .where(and(eq(lt.userId, userId), inArray(lt.kind, [...SALES_KINDS]), between(lt.localDate, range.from, range.to)))
    .groupBy(lt.provider)
    .orderBy(sql`sum(${lt.amountPence}) desc`, lt.provider);
  return rows.map((r) => ({ provider: r.provider, pence: Number(r.total), transactions: Number(r.count) }));
}

/**
 * Expenses by counterparty (the bank's payee, else the description) over a range, largest first, in pence. Categories
 * listed in `leaveOut` are left out: staff paid through the bank are wages, not suppliers.
 */
export async function expensesByCounterparty(
  db: Db,
  userId: string,
  range: DayRange,
  limit = 5,
  leaveOut: string[] = [],
) {
  const who = sql<string>`coalesce(${lt.counterparty}, ${lt.description})`;
  const rows = await db
    .select({ who, total: sql<string>`sum(${lt.amountPence})`, count: sql<string>`count(*)` })
    .from(lt)
    .where(
      and(
        eq(lt.userId, userId),
        inArray(lt.kind, [...EXPENSE_KINDS]),
        between(lt.localDate, range.from, range.to),
        leaveOut.length > 0 ? notInArray(lt.category, leaveOut) : undefined,
      ),
    )
    .groupBy(who)
    .orderBy(sql`sum(${lt.amountPence}) asc`, who)
    .limit(limit);
  return rows.map((r) => ({ counterparty: r.who, pence: -Number(r.total), transactions: Number(r.count) }));
}

/**
 * Transactions of a range whose counterparty, description or category contains `text` (case-insensitive), newest
 * first, at most `limit`, with the count and signed total (money in +, out -) of all that match.
 */
export async function transactionsMatching(db: Db, userId: string, text: string, range: DayRange, limit = 10) {
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(lt.userId, userId),
    between(lt.localDate, range.from, range.to),
    or(ilike(lt.counterparty, like), ilike(lt.description, like), ilike(lt.category, like)),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        day: lt.localDate,
        description: lt.description,
        counterparty: lt.counterparty,
        category: lt.category,
        kind: lt.kind,
        pence: lt.amountPence,
      })
      .from(lt)
      .where(where)
      .orderBy(desc(lt.localDate), desc(lt.occurredAt))
      .limit(limit),
    db
      .select({ count: sql<string>`count(*)`, total: sql<string>`coalesce(sum(${lt.amountPence}), 0)` })
      .from(lt)
      .where(where),
  ]);
  return { rows, count: Number(totals?.count ?? 0), totalPence: Number(totals?.total ?? 0) };
}
