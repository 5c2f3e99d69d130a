import { addDays } from '@brade/contract';
import { describe, expect, it } from 'vitest';
import { calendarFromSales, isOpenDay, openDaysBetween } from './open-days.js';

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Every day from `from` to `to` (both included) whose day of the week (0 Sunday … 6 Saturday) is listed. */
function days(from: string, to: string, weekdays: number[]): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (weekdays.includes(weekdayOf(d))) out.push(d);
  return out;
}

const TUE_SAT = [2, 3, 4, 5, 6];
const MON_SAT = [1, 2, 3, 4, 5, 6];

describe('open days (docs/finance.md, "Open days")', () => {
  // Friday 20 November 2026: the 8 weeks before it are Friday 25 September to Thursday 19 November.
  const today = '2026-11-20';

  it('a Tuesday-to-Saturday salon: 20 open days in November 2026, none on a Sunday or Monday', () => {
    const sales = [...days('2026-09-25', today, TUE_SAT), '2026-10-04', '2026-11-08', '2026-10-12'];
    const calendar = calendarFromSales({
      today,
      nation: 'england-and-wales',
      saleDays: sales,
      firstSaleDay: '2025-01-07',
    });
    expect(calendar.basis).toBe('eight-weeks');
    // Two Sundays of 8 and one Monday of 8 are not most of them.
    expect(calendar.openWeekdays).toEqual([false, false, true, true, true, true, true]);
    // 3–7, 10–14, 17–21, 24–28 November.
    expect(openDaysBetween(calendar, '2026-11-01', '2026-11-30')).toHaveLength(20);
    expect(openDaysBetween(calendar, '2026-11-01', '2026-11-08')).toEqual([
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
  });

  it('a day of the week is open on 5 of the last 8 weeks, not on 4', () => {
    const allTuesdays = days('2026-09-25', '2026-11-19', [2]);
    expect(allTuesdays).toHaveLength(8);
    const open = calendarFromSales({
      today,
      nation: 'england-and-wales',
      saleDays: allTuesdays.slice(3),
      firstSaleDay: '2025-01-07',
    });
    const closed = calendarFromSales({
      today,
      nation: 'england-and-wales',
      saleDays: allTuesdays.slice(4),
      firstSaleDay: '2025-01-07',
    });
    expect(open.openWeekdays[2]).toBe(true);
    expect(closed.openWeekdays[2]).toBe(false);
  });

  describe('a Monday-to-Saturday salon in April 2026 that opened on Good Friday but not on Easter Monday', () => {
    const today = '2026-04-30';
    const sales = days('2026-03-05', today, MON_SAT).filter((d) => d !== '2026-04-06');
    const england = calendarFromSales({
      today,
      nation: 'england-and-wales',
      saleDays: sales,
      firstSaleDay: '2024-06-01',
    });
    const scotland = calendarFromSales({ today, nation: 'scotland', saleDays: sales, firstSaleDay: '2024-06-01' });

    it('counts Good Friday (sales) and not Easter Monday (a bank holiday without sales): 26 − 1 = 25 open days', () => {
      expect(england.openWeekdays).toEqual([false, true, true, true, true, true, true]);
      expect(isOpenDay(england, '2026-04-03')).toBe(true);
      expect(isOpenDay(england, '2026-04-06')).toBe(false);
      // April 2026 has 30 days, 4 of them Sundays (5, 12, 19, 26): 26 Monday-to-Saturday days.
      expect(openDaysBetween(england, '2026-04-01', '2026-04-30')).toHaveLength(25);
    });

    it('in Scotland, where Easter Monday is no bank holiday, counts it as an open day missed: 26', () => {
      expect(openDaysBetween(scotland, '2026-04-01', '2026-04-30')).toHaveLength(26);
    });

    it('a closed bank holiday Monday does not count against Mondays; days ahead go by the table', () => {
      // May 2026: 26 Monday-to-Saturday days less the early May (4th) and spring (25th) bank holidays.
      expect(openDaysBetween(england, '2026-05-01', '2026-05-31')).toHaveLength(24);
    });
  });

  it('across a year end: December 2026 in England loses Christmas Day and the Boxing Day substitute (28th)', () => {
    const today = '2026-12-31';
    const sales = days('2026-11-01', '2026-12-30', MON_SAT).filter((d) => d !== '2026-12-25' && d !== '2026-12-28');
    const calendar = calendarFromSales({
      today,
      nation: 'england-and-wales',
      saleDays: sales,
      firstSaleDay: '2025-01-02',
    });
    // December 2026: 31 days, Sundays 6, 13, 20, 27: 27 Monday-to-Saturday days, less 25 and 28 December.
    expect(openDaysBetween(calendar, '2026-12-01', '2026-12-31')).toHaveLength(25);
    // January 2027: 31 days, Sundays 3, 10, 17, 24, 31: 26, less New Year's Day.
    expect(openDaysBetween(calendar, '2027-01-01', '2027-01-31')).toHaveLength(25);
  });

  describe('a new salon with less than 8 weeks of history', () => {
    it('judges each day of the week on the weeks since its first sale', () => {
      // First sale on Tuesday 3 November; Tuesday to Saturday since: Mondays 9 and 16 and Sundays 8 and 15 empty.
      const calendar = calendarFromSales({
        today,
        nation: 'england-and-wales',
        saleDays: days('2026-11-03', '2026-11-19', TUE_SAT),
        firstSaleDay: '2026-11-03',
      });
      expect(calendar.basis).toBe('short-history');
      expect(calendar.openWeekdays).toEqual([false, false, true, true, true, true, true]);
    });

    it('takes Monday to Saturday for a day of the week not yet seen, and by its one sale for one seen once', () => {
      // First sale yesterday, Thursday 19 November: Thursday is open; the rest follow Monday to Saturday.
      const calendar = calendarFromSales({
        today,
        nation: 'england-and-wales',
        saleDays: ['2026-11-19'],
        firstSaleDay: '2026-11-19',
      });
      expect(calendar.openWeekdays).toEqual([false, true, true, true, true, true, true]);
      // Opened on Sunday 15 November only (a launch), then every day since: Sunday was seen once with sales.
      const launch = calendarFromSales({
        today,
        nation: 'england-and-wales',
        saleDays: days('2026-11-15', '2026-11-19', [0, 1, 2, 3, 4]),
        firstSaleDay: '2026-11-15',
      });
      expect(launch.openWeekdays[0]).toBe(true);
    });

    it('with no sale before today, is open Monday to Saturday', () => {
      const calendar = calendarFromSales({
        today,
        nation: 'england-and-wales',
        saleDays: [today],
        firstSaleDay: today,
      });
      expect(calendar.basis).toBe('no-history');
      expect(openDaysBetween(calendar, '2026-11-01', '2026-11-30')).toHaveLength(25);
      const none = calendarFromSales({ today, nation: 'england-and-wales', saleDays: [], firstSaleDay: null });
      expect(none.openWeekdays).toEqual([false, true, true, true, true, true, true]);
    });
  });
});
