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

  it('names what the other income was, so the owner who adds the lines up knows what the extra is', () => {
    const mail = monthlySummaryMail(
      {
        fullName: 'Priya Shah',
        salonName: 'Shah Studio',
        settingsUrl: 'https://brade.example/main-menu/settings',
        figures: {
          month: '2026-06',
          current: { ...month(100_000, 24_500, 70_000), otherIncomeCategories: ['Room rent', 'Interest received'] },
          previous: month(100_000, 12_000, 70_000),
          change: { revenue: 0, expenses: 0, netIncome: 28.6 },
          marginPoints: 12,
        },
      },
      pdf,
    );
    expect(mail.text).toContain('Other income: £245.00 (room rent, interest received; May: £120.00)');
    // £1,000.00 + £245.00 − £700.00 = £545.00: net income is worked out from the lines above it.
    expect(mail.text).toContain('Net income: £545.00');
    expect(mail.html).toContain('room rent, interest received; May: £120.00');
  });

  it('judges no month against goals the owner never saved, and says how to set them', () => {
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
          goals: null,
        },
      },
      pdf,
    );
    expect(mail.text).not.toMatch(/Your goals in|goal: (met|not met)|target: (met|not met)/);
    expect(mail.text).toContain(
      'You have not set your goals yet: set them in Settings to see each month against them.',
    );
    expect(mail.html).toContain('You have not set your goals yet');
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

  it('adds "VAT return due in 7 days" when HMRC shows a return open and due within the week (beyond the spec)', () => {
    const mail = monthlySummaryMail(
      {
        fullName: 'Priya Shah',
        salonName: 'Shah Studio',
        settingsUrl: 'https://brade.example/main-menu/settings',
        figures: {
          month: '2026-04',
          current: month(100_000, 0, 70_000),
          previous: month(100_000, 0, 70_000),
          change: { revenue: 0, expenses: 0, netIncome: 0 },
          marginPoints: 0,
          vatReturnDue: { start: '2026-01-01', end: '2026-03-31', due: '2026-05-07' },
        },
      },
      pdf,
    );
    expect(mail.text).toContain(
      'VAT return due in 7 days: by 7 May 2026 (for 1 January 2026 to 31 March 2026: file it from Brade)',
    );
    expect(mail.html).toContain('VAT return due in 7 days');
  });

  it('says which goals the month met, one line each, in the text and the HTML', () => {
    // June: £1,000 revenue − £700 expenses = £300, a 30.0 % margin: over the 25 % goal. Revenue £1,000 is under the
    // £1,200 target. Retention: the latest measured month is March (its new clients' 90 days ended in June), 11 of 30
    // = 36.7 %, under the 40 % goal.
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
          goals: {
            margin: { percent: 30, goal: 25, met: true },
            revenue: { revenuePence: 100_000, targetPence: 120_000, met: false },
            retention: { month: '2026-03', percent: 36.7, goal: 40, met: false },
          },
        },
      },
      pdf,
    );
    expect(mail.text).toContain(
      [
        'Your goals in June 2026:',
        'Margin goal: met (30.0% against a goal of 25%)',
        'Revenue target: not met (£1,000.00 against a target of £1,200.00)',
        "New-client retention goal: not met (36.7% of March 2026's new clients came back within 90 days, against a goal of 40%)",
      ].join('\n'),
    );
    // The goals come after the figures and before the attachment's line.
    expect(mail.text.indexOf('Margin: 30.0%')).toBeLessThan(mail.text.indexOf('Your goals in June 2026'));
    expect(mail.text.indexOf('Your goals in June 2026')).toBeLessThan(mail.text.indexOf('is attached'));
    expect(mail.html).toContain('Your goals in June 2026');
    expect(mail.html).toMatch(/Revenue target<\/td>\s*<td[^>]*>not met<\/td>/);
    expect(mail.html).toContain(
      '36.7% of March 2026&#39;s new clients came back within 90 days, against a goal of 40%',
    );
  });

  it('says a goal is not measured when the month had no revenue or no month has its 90 days yet', () => {
    const none = {
      revenuePence: 0,
      otherIncomePence: 0,
      expensesPence: 5_000,
      netIncomePence: -5_000,
      marginPercent: null,
    };
    const mail = monthlySummaryMail(
      {
        fullName: 'Priya Shah',
        salonName: 'Shah Studio',
        settingsUrl: 'https://brade.example/main-menu/settings',
        figures: {
          month: '2026-06',
          current: none,
          previous: none,
          change: { revenue: null, expenses: 0, netIncome: 0 },
          marginPoints: null,
          goals: {
            margin: { percent: null, goal: 8, met: null },
            revenue: { revenuePence: 0, targetPence: 0, met: true },
            retention: null,
          },
        },
      },
      pdf,
    );
    expect(mail.text).toContain('Margin goal: not measured (no revenue, goal 8%)');
    // A £0 target is reached by any month.
    expect(mail.text).toContain('Revenue target: met (£0.00 against a target of £0.00)');
    expect(mail.text).toContain('New-client retention goal: not measured yet (clients need 90 days to come back)');
  });

  it('has no goals section without goals', () => {
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
    expect(mail.text).not.toContain('Your goals');
    expect(mail.html).not.toContain('Your goals');
  });
});
