import {
  addDays,
  type ComparedPeriod,
  type DayRange,
  firstDayOf,
  type HeadlineFigure,
  type HeadlineName,
  lastMonths,
  likeForLikePeriods,
  londonDateOf,
  londonInstant,
  londonTimeOf,
} from '@brade/contract';
import { type AnyColumn, and, between, eq, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type CategoryChange, changeHint, HINT_MIN_CHANGE, type HintTransaction } from './change-hints.js';
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
import { openDaysBetween, salonCalendar } from './open-days.js';
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

/** The instant a period with `until` stops: the end of that minute of its last day (Europe/London). */
const cutoffOf = (period: ComparedPeriod & { until: string }) =>
  new Date(londonInstant(period.to, period.until).getTime() + 60_000).toISOString();
/**
 * Rows of a period's cut last day that count: card rows before its time of day, and every bank line of the day (a
 * statement line carries its booking day only, so bank lines compare day by day; docs/finance.md, "Comparisons").
 */
const beforeCut = (period: ComparedPeriod & { until: string }) =>
  sql`(${lt.provider} = 'bank' or ${lt.occurredAt} < ${cutoffOf(period)}::timestamptz)`;
/** The rows of a period: its days, and on its last day only those before its time of day when it has one. */
const inPeriod = (period: ComparedPeriod): SQL =>
  period.until
    ? sql`(${lt.localDate} between ${period.from} and ${period.to} and (${lt.localDate} < ${period.to} or ${beforeCut(period as ComparedPeriod & { until: string })}))`
    : sql`${lt.localDate} between ${period.from} and ${period.to}`;
/** The whole days of a period the daily totals answer: all of them, or all but a last day cut at a time of day. */
const wholeDays = (period: ComparedPeriod): DayRange =>
  period.until ? { from: period.from, to: addDays(period.to, -1) } : period;
const clientsIn = (period: ComparedPeriod) =>
  sql<string>`count(distinct ${lt.clientId}) filter (where ${inPeriod(period)} and ${isServiceRow})`;
const voucherSalesIn = (period: ComparedPeriod) =>
  sql<string>`coalesce(sum(${netAmount}) filter (where ${inPeriod(period)} and ${lt.kind} = 'sale' and ${lt.salePurpose} = 'voucher_sale'), 0)`;
const kindList = (kinds: readonly LedgerKind[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
/** A cut last day's sum of some kinds' net amounts (the daily totals' own sums, up to a time of day). */
const partialSum = (period: ComparedPeriod & { until: string }, kinds: readonly LedgerKind[]) =>
  sql<string>`coalesce(sum(${netAmount}) filter (where ${lt.localDate} = ${period.to} and ${beforeCut(period)} and ${lt.kind} in (${kindList(kinds)})), 0)`;

/**
 * Revenue, expenses and distinct clients for several periods of Europe/London days at once: sums from the daily
 * totals, clients from the sales index (a client seen in both periods counts once in each). A period whose last day
 * stops at a time of day (docs/finance.md, "Comparisons") adds that day's rows before it from the transactions.
 */
export async function totalsForRanges(
  db: Db,
  userId: string,
  ranges: ComparedPeriod[],
  withClients = true,
): Promise<PeriodTotals[]> {
  const from = ranges.reduce((min, r) => (r.from < min ? r.from : min), ranges[0]!.from);
  const to = ranges.reduce((max, r) => (r.to > max ? r.to : max), ranges[0]!.to);
  const sums = db
    .select(
      Object.fromEntries(
        ranges.flatMap((r, i) => [
          [`r${i}`, sumBetween(daily.revenuePence, wholeDays(r))],
          [`o${i}`, sumBetween(daily.otherIncomePence, wholeDays(r))],
          [`e${i}`, sumBetween(daily.expensesPence, wholeDays(r))],
        ]),
      ),
    )
    .from(daily)
    .where(and(eq(daily.userId, userId), between(daily.localDate, from, to)));
  const cut = ranges.flatMap((r, i) => (r.until ? [{ r: r as ComparedPeriod & { until: string }, i }] : []));
  const partial =
    cut.length > 0
      ? db
          .select(
            Object.fromEntries(
              cut.flatMap(({ r, i }) => [
                [`r${i}`, partialSum(r, SALES_KINDS)],
                [`o${i}`, partialSum(r, OTHER_INCOME_KINDS)],
                [`e${i}`, partialSum(r, EXPENSE_KINDS)],
              ]),
            ),
          )
          .from(lt)
          .where(and(eq(lt.userId, userId), inArray(lt.localDate, [...new Set(cut.map(({ r }) => r.to))])))
      : Promise.resolve([{} as Record<string, string>]);
  const clients = withClients
    ? db
        .select(
          Object.fromEntries(
            ranges.flatMap((r, i) => [
              [`c${i}`, clientsIn(r)],
              [`v${i}`, voucherSalesIn(r)],
            ]),
          ),
        )
        .from(lt)
        .where(and(eq(lt.userId, userId), isNotNull(lt.clientId), between(lt.localDate, from, to)))
    : Promise.resolve([{} as Record<string, string>]);
  const [[sumRow], [partRow], [clientRow]] = await Promise.all([sums, partial, clients]);
  const sum = (key: string) => Number(sumRow?.[key] ?? 0) + Number(partRow?.[key] ?? 0);
  return ranges.map((_, i) => ({
    revenuePence: sum(`r${i}`),
    otherIncomePence: sum(`o${i}`),
    // The daily totals hold expenses positive; the transactions' net amounts of expenses are negative.
    expensesPence: Number(sumRow?.[`e${i}`] ?? 0) - Number(partRow?.[`e${i}`] ?? 0),
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

/** How many of each period's largest transactions the hint looks at: one must be over half the change. */
const HINT_TRANSACTIONS = 10;

/**
 * What most of the change between two periods of a tile is, for the revenue and expenses tiles (docs/finance.md,
 * "Comparisons"): each category's total in both periods and each period's largest transactions, signed as the tile
 * shows them, through `changeHint`. Revenue per client has none (its change is a ratio's, not a sum's).
 */
async function tileHint(
  db: Db,
  userId: string,
  tile: 'revenue' | 'expenses',
  current: ComparedPeriod,
  previous: ComparedPeriod,
): Promise<string | null> {
  const { kinds, sign } = LINE_GROUPS[tile === 'revenue' ? 'sales' : 'expenses'];
  const ours = and(eq(lt.userId, userId), inArray(lt.kind, [...kinds]), IN_PROFIT_AND_LOSS);
  const largest = (period: ComparedPeriod) =>
    db
      .select({ category: lt.category, amount: netAmount.mapWith(Number), date: lt.localDate })
      .from(lt)
      .where(and(ours, inPeriod(period)))
      .orderBy(sql`abs(${netAmount}) desc`)
      .limit(HINT_TRANSACTIONS);
  const [categories, now, before] = await Promise.all([
    db
      .select({
        category: lt.category,
        current: sql<string>`coalesce(sum(${netAmount}) filter (where ${inPeriod(current)}), 0)`,
        previous: sql<string>`coalesce(sum(${netAmount}) filter (where ${inPeriod(previous)}), 0)`,
      })
      .from(lt)
      .where(and(ours, between(lt.localDate, previous.from, current.to)))
      .groupBy(lt.category),
    largest(current),
    largest(previous),
  ]);
  const signed = (t: { category: string; amount: number; date: string }): HintTransaction => ({
    ...t,
    amount: sign * Number(t.amount),
  });
  return changeHint({
    tile,
    categories: categories.map(
      (c): CategoryChange => ({
        category: c.category,
        current: sign * Number(c.current),
        previous: sign * Number(c.previous),
      }),
    ),
    largest: { current: now.map(signed), previous: before.map(signed) },
  });
}

/**
 * Month so far against the same part of the previous month, like for like (docs/finance.md, "Comparisons"): up to
 * the same Europe/London time of day, or the whole previous month on a month's last day; with the open days of each
 * period (docs/finance.md, "Open days") and, for revenue and expenses, the hint naming what drove the change.
 */
export async function headlineFigure(db: Db, userId: string, now: Date, name: HeadlineName): Promise<HeadlineFigure> {
  const today = londonDateOf(now);
  const { current, previous } = likeForLikePeriods(today, londonTimeOf(now));
  // The month so far is every row of its days: the books hold nothing later than now, and so the tile stays equal to
  // the month's report and the analyst's month to date. Only the previous period is cut at the time of day.
  const soFar = { from: current.from, to: current.to };
  const [totals, calendar] = await Promise.all([
    totalsForRanges(db, userId, [soFar, previous], name === 'revenuePerClient'),
    salonCalendar(db, userId, today, { from: previous.from }),
  ]);
  const [thisPeriod, lastPeriod] = totals as [PeriodTotals, PeriodTotals];
  const pick = (t: PeriodTotals) =>
    name === 'revenue' ? t.revenuePence : name === 'expenses' ? t.expensesPence : revenuePerClientPence(t);
  // The hint's queries only when a hint is possible: a change of at least 5 % of a previous figure.
  const change = pick(thisPeriod) - pick(lastPeriod);
  const hintable =
    name !== 'revenuePerClient' &&
    pick(lastPeriod) !== 0 &&
    Math.abs(change) >= HINT_MIN_CHANGE * Math.abs(pick(lastPeriod));
  // Net income counts other income, which the revenue tile does not: the revenue answer names it, so the
  // dashboard can show it (docs/finance.md, "The figures"). Asked for only when there is some.
  const otherIncome =
    name === 'revenue' && thisPeriod.otherIncomePence !== 0
      ? groupedLines(db, userId, 'otherIncome', soFar)
      : Promise.resolve(null);
  const [hint, otherLines] = await Promise.all([
    hintable ? tileHint(db, userId, name, soFar, previous) : null,
    otherIncome,
  ]);
  const other =
    otherLines &&
    ({
      amount: toPounds(thisPeriod.otherIncomePence),
      categories: otherLines.map((line) => ({ category: line.description, amount: line.amount })),
    } satisfies HeadlineFigure['other_income']);
  return {
    value: toPounds(pick(thisPeriod)),
    percent_change: percentChange(pick(thisPeriod), pick(lastPeriod)),
    comparison: {
      current,
      previous,
      open_days: {
        current: openDaysBetween(calendar, current.from, current.to).length,
        previous: openDaysBetween(calendar, previous.from, previous.to).length,
      },
    },
    hint,
    ...(name === 'revenue' ? { other_income: other } : {}),
  };
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
