import {
  addMonths,
  type ComparedPeriod,
  type DayRange,
  firstDayOf,
  lastDayOf,
  likeForLikePeriods,
  monthName,
  monthOf,
} from '@brade/contract';

/**
 * The periods a report compares (docs/finance.md, "Comparisons"): its month (to today while it is in progress), the
 * previous month and the same month last year. A month in progress compares like for like, as the tiles do: the
 * same days, up to the same time of day; on a month's last day, and for a whole month, whole months.
 */

/** The days a month's report covers: the whole month, or to today while it is in progress. */
export function reportPeriod(request: { month: number; year: number }, today: string): DayRange {
  const month = `${request.year}-${String(request.month).padStart(2, '0')}`;
  const last = lastDayOf(month);
  return { from: firstDayOf(month), to: monthOf(today) === month && today < last ? today : last };
}

const wholeMonth = (month: string): ComparedPeriod => ({ from: firstDayOf(month), to: lastDayOf(month) });

/** A month cut to today's day of the month and time of day; the whole month when it is shorter than today's day. */
function sameDaysIn(month: string, today: string, time?: string): ComparedPeriod {
  const day = Number(today.slice(8, 10));
  if (day >= Number(lastDayOf(month).slice(8, 10))) return wholeMonth(month);
  return { from: firstDayOf(month), to: `${month}-${today.slice(8, 10)}`, ...(time ? { until: time } : {}) };
}

export interface ComparedMonths {
  current: ComparedPeriod;
  previous: ComparedPeriod;
  lastYear: ComparedPeriod;
}

/** The month `month` ('YYYY-MM') and what it is compared with, as of `today` at `time` (Europe/London). */
export function comparedMonths(month: string, today: string, time?: string): ComparedMonths {
  const current = reportPeriod({ month: Number(month.slice(5, 7)), year: Number(month.slice(0, 4)) }, today);
  const inProgress = current.to < lastDayOf(month);
  if (!inProgress)
    return { current, previous: wholeMonth(addMonths(month, -1)), lastYear: wholeMonth(addMonths(month, -12)) };
  return {
    current,
    previous: likeForLikePeriods(today, time).previous,
    lastYear: sameDaysIn(addMonths(month, -12), today, time),
  };
}

const short = (day: string) => `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7))).slice(0, 3)}`;

/** 'October 2026' for a whole month; '1–15 Oct 2026 to 09:00' for part of one; '1 Jul – 30 Sep 2026' across months. */
export function periodLabel(period: ComparedPeriod): string {
  const year = period.to.slice(0, 4);
  const month = monthOf(period.from);
  if (period.from === firstDayOf(month) && period.to === lastDayOf(month) && !period.until) {
    return `${monthName(Number(month.slice(5, 7)))} ${year}`;
  }
  const until = period.until ? ` to ${period.until}` : '';
  if (monthOf(period.to) === month) {
    return `${Number(period.from.slice(8, 10))}–${short(period.to)} ${year}${until}`;
  }
  const fromYear = period.from.slice(0, 4) === year ? '' : ` ${period.from.slice(0, 4)}`;
  return `${short(period.from)}${fromYear} – ${short(period.to)} ${year}${until}`;
}

/** The same day `months` months away, or that month's last day when it is shorter. */
export function shiftDay(day: string, months: number): string {
  const month = addMonths(monthOf(day), months);
  const last = lastDayOf(month);
  const shifted = `${month}-${day.slice(8, 10)}`;
  return shifted > last ? last : shifted;
}
