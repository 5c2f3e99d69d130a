import { describe, expect, it } from 'vitest';
import { addWorkingDays, isBankHoliday, isWorkingDay } from './bank-holidays';
import { dateOf, dayNumberOf } from './calendar';

/** England & Wales bank holidays as published on gov.uk/bank-holidays. */
const GOV_UK: Record<number, string[]> = {
  2024: ['01-01', '03-29', '04-01', '05-06', '05-27', '08-26', '12-25', '12-26'],
  2025: ['01-01', '04-18', '04-21', '05-05', '05-26', '08-25', '12-25', '12-26'],
  2026: ['01-01', '04-03', '04-06', '05-04', '05-25', '08-31', '12-25', '12-28'],
  2027: ['01-01', '03-26', '03-29', '05-03', '05-31', '08-30', '12-27', '12-28'],
};

describe('England & Wales bank holidays', () => {
  for (const [year, dates] of Object.entries(GOV_UK)) {
    it(`match gov.uk for ${year}`, () => {
      const found: string[] = [];
      for (let day = dayNumberOf(`${year}-01-01`); day <= dayNumberOf(`${year}-12-31`); day++) {
        if (isBankHoliday(day)) found.push(dateOf(day).slice(5));
      }
      expect(found).toEqual(dates);
    });
  }

  it('counts working days past weekends and bank holidays', () => {
    // Thursday 17 April 2025 + 1 working day skips Good Friday, the weekend and Easter Monday.
    expect(dateOf(addWorkingDays(dayNumberOf('2025-04-17'), 1))).toBe('2025-04-22');
    // Christmas Eve 2026 (Thursday) + 1: 25th, weekend and the 28th (Boxing Day substitute) are closed.
    expect(dateOf(addWorkingDays(dayNumberOf('2026-12-24'), 1))).toBe('2026-12-29');
    expect(dateOf(addWorkingDays(dayNumberOf('2025-06-06'), 3))).toBe('2025-06-11');
    expect(isWorkingDay(dayNumberOf('2025-06-07'))).toBe(false);
  });
});
