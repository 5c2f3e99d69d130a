import { z } from 'zod';
import { lazy } from '../lazy.js';
import { MonthRequestSchema } from '../ledger/schemas.js';

/**
 * The three reports of docs/product.md, "Screens and routes". These values are also the `{type}` of the spec's file
 * names (`sales_report_april.pdf`, `expense_report_april_2026.csv`, `income_statement_report_april.pdf`). `vat`, the
 * VAT view of the month's VAT quarter, is beyond the spec (docs/finance.md, "VAT").
 */
export const REPORT_TYPES = ['sales', 'expense', 'income_statement', 'vat'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Each report's title, as its tab and its PDF read. */
export const REPORT_TITLES: Record<ReportType, string> = {
  sales: 'Sales Report',
  expense: 'Expense Report',
  income_statement: 'Income Statement',
  vat: 'VAT',
};

/** The rows of the VAT view (docs/finance.md, "The VAT view"). */
export const VAT_REPORT_LABELS = {
  output: 'Output VAT',
  input: 'Input VAT',
  due: 'VAT due',
  paid: 'VAT paid',
  flatTurnover: 'Flat-rate turnover',
  flatRate: 'Flat rate',
  limitedCostTest: 'Limited-cost-trader test',
  leaveFlatRate: 'Leave the Flat Rate Scheme',
  forwardLook: 'Next 30 days',
  taxableTurnover: 'Taxable turnover, last 12 months',
  threshold: 'Registration threshold',
  registrationDue: 'Registration due',
} as const;

/** The fixed labels of the report rows (docs/product.md, "Constants and looks"). */
export const REPORT_LABELS = {
  total: 'Total',
  revenue: 'Revenue',
  totalRevenue: 'Total Revenue',
  expenses: 'Expenses',
  totalExpenses: 'Total Expenses',
  netIncome: 'Net Income',
} as const;

/** Labels of the rows the income statement adds after the spec's Net Income (docs/finance.md). */
export const STATEMENT_NOTES = {
  corporationTax: 'Corporation Tax paid',
  profitAfterTax: 'Profit after tax',
  ownerMoney: "Owner's money (not in the profit and loss)",
  ownerMoneyNet: "Owner's money, net",
  loans: 'Loans (not in the profit and loss)',
  loansNet: 'Loans, net',
} as const;

/** Every figure is cash received and paid (docs/finance.md): the reports and the dashboard's tiles say so. */
export const CASH_BASIS_NOTE = 'Cash basis: money received and paid';

export const REPORT_MESSAGES = {
  typeInvalid: 'Report type must be sales, expense or income_statement',
  outOfRange: 'Reports cover only the current calendar year up to the current month.',
} as const;

/**
 * One row of a report (docs/product.md, "What the app keeps": "description, amount, subtext, flags for header, total
 * and net income"). Amounts are pounds with two decimals; a header row ('Revenue', 'Expenses') has no amount (null).
 */
export const ReportLineSchema = lazy(() =>
  z.object({
    description: z.string(),
    amount: z.number().nullable(),
    subtext: z.string().optional(),
    header: z.boolean(),
    total: z.boolean(),
    net_income: z.boolean(),
    /**
     * Beyond the spec: 1 for a breakdown of the line above it (an item of a sales category), not added to any total
     * (docs/finance.md, "What was sold").
     */
    level: z.literal(1).optional(),
    /**
     * Beyond the spec: the same line in the previous month and the same month last year, in pounds (0 when the line had
     * nothing then); absent on a row without an amount (docs/finance.md, "Comparisons").
     */
    compare: z.object({ previous: z.number(), last_year: z.number() }).optional(),
  }),
);
export type ReportLine = z.infer<typeof ReportLineSchema>;

const isoDay = lazy(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** Everything a report shows, built once on the server and rendered to PDF or CSV by the same code everywhere. */
export const ReportSchema = lazy(() =>
  z.object({
    type: z.enum(REPORT_TYPES),
    title: z.string(),
    month: z.number().int().min(1).max(12),
    year: z.number().int(),
    /** Europe/London days; the current month ends today (month to date). */
    period: z.object({ from: isoDay, to: isoDay }),
    /** The 'Report to' block: the business name and its address, one line each. */
    report_to: z.object({ name: z.string(), address_lines: z.array(z.string()) }),
    rows: z.array(ReportLineSchema),
    /**
     * Beyond the spec: what the comparison columns hold (docs/finance.md, "Comparisons"): the previous month and the
     * same month last year (the VAT view: the previous quarter and the same quarter last year), each cut to the same
     * days and time of day as a month in progress, with the label its columns read.
     */
    comparison: z
      .object({
        previous: z.object({ label: z.string(), from: isoDay, to: isoDay, until: z.string().optional() }),
        last_year: z.object({ label: z.string(), from: isoDay, to: isoDay, until: z.string().optional() }),
      })
      .optional(),
  }),
);
export type Report = z.infer<typeof ReportSchema>;

export const ReportResponseSchema = lazy(() => z.object({ report: ReportSchema }));

export const ReportRequestSchema = lazy(() =>
  MonthRequestSchema.extend({
    type: z.enum(REPORT_TYPES, { error: REPORT_MESSAGES.typeInvalid }),
  }),
);
export type ReportRequest = z.infer<typeof ReportRequestSchema>;

export const MONTH_NAMES_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'April' for 4. */
export function monthName(month: number): string {
  const name = MONTH_NAMES_EN[month - 1];
  if (!name) throw new RangeError(`No month ${month}`);
  return name;
}

/**
 * The spec's file names: `{type}_report_{month}.pdf` and `{type}_report_{month}_{year}.csv`, with `month` the
 * English month name in lower case ('income_statement_report_april.pdf', 'sales_report_april_2026.csv').
 */
export function reportFileName(report: Pick<Report, 'type' | 'month' | 'year'>, format: 'pdf' | 'csv'): string {
  const month = monthName(report.month).toLowerCase();
  return format === 'pdf' ? `${report.type}_report_${month}.pdf` : `${report.type}_report_${month}_${report.year}.csv`;
}

function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${monthName(month)} ${year}`;
}

/** '1 April 2026 – 30 April 2026'. */
export function formatReportPeriod(period: Report['period']): string {
  return `${longDay(period.from)} – ${longDay(period.to)}`;
}
