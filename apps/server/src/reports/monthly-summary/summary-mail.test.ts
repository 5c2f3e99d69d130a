import { describe, expect, it } from 'vitest';
import { monthlySummaryMail } from './summary-mail.js';

const pdf = { filename: 'income_statement_report_june.pdf', contentType: 'application/pdf', base64: '' };
const month = (revenuePence: number, otherIncomePence: number, expensesPence: number) => {
  const netIncomePence = revenuePence + otherIncomePence - expensesPence;
  return {
    revenuePence,
    otherIncomePence,
    expensesPence,
    netIncomePence,
    marginPercent: Math.round((netIncomePence / revenuePence) * 1000) / 10,
  };
};

describe('the Monthly Summary e-mail', () => {
  it('shows other income between revenue and expenses, so the lines add up to net income', () => {
    // June: £1,000 revenue + £240 room rent − £700 expenses = £540, a 54.0 % margin of revenue. May: £120 room rent.
    const mail = monthlySummaryMail(
      {
        fullName: 'Priya Shah',
        salonName: 'Shah Studio',
        settingsUrl: 'https://brade.example/main-menu/settings',
        figures: {
          month: '2026-06',
          current: month(100_000, 24_000, 70_000),
          previous: month(100_000, 12_000, 70_000),
          change: { revenue: 0, expenses: 0, netIncome: 28.6 },
          marginPoints: 12,
        },
      },
      pdf,
    );
    expect(mail.text).toContain(
      'Revenue: £1,000.00 (0.0% on May)\nOther income: £240.00 (May: £120.00)\nExpenses: £700.00 (0.0% on May)\nNet income: £540.00 (+28.6% on May)\nMargin: 54.0%',
    );
    expect(mail.text).toContain('Here is how Shah Studio did in June 2026, in money received and paid.');
  });

  it('leaves the line out when neither month had other income', () => {
    const mail = monthlySummaryMail(
      {
        fullName: 'Priya Shah',
        salonName: 'Shah Studio',
        settingsUrl: 'https://brade.example/main-menu/settings',
        figures: {
          month: '2026-06',
          current: month(100_000, 0, 70_000),
          previous: month(100_000, 0, 70_000),
          change: { revenue: 0, expenses: 0, netIncome: 0 },
          marginPoints: 0,
        },
      },
      pdf,
    );
    expect(mail.text).not.toContain('Other income');
  });

  it('gives the VAT due when a VAT quarter ended with the month (beyond the spec)', () => {
    const mail = monthlySummaryMail(
      {
        fullName: 'Priya Shah',
        salonName: 'Shah Studio',
        settingsUrl: 'https://brade.example/main-menu/settings',
        figures: {
          month: '2026-06',
          current: month(100_000, 0, 70_000),
          previous: month(100_000, 0, 70_000),
          change: { revenue: 0, expenses: 0, netIncome: 0 },
          marginPoints: 0,
          vat: { from: '2026-04-01', to: '2026-06-30', duePence: 592_330, dueBy: '2026-08-07' },
        },
      },
      pdf,
    );
    expect(mail.text).toContain('VAT due: £5,923.30 (for 1 April 2026 to 30 June 2026, due by 7 August 2026)');
    expect(mail.html).toContain('VAT due');
  });
});
