import {
  addDays,
  type ComparedPeriod,
  clientCoverageNote,
  type DayRange,
  firstDayOf,
  type HeadlineFigure,
  type HeadlineName,
  lastMonths,
  likeForLikePeriods,
  londonDateOf,
  londonTimeOf,
} from '@brade/contract';
import { type AnyColumn, and, between, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
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
import { beforeCut, inPeriod } from './period-sql.js';
import { categoryNames, salesByCategory, salesParts } from './sales-lines.js';
import { ledgerDailyTotals as daily, type LedgerKind, ledgerTransactions as lt } from './tables.js';

/** docs/finance.md: revenue is sales less refunds; other income is apart; net income = both less expenses. */
export interface PeriodTotals {
  revenuePence: number;
  otherIncomePence: number;
  expensesPence: number;
  /** Distinct people whose payer is known who had a service (ledger/clients.ts, docs/finance.md "Clients"). */
  clients: number;
  /** Sales for services (gift vouchers sold left out) whose payer is known, net of VAT. */
  knownSalesPence: number;
  /** All sales for services, net of VAT: what `knownSalesPence` is the known part of. */
  serviceSalesPence: number;
}

const sumBetween = (column: AnyColumn, range: DayRange) =>
  sql<string>`coalesce(sum(${column}) filter (where ${daily.localDate} between ${range.from} and ${range.to}), 0)`;

/** The whole days of a period the daily totals answer: all of them, or all but a last day cut at a time of day. */
const wholeDays = (period: ComparedPeriod): DayRange =>
  period.until ? { from: period.from, to: addDays(period.to, -1) } : period;
/** A row whose payer the processor identified: a customer id, a card fingerprint or an e-mail (docs/finance.md). */
export const payerKnown = sql`(${lt.payerCustomerKey} is not null or ${lt.payerCardKey} is not null or ${lt.payerEmailKey} is not null)`;
const forServices = sql`${lt.kind} = 'sale' and ${lt.salePurpose} is distinct from 'voucher_sale'`;
const clientsIn = (period: ComparedPeriod) =>
  sql<string>`count(distinct ${lt.clientId}) filter (where ${inPeriod(period)} and ${isServiceRow} and ${payerKnown})`;
const knownSalesIn = (period: ComparedPeriod) =>
  sql<string>`coalesce(sum(${netAmount}) filter (where ${inPeriod(period)} and ${forServices} and ${payerKnown}), 0)`;
const serviceSalesIn = (period: ComparedPeriod) =>
  sql<string>`coalesce(sum(${netAmount}) filter (where ${inPeriod(period)} and ${forServices}), 0)`;
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
              [`k${i}`, knownSalesIn(r)],
              [`s${i}`, serviceSalesIn(r)],
            ]),
          ),
        )
        .from(lt)
        .where(
          and(eq(lt.userId, userId), inArray(lt.kind, ['sale', 'voucher_redemption']), between(lt.localDate, from, to)),
        )
    : Promise.resolve([{} as Record<string, string>]);
  const [[sumRow], [partRow], [clientRow]] = await Promise.all([sums, partial, clients]);
  const sum = (key: string) => Number(sumRow?.[key] ?? 0) + Number(partRow?.[key] ?? 0);
  return ranges.map((_, i) => ({
    revenuePence: sum(`r${i}`),
    otherIncomePence: sum(`o${i}`),
    // The daily totals hold expenses positive; the transactions' net amounts of expenses are negative.
    expensesPence: Number(sumRow?.[`e${i}`] ?? 0) - Number(partRow?.[`e${i}`] ?? 0),
    clients: Number(clientRow?.[`c${i}`] ?? 0),
    knownSalesPence: Number(clientRow?.[`k${i}`] ?? 0),
    serviceSalesPence: Number(clientRow?.[`s${i}`] ?? 0),
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

/**
 * Revenue per client (docs/finance.md, "Clients"): sales for services whose payer is known ÷ the distinct known
 * clients who had a service. A payment nobody can be recognised by is no client, so its sale is left out too.
 */
export function revenuePerClientPence(totals: Pick<PeriodTotals, 'clients' | 'knownSalesPence'>): number {
  return totals.clients === 0 ? 0 : Math.round(totals.knownSalesPence / totals.clients);
}

/** The share of sales for services whose payer is known, in whole percent; null without sales. */
export function knownPayerPercent(totals: Pick<PeriodTotals, 'knownSalesPence' | 'serviceSalesPence'>): number | null {
  return totals.serviceSalesPence <= 0
    ? null
    : Math.round((Math.max(0, totals.knownSalesPence) / totals.serviceSalesPence) * 100);
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
  if (tile === 'revenue') return revenueHint(db, userId, current, previous);
  const { kinds, sign } = LINE_GROUPS.expenses;
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
 * The revenue tile's hint, by the sales lines of what was sold (sales-lines.ts): each line's total in both periods,
 * and each period's largest parts of sales.
 */
async function revenueHint(db: Db, userId: string, current: ComparedPeriod, previous: ComparedPeriod) {
  const largest = async (period: ComparedPeriod) => {
    const [names, result] = await Promise.all([
      categoryNames(db, userId),
      db.execute(sql`select p.line, p.net, p.local_date::text as date from ${salesParts(userId, period)} p
        order by abs(p.net) desc limit ${HINT_TRANSACTIONS}`),
    ]);
    return rowsOf<{ line: string; net: string; date: string }>(result).map(
      (r): HintTransaction => ({ category: names.get(r.line) ?? r.line, amount: Number(r.net), date: r.date }),
    );
  };
  const [now, before, nowLines, beforeLines] = await Promise.all([
    largest(current),
    largest(previous),
    salesByCategory(db, userId, current),
    salesByCategory(db, userId, previous),
  ]);
  const changes = new Map<string, CategoryChange>();
  for (const l of nowLines) changes.set(l.name, { category: l.name, current: l.pence, previous: 0 });
  for (const l of beforeLines) {
    const known = changes.get(l.name) ?? { category: l.name, current: 0, previous: 0 };
    changes.set(l.name, { ...known, previous: l.pence });
  }
  return changeHint({
    tile: 'revenue',
    categories: [...changes.values()],
    largest: { current: now, previous: before },
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
    ...(name === 'revenuePerClient' ? { coverage: clientCoverageNote(knownPayerPercent(thisPeriod)) } : {}),
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

/** One line of a report's group: its category (a sales line's key for sales), name, total and transactions. */
export interface CategoryLine {
  key: string;
  name: string;
  /** Net of VAT, pence, signed as the line shows it (an expense positive, a refund negative). */
  pence: number;
  transactions: number;
  /** A sales category's items (docs/finance.md, "What was sold"); none for other lines. */
  items?: CategoryLine[];
}

/**
 * Lines of one group by category, largest first, each with how many transactions it groups; amounts net of VAT, and
 * without rows that are wholly VAT (docs/finance.md, "VAT"). Sales are the lines of what was sold (sales-lines.ts):
 * the service categories with their items, retail products and gift vouchers, then the sales without item detail,
 * card payouts and refunds.
 */
export async function categoryLines(
  db: Db,
  userId: string,
  what: LineGroup,
  range?: ComparedPeriod,
): Promise<CategoryLine[]> {
  if (what === 'sales') {
    const lines = await salesByCategory(db, userId, range ?? ALL_DAYS);
    return lines.map((l) => ({
      key: l.key,
      name: l.name,
      pence: l.pence,
      transactions: l.transactions,
      items: l.items.map((i) => ({ key: i.key, name: i.name, pence: i.pence, transactions: i.parts })),
    }));
  }
  const { kinds, sign } = LINE_GROUPS[what];
  const rows = await db
    .select({ category: lt.category, total: sql<string>`sum(${netAmount})`, count: sql<string>`count(*)` })
    .from(lt)
    .where(
      and(eq(lt.userId, userId), inArray(lt.kind, [...kinds]), IN_PROFIT_AND_LOSS, range ? inPeriod(range) : undefined),
    )
    .groupBy(lt.category)
    .orderBy(sql`abs(sum(${netAmount})) desc`, lt.category);
  return rows.map((r) => ({
    key: r.category,
    name: r.category,
    pence: sign * Number(r.total),
    transactions: Number(r.count),
  }));
}

/** Every day there is: the sales calls without a month (get-all-sales) cover the whole of the books. */
const ALL_DAYS: ComparedPeriod = { from: '1900-01-01', to: '9999-12-31' };

/** '3 transactions'. */
export const transactionsText = (count: number) =>
  `${count.toLocaleString('en-GB')} transaction${count === 1 ? '' : 's'}`;

/** The spec's lines of a group (description, amount in pounds, the count as subtext): categoryLines as the calls give them. */
export async function groupedLines(
  db: Db,
  userId: string,
  what: LineGroup,
  range?: ComparedPeriod,
): Promise<LedgerLine[]> {
  const lines = await categoryLines(db, userId, what, range);
  return lines.map((l) => ({
    description: l.name,
    amount: toPounds(l.pence),
    subtext: transactionsText(l.transactions),
  }));
}
