import { describe, expect, it } from 'vitest';
import { formatReportPeriod, monthName, REPORT_MESSAGES, ReportRequestSchema, reportFileName } from './model.js';

describe('report file names (docs/product.md, "Constants and looks")', () => {
  it.each([
    ['sales', 4, 2026, 'sales_report_april.pdf', 'sales_report_april_2026.csv'],
    ['expense', 1, 2026, 'expense_report_january.pdf', 'expense_report_january_2026.csv'],
    ['income_statement', 12, 2025, 'income_statement_report_december.pdf', 'income_statement_report_december_2025.csv'],
  ] as const)('%s %i/%i', (type, month, year, pdf, csv) => {
    expect(reportFileName({ type, month, year }, 'pdf')).toBe(pdf);
    expect(reportFileName({ type, month, year }, 'csv')).toBe(csv);
  });
});

describe('months and periods', () => {
  it('names months in English and refuses anything else', () => {
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
    expect(() => monthName(13)).toThrow(RangeError);
  });

  it('writes a period as two long dates', () => {
    expect(formatReportPeriod({ from: '2026-04-01', to: '2026-04-15' })).toBe('1 April 2026 – 15 April 2026');
  });
});

describe('the report request', () => {
  it('takes a type and a month as the month calls do', () => {
    expect(ReportRequestSchema.parse({ type: 'sales', month: 'April', year: '2026' })).toEqual({
      type: 'sales',
      month: 4,
      year: 2026,
    });
    expect(ReportRequestSchema.parse({ type: 'income_statement', month: 12, year: 2025 }).month).toBe(12);
  });

  it.each([
    [{ type: 'profit', month: 4, year: 2026 }],
    [{ month: 4, year: 2026 }],
    [{ type: 3, month: 4, year: 2026 }],
  ])('refuses the type of %j with a sentence', (body) => {
    const result = ReportRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(REPORT_MESSAGES.typeInvalid);
  });
});
