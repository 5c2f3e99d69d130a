import { type DayRange, firstDayOf, type HeadlineName, lastMonths, monthToDateRanges } from '@brade/contract';
import { type AnyColumn, and, between, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isServiceRow } from './clients.js';
import {
  BELOW_NET_INCOME_KINDS,
  EXPENSE_KINDS,
  IN_PROFIT_AND_LOSS,
  LOAN_KINDS,
  netAmount,
  OTHER_INCOME_KINDS,
  OWNER_MONEY_KINDS,
  SALES_KINDS,
} from './kinds.js';
import { ledgerDailyTotals as daily, type LedgerKind, ledgerTransactions as lt } from './tables.js';

/** docs/finance.md: revenue is sales less refunds; other income is apart; net income = both less expenses. */
export interface PeriodTotals {
  revenuePence: number;
  otherIncomePence: number;
  expensesPence: number;
  /** Distinct people who had a service (ledger/clients.ts). */
  clients: number;
  /** Gift vouchers sold: revenue (cash basis) but not a sale for a service (docs/finance.md, "Clients"). */
  voucherSalesPence: number;
}

const sumBetween = (column: AnyColumn, range: DayRange) =>
  sql<string>`coalesce(sum(${column}) filter (where ${daily.localDate} between ${range.from} and ${range.to}), 0)`;
const inRange = (range: DayRange) => sql`${lt.localDate} between ${range.from} and ${range.to}`;
const clientsBetween = (range: DayRange) =>
  sql<string>`count(distinct ${lt.clientId}) filter (where ${inRange(range)} and ${isServiceRow})`;
const voucherSalesBetween = (range: DayRange) =>
  sql<string>`coalesce(sum(${netAmount}) filter (where ${inRange(range)} and ${lt.kind} = 'sale' and ${lt.salePurpose} = 'voucher_sale'), 0)`;

/**
 * Revenue, expenses and distinct clients for several ranges of Europe/London days at once: sums from the daily
 * totals, clients from the sales index (a client seen in both ranges counts once in each).
 */
export async function totalsForRanges(
  db: Db,
  userId: string,
  ranges: DayRange[],
  withClients = true,
): Promise<PeriodTotals[]> {
  const from = ranges.reduce((min, r) => (r.from < min ? r.from : min), ranges[0]!.from);
  const to = ranges.reduce((max, r) => (r.to > max ? r.to : max), ranges[0]!.to);
  const sums = db
    .select(
      Object.fromEntries(
        ranges.flatMap((r, i) => [
          [`r${i}`, sumBetween(daily.revenuePence, r)],
          [`o${i}`, sumBetween(daily.otherIncomePence, r)],
          [`e${i}`, sumBetween(daily.expensesPence, r)],
        ]),
      ),
    )
    .from(daily)
    .where(and(eq(daily.userId, userId), between(daily.localDate, from, to)));
  const clients = withClients
    ? db
        .select(
          Object.fromEntries(
            ranges.flatMap((r, i) => [
              [`c${i}`, clientsBetween(r)],
              [`v${i}`, voucherSalesBetween(r)],
            ]),
          ),
        )
        .from(lt)
        .where(and(eq(lt.userId, userId), isNotNull(lt.clientId), between(lt.localDate, from, to)))
    : Promise.resolve([{} as Record<string, string>]);
  const [[sumRow], [clientRow]] = await Promise.all([sums, clients]);
  return ranges.map((_, i) => ({
    revenuePence: Number(sumRow?.[`r${i}`] ?? 0),
    otherIncomePence: Number(sumRow?.[`o${i}`] ?? 0),
    expensesPence: Number(sumRow?.[`e${i}`] ?? 0),
    clients: Number(clientRow?.[`c${i}`] ?? 0),
    voucherSalesPence: Number(clientRow?.[`v${i}`] ?? 0),
  }));
}

export async function periodTotals(db: Db, userId: string, range: DayRange): Promise<PeriodTotals> {
  const [totals] = await totalsForRanges(db, userId, [range]);
  return totals!;
}

export const toPounds = (pence: number) => Math.round(pence) / 100;

/** Percent change with one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Net income = revenue + other income − expenses: the reports' "revenue minus expenses" (docs/finance.md). */
export function netIncomePence(totals: Pick<PeriodTotals, 'revenuePence' | 'otherIncomePence' | 'expensesPence'>) {
  return totals.revenuePence + totals.otherIncomePence - totals.expensesPence;
}

/** Margin = net income ÷ revenue, in percent with one decimal; null without revenue (docs/finance.md). */
export function marginPercent(totals: Pick<PeriodTotals, 'revenuePence' | 'otherIncomePence' | 'expensesPence'>) {
  return totals.revenuePence === 0 ? null : Math.round((netIncomePence(totals) / totals.revenuePence) * 1000) / 10;
}

/** Sales for services (revenue less gift vouchers sold) ÷ distinct clients who had a service (docs/finance.md). */
export function revenuePerClientPence(totals: PeriodTotals): number {
  return totals.clients === 0 ? 0 : Math.round((totals.revenuePence - totals.voucherSalesPence) / totals.clients);
}

/** Month to date against the same days of the previous month (docs/finance.md). */
export async function headlineFigure(db: Db, userId: string, today: string, name: HeadlineName) {
  const ranges = monthToDateRanges(today);
  const [current, previous] = (await totalsForRanges(
    db,
    userId,
    [ranges.current, ranges.previous],
    name === 'revenuePerClient',
  )) as [PeriodTotals, PeriodTotals];
  const pick = (t: PeriodTotals) =>
    name === 'revenue' ? t.revenuePence : name === 'expenses' ? t.expensesPence : revenuePerClientPence(t);
  return { value: toPounds(pick(current)), percent_change: percentChange(pick(current), pick(previous)) };
}

/** The last 12 Europe/London months (this one included), oldest first, months without rows as 0. */
export async function monthlySeries(db: Db, userId: string, today: string, what: 'revenue' | 'expenses') {
  const months = lastMonths(today, 12);
  const column = what === 'revenue' ? daily.revenuePence : daily.expensesPence;
  const rows = await db
    .select({ month: sql<string>`to_char(${daily.localDate}, 'YYYY-MM')`, amount: sql<string>`sum(${column})` })
    .from(daily)
    .where(and(eq(daily.userId, userId), gte(daily.localDate, firstDayOf(months[0]!))))
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
 * The groups of lines the reports and calls show (docs/finance.md), each with the sign its amounts are shown in:
 * sales (refunds negative), other income and expenses (positive), Corporation Tax paid (positive), and the
 * owner's money and loans signed as the business sees them (money in +, out -).
 */
const LINE_GROUPS: Record<LineGroup, { kinds: readonly LedgerKind[]; sign: 1 | -1 }> = {
  sales: { kinds: SALES_KINDS, sign: 1 },
  otherIncome: { kinds: OTHER_INCOME_KINDS, sign: 1 },
  expenses: { kinds: EXPENSE_KINDS, sign: -1 },
  corporationTax: { kinds: BELOW_NET_INCOME_KINDS, sign: -1 },
  ownerMoney: { kinds: OWNER_MONEY_KINDS, sign: 1 },
  loans: { kinds: LOAN_KINDS, sign: 1 },
};
export type LineGroup = 'sales' | 'otherIncome' | 'expenses' | 'corporationTax' | 'ownerMoney' | 'loans';

/**
 * Lines of one group by category, largest first, each with how many transactions it groups; amounts net of VAT, and
 * without rows that are wholly VAT (docs/finance.md, "VAT").
 */
export async function groupedLines(db: Db, userId: string, what: LineGroup, range?: DayRange): Promise<LedgerLine[]> {
  const { kinds, sign } = LINE_GROUPS[what];
  const rows = await db
    .select({ category: lt.category, total: sql<string>`sum(${netAmount})`, count: sql<string>`count(*)` })
    .from(lt)
    .where(
      and(
        eq(lt.userId, userId),
        inArray(lt.kind, [...kinds]),
        IN_PROFIT_AND_LOSS,
        range ? between(lt.localDate, range.from, range.to) : undefined,
      ),
    )
    .groupBy(lt.category)
    .orderBy(sql`abs(sum(${netAmount})) desc`, lt.category);
  return rows.map((r) => {
    const count = Number(r.count);
    return {
      description: r.category,
      amount: toPounds(sign * Number(r.total)),
      subtext: `${count.toLocaleString('en-GB')} transaction${count === 1 ? '' : 's'}`,
    };
  });
}
