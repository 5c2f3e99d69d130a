import { addDays } from '@brade/contract';
import { describe, expect, it } from 'vitest';
import { openWeekdays, remainingOpenDays, salesPace } from './goal-progress.js';

describe('the pace needed per remaining open day (docs/finance.md, "Goal progress")', () => {
  it('target £6,000, £4,200 to date, 9 open days left: £1,800 short, £200 a day', () => {
    expect(salesPace(600_000, 420_000, 9)).toEqual({ met: false, shortfallPence: 180_000, perOpenDayPence: 20_000 });
  });

  it('a target already reached needs nothing more, and says so', () => {
    expect(salesPace(600_000, 612_345, 3)).toEqual({ met: true, shortfallPence: 0, perOpenDayPence: 0 });
    // Exactly on target is reached.
    expect(salesPace(600_000, 600_000, 0)).toEqual({ met: true, shortfallPence: 0, perOpenDayPence: 0 });
  });

  it('rounds a day up to the penny, so taking it every day reaches the target', () => {
    // £100 over 3 days: £33.34 a day (3 × £33.34 = £100.02), never £33.33 (£99.99).
    expect(salesPace(10_000, 0, 3).perOpenDayPence).toBe(3_334);
  });

  it('short with no open day left: no pace to give', () => {
    expect(salesPace(600_000, 420_000, 0)).toEqual({ met: false, shortfallPence: 180_000, perOpenDayPence: null });
  });
});

/** Every day from `from` to `to` whose day of the week (0 Sunday … 6 Saturday) is in `weekdays`. */
function days(from: string, to: string, weekdays: number[]): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (weekdays.includes(new Date(`${d}T12:00:00Z`).getUTCDay())) out.push(d);
  }
  return out;
}

describe('open days', () => {
  // Friday 27 November 2026; the 8 weeks before it are Friday 2 October to Thursday 26 November.
  const today = '2026-11-27';

  it('are the days of the week with sales in most (5 or more) of the last 8 weeks', () => {
    const sales = [
      ...days('2026-10-02', '2026-11-26', [2, 3, 4, 5, 6]), // Tuesday to Saturday, every week
      ...['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'], // four Mondays of eight: not most
      ...['2026-10-04', '2026-10-11', '2026-10-18', '2026-10-25', '2026-11-01'], // five Sundays: most
      '2026-09-28', // a Monday before the 8 weeks
      '2026-11-30', // and one after today: neither counts
    ];
    expect([...openWeekdays(sales, today)].sort()).toEqual([0, 2, 3, 4, 5, 6]);
  });

  it("counts today's sales nowhere (the day is not over) and a day twice once", () => {
    const mondays = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-10-26'];
    expect(openWeekdays(mondays, today).has(1)).toBe(false);
    expect(openWeekdays([...mondays, '2026-11-02'], today).has(1)).toBe(true);
    expect(openWeekdays(['2026-11-27'], '2026-11-27').size).toBe(0);
  });

  it('left in the month count today and the open days after it', () => {
    const tuesdayToSaturday = (day: string) => [2, 3, 4, 5, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
    // Friday 27 and Saturday 28; Sunday 29 and Monday 30 are closed.
    expect(remainingOpenDays('2026-11-27', tuesdayToSaturday)).toBe(2);
    // Monday 2 November: Tuesday to Saturday of four weeks, 3–28 November.
    expect(remainingOpenDays('2026-11-02', tuesdayToSaturday)).toBe(20);
    // The last day, closed: none left.
    expect(remainingOpenDays('2026-11-30', tuesdayToSaturday)).toBe(0);
  });
});
