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
} from '@brade/contract';
import { findUserById } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { groupedLines, type LedgerLine, toPounds } from '../ledger/figures.js';

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

/**
 * One report for one Europe/London month (docs/product.md, "Constants and looks"): sales and expense lines as the month
 * calls group them (category, largest first, with the count as subtext) ending in a Total row; the income statement
 * puts revenue (sales less refunds, docs/finance.md) over expenses and ends in Net Income. `today` ends the current
 * month.
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
  const wants = (what: 'sales' | 'expenses') =>
    request.type === 'income_statement' || request.type === (what === 'sales' ? 'sales' : 'expense');
  const [sales, expenses, to] = await Promise.all([
    wants('sales') ? groupedLines(db, userId, 'sales', period) : [],
    wants('expenses') ? groupedLines(db, userId, 'expenses', period) : [],
    reportTo(db, userId),
  ]);

  let rows: ReportLine[];
  if (request.type === 'income_statement') {
    const revenue = totalPence(sales);
    const costs = totalPence(expenses);
    rows = [
      row(REPORT_LABELS.revenue, null, { header: true }),
      ...sales.map(item),
      row(REPORT_LABELS.totalRevenue, toPounds(revenue), { total: true }),
      row(REPORT_LABELS.expenses, null, { header: true }),
      ...expenses.map(item),
      row(REPORT_LABELS.totalExpenses, toPounds(costs), { total: true }),
      row(REPORT_LABELS.netIncome, toPounds(revenue - costs), { net_income: true }),
    ];
  } else {
    const lines = request.type === 'sales' ? sales : expenses;
    rows = [...lines.map(item), row(REPORT_LABELS.total, toPounds(totalPence(lines)), { total: true })];
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
