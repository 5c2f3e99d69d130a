/**
 * Calendar days as integers (days since 1970-01-01), so that the generator can step through years of days without
 * allocating Date objects; strings are 'YYYY-MM-DD' Europe/London calendar days (docs/architecture.md, "Data
 * conventions").
 */
export type DayNumber = number;

const DAY_MS = 86_400_000;
const dateStrings = new Map<DayNumber, string>();

export function dayNumberOf(date: string): DayNumber {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Expected a 'YYYY-MM-DD' date, got '${date}'`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const value = Date.UTC(y, m - 1, d);
  if (new Date(value).getUTCDate() !== d) throw new Error(`Not a calendar date: '${date}'`);
  return value / DAY_MS;
}

export function dateOf(day: DayNumber): string {
  let text = dateStrings.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dateStrings.set(day, text);
  }
  return text;
}

/** 0 = Sunday … 6 = Saturday (1 January 1970 was a Thursday). */
export function weekdayOf(day: DayNumber): number {
  return (((day + 4) % 7) + 7) % 7;
}

/**
 * Year, month and day of a day number by integer arithmetic (Howard Hinnant's civil_from_days): called for every
 * visit, where a Date per call would dominate the run time.
 */
function civilFromDays(day: DayNumber): [number, number, number] {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, date];
}

export function yearOf(day: DayNumber): number {
  return civilFromDays(day)[0];
}

/** 1 = January … 12 = December. */
export function monthOf(day: DayNumber): number {
  return civilFromDays(day)[1];
}

export function dayOfMonth(day: DayNumber): number {
  return civilFromDays(day)[2];
}

export function dayFromParts(year: number, month: number, dayOfMonthValue: number): DayNumber {
  return Date.UTC(year, month - 1, dayOfMonthValue) / DAY_MS;
}

/** A month counted from January 1970, so months can be looped over like days. */
export type MonthIndex = number;

export function monthIndexOf(day: DayNumber): MonthIndex {
  const [year, month] = civilFromDays(day);
  return (year - 1970) * 12 + month - 1;
}

export function firstDayOfMonth(month: MonthIndex): DayNumber {
  return dayFromParts(1970 + Math.floor(month / 12), (month % 12) + 1, 1);
}

export function lastDayOfMonth(month: MonthIndex): DayNumber {
  return firstDayOfMonth(month + 1) - 1;
}

/** 'YYYY-MM' of a month index. */
export function monthLabel(month: MonthIndex): string {
  return dateOf(firstDayOfMonth(month)).slice(0, 7);
}
