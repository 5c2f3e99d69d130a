import { bankHolidayOn } from '@brade/contract';
import { type DayNumber, dateOf, weekdayOf } from './calendar';

/**
 * The bank calendar of the demo salon (in England): the contract's one UK bank-holiday calendar, worked out from the
 * rules with every announced change, for any year (packages/contract/src/calendar/bank-holidays.ts). Banks make no
 * Faster Payment payouts on these days (docs/sandbox.md, "Where the salon's figures come from": "No payouts on bank
 * holidays", "No weekend transfers").
 */
export function isBankHoliday(day: DayNumber): boolean {
  return bankHolidayOn('england-and-wales', dateOf(day)) !== null;
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
