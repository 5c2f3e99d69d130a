/**
 * Calendar helpers for Europe/London days and months (docs/architecture.md, "Data conventions"): dates are 'YYYY-MM-DD'
 * strings.
 */
const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Europe/London calendar day of an instant: 23:30 UTC on 31 March (BST) is 1 April. */
export function londonDateOf(instant: Date): string {
  return londonDay.format(instant);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM' of a 'YYYY-MM-DD'. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last `count` months up to and including the month of `today`, oldest first. */
export function lastMonths(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(monthOf(today), i - count + 1));
}

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

export interface DayRange {
  from: string;
  to: string;
}

/**
 * Month-to-date and the same days of the previous month: on 22 November, 1–22 November against 1–22 October;
 * on 31 March, 1–31 March against 1–29 February (the shorter month ends the comparison).
 */
export function monthToDateRanges(today: string): { current: DayRange; previous: DayRange } {
  const month = monthOf(today);
  const previousMonth = addMonths(month, -1);
  const day = Number(today.slice(8, 10));
  const previousLast = lastDayOf(previousMonth);
  const previousDay = Math.min(day, Number(previousLast.slice(8, 10)));
  return {
    current: { from: firstDayOf(month), to: today },
    previous: { from: firstDayOf(previousMonth), to: `${previousMonth}-${String(previousDay).padStart(2, '0')}` },
  };
}
