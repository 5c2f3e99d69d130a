import { describe, expect, it } from 'vitest';
import { reportMonths, reportMonthsOf } from './report-months';

describe('reportMonths', () => {
  it('lists January of this year up to this month, newest first', () => {
    expect(reportMonths('2026-04-15')).toEqual([
      { month: 4, year: 2026, label: 'April 2026', current: true },
      { month: 3, year: 2026, label: 'March 2026', current: false },
      { month: 2, year: 2026, label: 'February 2026', current: false },
      { month: 1, year: 2026, label: 'January 2026', current: false },
    ]);
  });

  it('has only January on New Year’s Day and all twelve months on New Year’s Eve', () => {
    expect(reportMonths('2027-01-01').map((m) => m.label)).toEqual(['January 2027']);
    const december = reportMonths('2026-12-31');
    expect(december).toHaveLength(12);
    expect(december[0]!.label).toBe('December 2026');
    expect(december.at(-1)!.label).toBe('January 2026');
  });
});

describe('reportMonthsOf', () => {
  it('lists the spec’s months for this year and all twelve, December first, for an earlier year', () => {
    expect(reportMonthsOf('2026-04-15', 2026)).toEqual(reportMonths('2026-04-15'));
    const last = reportMonthsOf('2027-01-01', 2026);
    expect(last).toHaveLength(12);
    expect(last[0]).toEqual({ month: 12, year: 2026, label: 'December 2026', current: false });
    expect(last.at(-1)!.label).toBe('January 2026');
  });
});
