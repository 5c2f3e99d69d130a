import { describe, expect, it } from 'vitest';
import { periodHolding, taxYearOfDay, updatePeriods, updateYearOfDay } from './tax-year.js';

describe('tax years and update periods', () => {
  it('puts 5 April in the old tax year and 6 April in the new one', () => {
    expect(taxYearOfDay('2026-04-05')).toBe('2025-26');
    expect(taxYearOfDay('2026-04-06')).toBe('2026-27');
    expect(taxYearOfDay('2026-12-31')).toBe('2026-27');
    expect(taxYearOfDay('2099-04-06')).toBe('2099-00');
  });

  it('gives the standard cumulative periods from 6 April with their deadlines', () => {
    expect(updatePeriods('2026-27', 'standard').map((p) => [p.start, p.end, p.due])).toEqual([
      ['2026-04-06', '2026-07-05', '2026-08-07'],
      ['2026-04-06', '2026-10-05', '2026-11-07'],
      ['2026-04-06', '2027-01-05', '2027-02-07'],
      ['2026-04-06', '2027-04-05', '2027-05-07'],
    ]);
  });

  it('gives the calendar periods from 1 April with the same deadlines', () => {
    expect(updatePeriods('2026-27', 'calendar').map((p) => [p.start, p.end, p.due])).toEqual([
      ['2026-04-01', '2026-06-30', '2026-08-07'],
      ['2026-04-01', '2026-09-30', '2026-11-07'],
      ['2026-04-01', '2026-12-31', '2027-02-07'],
      ['2026-04-01', '2027-03-31', '2027-05-07'],
    ]);
  });

  it('puts 1 to 5 April in the next year with calendar quarters only', () => {
    expect(updateYearOfDay('2027-04-03', 'calendar')).toBe('2027-28');
    expect(updateYearOfDay('2027-04-03', 'standard')).toBe('2026-27');
    expect(periodHolding('2027-04-03', 'standard').end).toBe('2027-04-05');
    expect(periodHolding('2027-04-03', 'calendar').end).toBe('2027-06-30');
    expect(periodHolding('2026-07-05', 'standard').quarter).toBe(1);
    expect(periodHolding('2026-07-06', 'standard').quarter).toBe(2);
  });
});
