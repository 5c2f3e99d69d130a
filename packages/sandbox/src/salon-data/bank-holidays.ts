import { type DayNumber, dayFromParts, weekdayOf, yearOf } from './calendar';

/**
 * England & Wales bank holidays from the statutory rules (with weekend substitutes) plus the one-off changes of
 * recent years, so any year works; 2024–2027 are checked against gov.uk's list in the tests. Banks make no Faster
 * Payment payouts on these days (docs/sandbox.md, "Where the salon's figures come from": "No payouts on bank holidays",
 * "No weekend transfers").
 */
const ONE_OFF_CHANGES: Record<number, { add: [number, number][]; remove: [number, number][] }> = {
  2020: { add: [[5, 8]], remove: [[5, 4]] }, // VE Day moved the early May holiday
  2022: {
    add: [
      [6, 2],
      [6, 3],
      [9, 19],
    ],
    remove: [[5, 30]],
  }, // Platinum Jubilee, State Funeral
  2023: { add: [[5, 8]], remove: [] }, // Coronation
};

/** Western Easter Sunday (anonymous Gregorian algorithm). */
function easterSunday(year: number): DayNumber {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayFromParts(year, month, day);
}

function firstMonday(year: number, month: number): DayNumber {
  const first = dayFromParts(year, month, 1);
  return first + ((8 - weekdayOf(first)) % 7);
}

function lastMonday(year: number, month: number): DayNumber {
  const last = dayFromParts(year, month + 1, 0);
  return last - ((weekdayOf(last) + 6) % 7);
}

function holidaysOf(year: number): Set<DayNumber> {
  const days = new Set<DayNumber>();
  const newYear = dayFromParts(year, 1, 1);
  const newYearWeekday = weekdayOf(newYear);
  days.add(newYearWeekday === 6 ? newYear + 2 : newYearWeekday === 0 ? newYear + 1 : newYear);
  const easter = easterSunday(year);
  days.add(easter - 2);
  days.add(easter + 1);
  days.add(firstMonday(year, 5));
  days.add(lastMonday(year, 5));
  days.add(lastMonday(year, 8));
  const christmas = dayFromParts(year, 12, 25);
  const christmasWeekday = weekdayOf(christmas);
  if (christmasWeekday === 5) days.add(christmas).add(christmas + 3);
  else if (christmasWeekday === 6) days.add(christmas + 2).add(christmas + 3);
  else if (christmasWeekday === 0) days.add(christmas + 1).add(christmas + 2);
  else days.add(christmas).add(christmas + 1);
  const changes = ONE_OFF_CHANGES[year];
  for (const [month, day] of changes?.remove ?? []) days.delete(dayFromParts(year, month, day));
  for (const [month, day] of changes?.add ?? []) days.add(dayFromParts(year, month, day));
  return days;
}

const byYear = new Map<number, Set<DayNumber>>();

export function isBankHoliday(day: DayNumber): boolean {
  const year = yearOf(day);
  let days = byYear.get(year);
  if (!days) {
    days = holidaysOf(year);
    byYear.set(year, days);
  }
  return days.has(day);
}

/** A day on which UK banks move money: Monday to Friday, not a bank holiday. */
export function isWorkingDay(day: DayNumber): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(day);
}

/** The `count`-th working day strictly after `day`. */
export function addWorkingDays(day: DayNumber, count: number): DayNumber {
  let current = day;
  for (let left = count; left > 0; ) {
    current += 1;
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** `day` itself when it is a working day, else the next one (standing orders due on a weekend go out on Monday). */
export function onOrNextWorkingDay(day: DayNumber): DayNumber {
  let current = day;
  while (!isWorkingDay(current)) current += 1;
  return current;
}

/** `day` itself when it is a working day, else the one before (HMRC must have cleared funds "by the 22nd"). */
export function onOrPreviousWorkingDay(day: DayNumber): DayNumber {
  let current = day;
  while (!isWorkingDay(current)) current -= 1;
  return current;
}
