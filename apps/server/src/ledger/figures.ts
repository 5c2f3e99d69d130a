import { type DayRange, firstDayOf, lastMonths, monthToDateRanges } from '@brade/contract';
import { and, between, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type LedgerKind, ledgerTransactions as lt } from './tables.js';

/** DESIGN.md section 9: what counts as revenue and as expenses, used by every figure. */
export const REVENUE_KINDS: readonly LedgerKind[] = ['sale', 'refund', 'other_income'];
export const EXPENSE_KINDS: readonly LedgerKind[] = ['expense', 'fee'];

const kindList = (kinds: readonly LedgerKind[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
const revenueSum = sql<string>`coalesce(sum(${lt.amountPence}) filter (where ${lt.kind} in (${kindList(REVENUE_KINDS)})), 0)`;
const expenseSum = sql<string>`coalesce(-sum(${lt.amountPence}) filter (where ${lt.kind} in (${kindList(EXPENSE_KINDS)})), 0)`;

export interface PeriodTotals {
  revenuePence: number;
  expensesPence: number;
  clients: number;
}

/** Revenue, expenses and distinct clients of one range of Europe/London days, in one pass over the index. */
export async function periodTotals(db: Db, userId: string, range: DayRange): Promise<PeriodTotals> {
  const [row] = await db
    .select({
      revenue: revenueSum,
      expenses: expenseSum,
      clients: sql<string>`count(distinct ${lt.clientKey}) filter (where ${lt.kind} = 'sale')`,
    })
    .from(lt)
    .where(and(eq(lt.userId, userId), between(lt.localDate, range.from, range.to)));
  return {
    revenuePence: Number(row?.revenue ?? 0),
    expensesPence: Number(row?.expenses ?? 0),
    clients: Number(row?.clients ?? 0),
  };
}

export const toPounds = (pence: number) => Math.round(pence) / 100;

/** Percent change with one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

export function revenuePerClientPence(totals: PeriodTotals): number {
  return totals.clients === 0 ? 0 : Math.round(totals.revenuePence / totals.clients);
}

export type HeadlineName = 'sales' | 'expenses' | 'revenuePerClient';

/** Month to date against the same days of the previous month (DESIGN.md section 9). */
export async function headlineFigure(db: Db, userId: string, today: string, name: HeadlineName) {
  const ranges = monthToDateRanges(today);
  const [current, previous] = await Promise.all([
    periodTotals(db, userId, ranges.current),
    periodTotals(db, userId, ranges.previous),
  ]);
  const pick = (t: PeriodTotals) =>
    name === 'sales' ? t.revenuePence : name === 'expenses' ? t.expensesPence : revenuePerClientPence(t);
  return { value: toPounds(pick(current)), percent_change: percentChange(pick(current), pick(previous)) };
}

/** The last 12 Europe/London months (this one included), oldest first, months without rows as 0. */
export async function monthlySeries(db: Db, userId: string, today: string, what: 'revenue' | 'expenses') {
  const months = lastMonths(today, 12);
  const rows = await db
    .select({
      month: sql<string>`to_char(${lt.localDate}, 'YYYY-MM')`,
      amount: what === 'revenue' ? revenueSum : expenseSum,
    })
    .from(lt)
    .where(and(eq(lt.userId, userId), gte(lt.localDate, firstDayOf(months[0]!))))
    .groupBy(sql`1`);
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.amount)]));
  return months.map((month) => ({ month, amount: toPounds(byMonth.get(month) ?? 0) }));
}

export interface LedgerLine {
  description: string;
  amount: number;
  subtext: string;
}

/**
 * Sales or expense lines grouped by category, largest first, each with how many transactions it groups.
 * Sales lines include refunds (negative) and other income; expense amounts are shown positive.
 */
export async function groupedLines(
  db: Db,
  userId: string,
  what: 'sales' | 'expenses',
  range?: DayRange,
): Promise<LedgerLine[]> {
  const kinds = what === 'sales' ? REVENUE_KINDS : EXPENSE_KINDS;
  const rows = await db
    .select({ category: lt.category, total: sql<string>`sum(${lt.amountPence})`, count: sql<string>`count(*)` })
    .from(lt)
    .where(
      and(
        eq(lt.userId, userId),
        inArray(lt.kind, [...kinds]),
        range ? between(lt.localDate, range.from, range.to) : undefined,
      ),
    )
    .groupBy(lt.category)
    .orderBy(sql`abs(sum(${lt.amountPence})) desc`, lt.category);
  const sign = what === 'expenses' ? -1 : 1;
  return rows.map((r) => {
    const count = Number(r.count);
    return {
      description: r.category,
      amount: toPounds(sign * Number(r.total)),
      subtext: `${count.toLocaleString('en-GB')} transaction${count === 1 ? '' : 's'}`,
    };
  });
}
