/**
 * Calendar helpers for Europe/London days and months (docs/architecture.md, "Data conventions"): dates are 'YYYY-MM-DD'
 * strings.
 */
/**
 * A formatter made on first use: building one with a time zone costs tens of milliseconds on a slow phone, and
 * the browser loads this module before it needs either of them.
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): (instant: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (instant) => {
    format ??= new Intl.DateTimeFormat(locale, options);
    return format.format(instant);
  };
}

const londonDay = lazyFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Europe/London calendar day of an instant: 23:30 UTC on 31 March (BST) is 1 April. */
export function londonDateOf(instant: Date): string {
  return londonDay(instant);
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

const londonClock = lazyFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Europe/London time of day of an instant, 'HH:MM': 08:30 UTC on 15 June (BST) is '09:30'. */
export function londonTimeOf(instant: Date): string {
  return londonClock(instant);
}

/**
 * The instant a Europe/London day reaches a time of day 'HH:MM' (or 'HH:MM:SS'): '2026-06-15', '09:00' is 08:00 UTC. A
 * time the clocks skip (01:30 on the last Sunday of March) gives the instant an hour later.
 */
export function londonInstant(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  for (const offsetMinutes of [0, 60]) {
    const instant = new Date(wall - offsetMinutes * 60_000);
    if (londonDateOf(instant) === date && londonTimeOf(instant) === time.slice(0, 5)) return instant;
  }
  return new Date(wall - 0);
}

/** A range of Europe/London days whose last day may stop at a time of day ('HH:MM'; the whole day when absent). */
export interface ComparedPeriod extends DayRange {
  until?: string;
}

/**
 * Month to date against the same part of the previous month, like for like (docs/finance.md, "Comparisons"): on
 * 22 November at 09:00, 1–22 November to 09:00 against 1–22 October to 09:00; on the last day of a month, the month
 * to date against the whole previous month (30 November against 1–31 October); when the previous month is shorter
 * than today's day, the whole previous month (30 March against 1–28 February). Without a time, whole days.
 */
export function likeForLikePeriods(
  today: string,
  time?: string,
): { current: ComparedPeriod; previous: ComparedPeriod } {
  const month = monthOf(today);
  const previousMonth = addMonths(month, -1);
  const day = Number(today.slice(8, 10));
  const previousLast = lastDayOf(previousMonth);
  const lastDay = today === lastDayOf(month);
  const whole = lastDay || day > Number(previousLast.slice(8, 10));
  const until = time === undefined ? {} : { until: time };
  return {
    current: { from: firstDayOf(month), to: today, ...until },
    previous: whole
      ? { from: firstDayOf(previousMonth), to: previousLast }
      : { from: firstDayOf(previousMonth), to: `${previousMonth}-${String(day).padStart(2, '0')}`, ...until },
  };
}

/**
 * The days of `likeForLikePeriods`: on 22 November, 1–22 November against 1–22 October; on 31 March, 1–31 March
 * against 1–28 February; on the last day of a month, the whole previous month (30 November against 1–31 October).
 */
export function monthToDateRanges(today: string): { current: DayRange; previous: DayRange } {
  const { current, previous } = likeForLikePeriods(today);
  return { current: { from: current.from, to: current.to }, previous: { from: previous.from, to: previous.to } };
}
