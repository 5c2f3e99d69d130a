import { penceToPounds } from '../money.js';
import type { Report, ReportLine } from './model.js';

/** Fixtures for the tests and bench/report-pdf.mjs; not part of the package's entry points. */

export const line = (
  description: string,
  amount: number | null,
  flags: Partial<Pick<ReportLine, 'header' | 'total' | 'net_income' | 'subtext' | 'level' | 'compare'>> = {},
): ReportLine => ({ description, amount, header: false, total: false, net_income: false, ...flags });

const was = (previous: number, last_year: number) => ({ compare: { previous, last_year } });

/**
 * An October sales report in progress by category then item, with its comparisons (docs/finance.md, "Comparisons"):
 * the same days of September and of October last year.
 */
export function sampleSalesWithComparisons(): Report {
  return {
    ...hartAndCo,
    month: 10,
    period: { from: '2026-10-01', to: '2026-10-15' },
    type: 'sales',
    title: 'Sales Report',
    rows: [
      line('Colour', 160, { subtext: '2 transactions', ...was(100, 0) }),
      line('Full head colour', 130, { level: 1, ...was(100, 0) }),
      line('Root touch-up', 30, { level: 1, ...was(0, 0) }),
      line('Retail products', 25, { subtext: '1 transaction', ...was(50, 20) }),
      line('Olaplex No.3', 25, { level: 1, ...was(50, 20) }),
      line('SumUp card sales without item detail', 40, { subtext: '1 transaction', ...was(40, 10) }),
      line('Refunds', -10.5, { subtext: '1 transaction', ...was(0, -2.25) }),
      line('Total', 214.5, { total: true, ...was(190, 27.75) }),
    ],
    comparison: {
      previous: { label: '1–15 Sep 2026 to 09:00', from: '2026-09-01', to: '2026-09-15', until: '09:00' },
      last_year: { label: '1–15 Oct 2025 to 09:00', from: '2025-10-01', to: '2025-10-15', until: '09:00' },
    },
  };
}

const hartAndCo = {
  month: 4,
  year: 2026,
  period: { from: '2026-04-01', to: '2026-04-30' },
  report_to: {
    name: 'Hart & Co Hair',
    address_lines: ['14 Market Street, Harrogate', 'HG1 1BT', 'England', 'United Kingdom'],
  },
};

export function sampleIncomeStatement(): Report {
  return {
    ...hartAndCo,
    type: 'income_statement',
    title: 'Income Statement',
    rows: [
      line('Revenue', null, { header: true }),
      line('Cut & finish', 50, { subtext: '1 transaction' }),
      line('Gel manicure', 40, { subtext: '1 transaction' }),
      line('Refunds', -10, { subtext: '1 transaction' }),
      line('Total Revenue', 80, { total: true }),
      line('Expenses', null, { header: true }),
      line('Rent', 1200, { subtext: '1 transaction' }),
      line('Card processing fees', 1.2, { subtext: '1 transaction' }),
      line('Total Expenses', 1201.2, { total: true }),
      line('Net Income', -1121.2, { net_income: true }),
    ],
  };
}

const SERVICES = ['Cut & finish', 'Blow-dry', 'Full head colour', 'Gel manicure', 'Balayage', 'Brow shape'];

/** A Sales Report listing `count` sales one per row (amounts £20.00 to £69.99), then the Total row. */
export function salesReportOfManySales(count: number): Report {
  let totalPence = 0;
  const rows = Array.from({ length: count }, (_, i) => {
    const pence = 2000 + ((i * 7919) % 5000);
    totalPence += pence;
    const service = SERVICES[i % SERVICES.length]!;
    return line(`${service} #${i + 1}`, penceToPounds(pence), { subtext: `${1 + (i % 30)} April 2026 · card` });
  });
  return {
    ...hartAndCo,
    type: 'sales',
    title: 'Sales Report',
    rows: [...rows, line('Total', penceToPounds(totalPence), { total: true })],
  };
}
