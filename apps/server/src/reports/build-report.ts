import {
  type ComparedPeriod,
  penceToPounds,
  poundsToPence,
  REPORT_LABELS,
  REPORT_TITLES,
  type Report,
  type ReportLine,
  type ReportType,
  STATEMENT_NOTES,
} from '@brade/contract';
import { findUserById } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { type CategoryLine, categoryLines, type LineGroup, transactionsText } from '../ledger/figures.js';
import { salesLineRank } from '../ledger/sales-lines.js';
import { readVatSettings } from '../settings/vat-settings.js';
import { comparedMonths, periodLabel, reportPeriod, shiftDay } from './compared-periods.js';
import { buildVatRows } from './vat-report.js';

export { reportPeriod } from './compared-periods.js';
export { STATEMENT_NOTES };

/** Each period's figure of a row, in pence: now, the previous month, the same month last year. */
type Three = [number, number, number];

const row = (description: string, amount: number | null, flags: Partial<ReportLine> = {}): ReportLine => ({
  description,
  amount,
  header: false,
  total: false,
  net_income: false,
  ...flags,
});

/** A row with its figures: the amount and the comparisons beside it. */
const compared = (description: string, pence: Three, flags: Partial<ReportLine> = {}): ReportLine =>
  row(description, penceToPounds(pence[0]), {
    ...flags,
    compare: { previous: penceToPounds(pence[1]), last_year: penceToPounds(pence[2]) },
  });

async function reportTo(db: Db, userId: string): Promise<Report['report_to']> {
  const user = await findUserById(db, userId);
  const name = user?.salonName?.trim() || user?.fullName || '';
  const address = [user?.businessAddress, user?.postcode, user?.state, user?.country]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return { name, address_lines: address };
}

/** One line across the three periods: its name, each period's version (null where it had none). */
interface MergedLine {
  key: string;
  name: string;
  lines: [CategoryLine | null, CategoryLine | null, CategoryLine | null];
}

/**
 * The lines of the three periods side by side, by key: the current period's in its order, then the lines only an
 * earlier period had (they show 0 now, so a line that stopped still explains the change), in that period's order.
 */
function mergeLines(periods: [CategoryLine[], CategoryLine[], CategoryLine[]]): MergedLine[] {
  const merged = new Map<string, MergedLine>();
  periods.forEach((lines, p) => {
    for (const line of lines) {
      const known = merged.get(line.key) ?? { key: line.key, name: line.name, lines: [null, null, null] };
      known.lines[p] = line;
      merged.set(line.key, known);
    }
  });
  return [...merged.values()];
}

const penceOf = (m: MergedLine): Three => [m.lines[0]?.pence ?? 0, m.lines[1]?.pence ?? 0, m.lines[2]?.pence ?? 0];
const sumOf = (lines: MergedLine[]): Three =>
  lines.reduce<Three>(
    (t, m) => {
      const p = penceOf(m);
      return [t[0] + p[0], t[1] + p[1], t[2] + p[2]];
    },
    [0, 0, 0],
  );
const minus = (a: Three, b: Three): Three => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const plus = (a: Three, b: Three): Three => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];

/** A category's line: its figures, the current period's count of transactions, and for a sales line its items. */
function lineRows(m: MergedLine, withItems: boolean): ReportLine[] {
  const now = m.lines[0];
  const rows = [compared(m.name, penceOf(m), now ? { subtext: transactionsText(now.transactions) } : {})];
  if (withItems) {
    const items = mergeLines([m.lines[0]?.items ?? [], m.lines[1]?.items ?? [], m.lines[2]?.items ?? []]);
    for (const item of items) rows.push(compared(item.name, penceOf(item), { level: 1 }));
  }
  return rows;
}

/** A note under the statement: a header, its lines and their net, or nothing when no period has any. */
function note(header: string, lines: MergedLine[], totalLabel: string): ReportLine[] {
  if (lines.length === 0) return [];
  return [
    row(header, null, { header: true }),
    ...lines.flatMap((m) => lineRows(m, false)),
    compared(totalLabel, sumOf(lines), { total: true }),
  ];
}

type Groups = Record<LineGroup, MergedLine[]>;

/** Every group a report of this type shows, for the three periods, merged line by line. */
async function groupsOf(db: Db, userId: string, type: ReportType, periods: ComparedPeriod[]): Promise<Groups> {
  const statement = type === 'income_statement';
  const wanted: Record<LineGroup, boolean> = {
    sales: statement || type === 'sales',
    otherIncome: statement,
    expenses: statement || type === 'expense',
    corporationTax: statement,
    ownerMoney: statement,
    loans: statement,
  };
  const names = Object.keys(wanted) as LineGroup[];
  const results = await Promise.all(
    names.map(async (group) => {
      if (!wanted[group]) return [];
      const periodLines = await Promise.all(periods.map((p) => categoryLines(db, userId, group, p)));
      const merged = mergeLines(periodLines as [CategoryLine[], CategoryLine[], CategoryLine[]]);
      // A sales line only an earlier month had still sits in its section (services, retail, …).
      return group === 'sales' ? merged.sort((a, b) => salesLineRank(a.key) - salesLineRank(b.key)) : merged;
    }),
  );
  return Object.fromEntries(names.map((group, i) => [group, results[i]!])) as Groups;
}

/**
 * The rows of the sales, expense or income statement report (docs/finance.md, "The income statement"), on a cash
 * basis, each with the previous month's and the same month last year's figure beside it. The sales report lists its
 * categories with what each sold under it (docs/finance.md, "What was sold"); the income statement its categories
 * under Revenue, then other income, the expense lines and Net Income (Total Revenue less Total Expenses: profit
 * before tax); then, where any period has them, Corporation Tax paid and Profit after tax, and the owner's money and
 * loans as notes outside the profit and loss.
 */
function statementRows(type: ReportType, g: Groups): ReportLine[] {
  if (type !== 'income_statement') {
    const shown = type === 'sales' ? g.sales : g.expenses;
    return [
      ...shown.flatMap((m) => lineRows(m, type === 'sales')),
      compared(REPORT_LABELS.total, sumOf(shown), { total: true }),
    ];
  }
  const revenue = plus(sumOf(g.sales), sumOf(g.otherIncome));
  const costs = sumOf(g.expenses);
  const netIncome = minus(revenue, costs);
  const tax = sumOf(g.corporationTax);
  return [
    row(REPORT_LABELS.revenue, null, { header: true }),
    ...[...g.sales, ...g.otherIncome].flatMap((m) => lineRows(m, false)),
    compared(REPORT_LABELS.totalRevenue, revenue, { total: true }),
    row(REPORT_LABELS.expenses, null, { header: true }),
    ...g.expenses.flatMap((m) => lineRows(m, false)),
    compared(REPORT_LABELS.totalExpenses, costs, { total: true }),
    compared(REPORT_LABELS.netIncome, netIncome, { net_income: true }),
    ...(g.corporationTax.length > 0
      ? [
          compared(
            STATEMENT_NOTES.corporationTax,
            tax,
            g.corporationTax[0]!.lines[0]
              ? { subtext: transactionsText(g.corporationTax[0]!.lines[0].transactions) }
              : {},
          ),
          compared(STATEMENT_NOTES.profitAfterTax, minus(netIncome, tax), { total: true }),
        ]
      : []),
    ...note(STATEMENT_NOTES.ownerMoney, g.ownerMoney, STATEMENT_NOTES.ownerMoneyNet),
    ...note(STATEMENT_NOTES.loans, g.loans, STATEMENT_NOTES.loansNet),
  ];
}

/**
 * The VAT view with its comparisons: the previous quarter and the same quarter last year (the twelve months ending a
 * month and a year earlier for a business that is not registered), each as of the same point of its own period.
 * Rows line up by their descriptions.
 */
async function vatReport(db: Db, userId: string, month: string, today: string) {
  const settings = await readVatSettings(db, userId);
  const shift = settings.scheme === 'not_registered' ? 1 : 3;
  const [current, previous, lastYear] = await Promise.all([
    buildVatRows(db, userId, settings, month, today),
    buildVatRows(db, userId, settings, shiftDay(`${month}-01`, -shift).slice(0, 7), shiftDay(today, -shift)),
    buildVatRows(db, userId, settings, shiftDay(`${month}-01`, -12).slice(0, 7), shiftDay(today, -12)),
  ]);
  const amountOf = (rows: ReportLine[], description: string) =>
    poundsToPence(rows.find((r) => r.description === description)?.amount ?? 0);
  const rows = current.rows.map((r) =>
    r.amount === null
      ? r
      : {
          ...r,
          compare: {
            previous: penceToPounds(amountOf(previous.rows, r.description)),
            last_year: penceToPounds(amountOf(lastYear.rows, r.description)),
          },
        },
  );
  return {
    period: current.period,
    rows,
    comparison: {
      previous: { label: periodLabel(previous.period), ...previous.period },
      last_year: { label: periodLabel(lastYear.period), ...lastYear.period },
    },
  };
}

/**
 * One report for one Europe/London month, with the comparison columns (docs/finance.md, "Comparisons"). `today` (and
 * the time of day, 'HH:MM') ends a month in progress and cuts the periods it is compared with to the same point.
 */
export async function buildReport(
  db: Db,
  userId: string,
  request: { type: ReportType; month: number; year: number },
  today: string,
  time?: string,
): Promise<Report> {
  const month = `${request.year}-${String(request.month).padStart(2, '0')}`;
  const head = { type: request.type, title: REPORT_TITLES[request.type], month: request.month, year: request.year };
  if (request.type === 'vat') {
    const [vat, to] = await Promise.all([vatReport(db, userId, month, today), reportTo(db, userId)]);
    return { ...head, period: vat.period, report_to: to, rows: vat.rows, comparison: vat.comparison };
  }
  const periods = comparedMonths(month, today, time);
  const [groups, to] = await Promise.all([
    groupsOf(db, userId, request.type, [periods.current, periods.previous, periods.lastYear]),
    reportTo(db, userId),
  ]);
  return {
    ...head,
    period: reportPeriod(request, today),
    report_to: to,
    rows: statementRows(request.type, groups),
    comparison: {
      previous: { label: periodLabel(periods.previous), ...periods.previous },
      last_year: { label: periodLabel(periods.lastYear), ...periods.lastYear },
    },
  };
}
