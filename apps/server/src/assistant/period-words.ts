import { addMonths, monthName as calendarMonthName, firstDayOf, lastDayOf, monthOf } from '@brade/contract';

/**
 * A period BradeBot talks about (docs/assistant.md, "Periods"): Europe/London days from `from` to `to` (both
 * included), the words that name it and the dates it covers. A period may start before the books do or end after
 * today: `clip` in periods.ts says what the books can answer of it.
 */
export interface Period {
  from: string;
  to: string;
  /** 'YYYY-MM' months, oldest first, when the period is made of whole calendar months (the last may be unfinished). */
  months: string[];
  /** "October 2026", "Q3 2026 (July–September 2026)", "the 2025/26 tax year (6 April 2025–5 April 2026)". */
  label: string;
  /** True when the period runs to today and today is not its natural end (a month or year so far). */
  soFar: boolean;
  /** What kind of period it is, for comparisons ("the period before") and follow-ups. */
  unit: PeriodUnit;
  /** A last day cut at a Europe/London time of day ('HH:MM'), as the tiles' like-for-like comparison cuts it. */
  until?: string;
}

export type PeriodUnit =
  | 'day'
  | 'week'
  | 'month'
  | 'quarter'
  | 'vatQuarter'
  | 'taxQuarter'
  | 'half'
  | 'season'
  | 'year'
  | 'taxYear'
  | 'days'
  | 'months'
  | 'all';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Monday = 0 … Sunday = 6. */
export const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
export const weekdayName = (index: number) => WEEKDAYS[index]!;

export const monthName = (month: string) => `${calendarMonthName(Number(month.slice(5)))} ${month.slice(0, 4)}`;

/** '7 May 2026'. */
export const longDate = (day: string) =>
  `${Number(day.slice(8, 10))} ${calendarMonthName(Number(day.slice(5, 7)))} ${day.slice(0, 4)}`;

/** 'Thursday 26 November 2026'. */
export const dayWithWeekday = (day: string) => `${weekdayName(weekdayOf(day))} ${longDate(day)}`;

/** "26 November 2026", "1–27 November 2026", "30 August–27 November 2026", "6 April 2025–5 April 2026". */
export function dayRangeText(from: string, to: string): string {
  if (from === to) return longDate(from);
  const [fy, fm, fd] = [from.slice(0, 4), Number(from.slice(5, 7)), Number(from.slice(8, 10))];
  if (from.slice(0, 7) === to.slice(0, 7)) return `${fd}–${longDate(to)}`;
  if (fy === to.slice(0, 4)) return `${fd} ${calendarMonthName(fm)}–${longDate(to)}`;
  return `${longDate(from)}–${longDate(to)}`;
}

/** "October 2026", "July–September 2026", "November 2025–October 2026". */
export function monthRangeText(first: string, last: string): string {
  if (first === last) return monthName(first);
  if (first.slice(0, 4) === last.slice(0, 4)) return `${calendarMonthName(Number(first.slice(5)))}–${monthName(last)}`;
  return `${monthName(first)}–${monthName(last)}`;
}

/** The months from `first` to `last`. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  if (!/^\d{4}-\d\d$/.test(first) || !/^\d{4}-\d\d$/.test(last)) throw new Error(`not months: ${first}, ${last}`);
  for (let m = first; m <= last; m = addMonths(m, 1)) out.push(m);
  return out;
}

/**
 * Whole calendar months from `first` to `last` as a period. A period that reaches today's month runs to today and
 * is "so far"; `name` is what the owner called it ("Q3 2026", "summer 2026"), shown before the months.
 */
export function monthsPeriod(first: string, last: string, today: string, unit: PeriodUnit, name?: string): Period {
  const current = monthOf(today);
  const soFar = last >= current && first <= current;
  const end = last > current && first <= current ? current : last;
  const months = monthsBetween(first, end);
  const to = soFar ? today : lastDayOf(last);
  let label: string;
  if (soFar && first === current) label = `${monthName(current)} so far (${dayRangeText(firstDayOf(current), today)})`;
  else if (soFar)
    label = `${name ? `${name} so far` : `${monthRangeText(first, end)} so far`} (${dayRangeText(firstDayOf(first), today)})`;
  else label = name ? `${name} (${monthRangeText(first, last)})` : monthRangeText(first, last);
  return { from: firstDayOf(first), to, months, label, soFar, unit };
}

/** A range of days. `name` is shown before the dates ("last week", "yesterday"). */
export function daysPeriod(from: string, to: string, unit: PeriodUnit, name?: string, soFar = false): Period {
  const dates = unit === 'day' ? dayWithWeekday(from) : dayRangeText(from, to);
  return { from, to, months: wholeMonthsOf(from, to), label: name ? `${name} (${dates})` : dates, soFar, unit };
}

/** The calendar months wholly inside a range of days. */
function wholeMonthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = monthOf(from); m <= monthOf(to); m = addMonths(m, 1)) {
    if (firstDayOf(m) >= from && lastDayOf(m) <= to) months.push(m);
  }
  return months;
}
