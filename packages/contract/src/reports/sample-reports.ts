import { penceToPounds } from '../money.js';
import type { Report, ReportLine } from './model.js';

/** Fixtures for the tests and bench/report-pdf.mjs; not part of the package's entry points. */

export const line = (
  description: string,
  amount: number | null,
  flags: Partial<Pick<ReportLine, 'header' | 'total' | 'net_income' | 'subtext'>> = {},
): ReportLine => ({ description, amount, header: false, total: false, net_income: false, ...flags });

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
