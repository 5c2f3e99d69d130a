import {
  firstDayOf,
  lastDayOf,
  monthOf,
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
import { groupedLines, type LedgerLine, type LineGroup, toPounds } from '../ledger/figures.js';
import { readVatSettings } from '../settings/vat-settings.js';
import { buildVatRows } from './vat-report.js';

const row = (description: string, amount: number | null, flags: Partial<ReportLine> = {}): ReportLine => ({
  description,
  amount,
  header: false,
  total: false,
  net_income: false,
  ...flags,
});

const item = (line: LedgerLine): ReportLine => row(line.description, line.amount, { subtext: line.subtext });

/** Totals add whole pence, so a report's Total is exactly the sum of its printed lines. */
const totalPence = (lines: LedgerLine[]) => lines.reduce((sum, line) => sum + poundsToPence(line.amount), 0);

async function reportTo(db: Db, userId: string): Promise<Report['report_to']> {
  const user = await findUserById(db, userId);
  const name = user?.salonName?.trim() || user?.fullName || '';
  const address = [user?.businessAddress, user?.postcode, user?.state, user?.country]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return { name, address_lines: address };
}

export { STATEMENT_NOTES };

/** A note under the statement: a header, its lines and their net, or nothing when the month has none. */
function note(header: string, lines: LedgerLine[], totalLabel: string): ReportLine[] {
  if (lines.length === 0) return [];
  return [
    row(header, null, { header: true }),
    ...lines.map(item),
    row(totalLabel, toPounds(totalPence(lines)), { total: true }),
  ];
}

/**
 * One report for one Europe/London month (docs/finance.md, "The income statement"), on a cash basis: sales and
 * expense lines as the month calls group them (category, largest first, with the count as subtext) ending in a Total
 * row. The income statement lists the sales lines and then the other-income lines under Revenue, the expense lines,
 * and Net Income (Total Revenue less Total Expenses: profit before tax); then, where the month has any, Corporation
 * Tax paid and Profit after tax, and the owner's money and loans as notes outside the profit and loss
 * (docs/finance.md). `today` ends the current month.
 */
export async function buildReport(
  db: Db,
  userId: string,
  request: { type: ReportType; month: number; year: number },
  today: string,
): Promise<Report> {
  const month = `${request.year}-${String(request.month).padStart(2, '0')}`;
  const last = lastDayOf(month);
  const period = { from: firstDayOf(month), to: monthOf(today) === month && today < last ? today : last };
  if (request.type === 'vat') {
    const settings = await readVatSettings(db, userId);
    const [vat, to] = await Promise.all([buildVatRows(db, userId, settings, month, today), reportTo(db, userId)]);
    const { month: m, year } = request;
    return { type: 'vat', title: REPORT_TITLES.vat, month: m, year, period: vat.period, report_to: to, rows: vat.rows };
  }
  const statement = request.type === 'income_statement';
  const lines = (what: LineGroup, wanted: boolean) => (wanted ? groupedLines(db, userId, what, period) : []);
  const [sales, otherIncome, expenses, corporationTax, ownerMoney, loans, to] = await Promise.all([
    lines('sales', statement || request.type === 'sales'),
    lines('otherIncome', statement),
    lines('expenses', statement || request.type === 'expense'),
    lines('corporationTax', statement),
    lines('ownerMoney', statement),
    lines('loans', statement),
    reportTo(db, userId),
  ]);

  let rows: ReportLine[];
  if (statement) {
    const revenue = totalPence(sales) + totalPence(otherIncome);
    const costs = totalPence(expenses);
    const netIncome = revenue - costs;
    const tax = totalPence(corporationTax);
    rows = [
      row(REPORT_LABELS.revenue, null, { header: true }),
      ...sales.map(item),
      ...otherIncome.map(item),
      row(REPORT_LABELS.totalRevenue, toPounds(revenue), { total: true }),
      row(REPORT_LABELS.expenses, null, { header: true }),
      ...expenses.map(item),
      row(REPORT_LABELS.totalExpenses, toPounds(costs), { total: true }),
      row(REPORT_LABELS.netIncome, toPounds(netIncome), { net_income: true }),
      ...(corporationTax.length > 0
        ? [
            row(STATEMENT_NOTES.corporationTax, toPounds(tax), { subtext: corporationTax[0]!.subtext }),
            row(STATEMENT_NOTES.profitAfterTax, toPounds(netIncome - tax), { total: true }),
          ]
        : []),
      ...note(STATEMENT_NOTES.ownerMoney, ownerMoney, STATEMENT_NOTES.ownerMoneyNet),
      ...note(STATEMENT_NOTES.loans, loans, STATEMENT_NOTES.loansNet),
    ];
  } else {
    const shown = request.type === 'sales' ? sales : expenses;
    rows = [...shown.map(item), row(REPORT_LABELS.total, toPounds(totalPence(shown)), { total: true })];
  }
  return {
    type: request.type,
    title: REPORT_TITLES[request.type],
    month: request.month,
    year: request.year,
    period,
    report_to: to,
    rows,
  };
}
