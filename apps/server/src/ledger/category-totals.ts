import type { DayRange } from '@brade/contract';
import { and, between, eq, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { IN_PROFIT_AND_LOSS, netAmount } from './kinds.js';
import { type LineQuery, transactionsPage } from './line-transactions.js';
import { type LedgerKind, ledgerTransactions as lt } from './tables.js';

/**
 * The books of a range of Europe/London days added up by kind and category, net of VAT as every figure is
 * (docs/finance.md, "VAT"), without the rows that are wholly VAT: what an HMRC summary of the period is built from
 * (hmrc/income-tax). Amounts are signed as the money moved (a cost negative).
 */
export interface CategoryTotal {
  kind: LedgerKind;
  category: string;
  netPence: number;
  count: number;
}

export async function categoryTotals(db: Db, userId: string, range: DayRange): Promise<CategoryTotal[]> {
  const rows = await db
    .select({
      kind: lt.kind,
      category: lt.category,
      total: sql<string>`sum(${netAmount})`,
      count: sql<string>`count(*)`,
    })
    .from(lt)
    .where(and(eq(lt.userId, userId), between(lt.localDate, range.from, range.to), IN_PROFIT_AND_LOSS))
    .groupBy(lt.kind, lt.category);
  return rows.map((r) => ({ kind: r.kind, category: r.category, netPence: Number(r.total), count: Number(r.count) }));
}

/** The owner's rows by id (others' ids find nothing): their day, kind, category and amount net of VAT. */
export async function rowsByIds(db: Db, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: lt.id,
      day: sql<string>`${lt.localDate}::text`,
      kind: lt.kind,
      category: lt.category,
      netPence: sql<string>`${netAmount}`,
    })
    .from(lt)
    .where(and(eq(lt.userId, userId), inArray(lt.id, ids)));
  return rows.map((r) => ({ ...r, netPence: Number(r.netPence) }));
}

/** The first Europe/London day the books hold, or null when they hold nothing. */
export async function firstBookDay(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ first: sql<string | null>`${min(lt.localDate)}::text` })
    .from(lt)
    .where(eq(lt.userId, userId));
  return row?.first ?? null;
}

/**
 * One page of the rows of some kinds and one category over a range, in the profit and loss (what a figure of an HMRC
 * summary adds up, hmrc/income-tax), signed as the figure shows them: income +, an expense +.
 */
export async function categoryTransactions(
  db: Db,
  userId: string,
  range: DayRange,
  selection: { kinds: readonly LedgerKind[]; category: string; sign: 1 | -1 },
  query: Pick<LineQuery, 'search' | 'sort' | 'direction' | 'page' | 'pageSize'>,
) {
  const rows = and(
    eq(lt.userId, userId),
    between(lt.localDate, range.from, range.to),
    inArray(lt.kind, [...selection.kinds]),
    IN_PROFIT_AND_LOSS,
    eq(lt.category, selection.category),
  )!;
  return transactionsPage(db, rows, selection.sign, query);
}
