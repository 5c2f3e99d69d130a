import { type DayNumber, dayFromParts, dayOfMonth, monthOf, weekdayOf, yearOf } from './calendar';

/**
 * How busy the salon is by month, weekday and hour (docs/sandbox.md, "Where the salon's figures come from", "Busiest
 * and quietest times" and "Seasonality"). Relative month demand: January and February are the trough (about 7% of
 * annual appointments each, Versum 2019), March–June strong (30% in March, May and June, Versum), a summer wedding bump
 * (searches peak in June–August, Yell 2024), and December top (up to 40% more transactions than November, iZettle
 * 2017).
 */
const MONTH_DEMAND = [0.8, 0.86, 1.04, 0.98, 1.04, 1.08, 1.0, 1.05, 0.98, 1.0, 1.0, 1.36] as const;

/** The salon closes on Mondays ("Many salons close on Mondays", SalonGeek/HJ 2021–22). */
export const CLOSED_WEEKDAY = 1;

/**
 * Share of the week's appointments by weekday, Sunday first. Fridays and Saturdays carry 40.19% of bookings (Versum
 * 2019): here 40%. Thursday (late opening) is next, as iZettle finds Thursday to Saturday strong; Sunday is "very
 * slow" (iZettle).
 */
export const WEEKDAY_SHARE = [0.13, 0, 0.15, 0.15, 0.17, 0.2, 0.2] as const;

/** Days the salon shuts besides Mondays. */
function isHolidayClosure(day: DayNumber): boolean {
  const month = monthOf(day);
  const date = dayOfMonth(day);
  return (month === 12 && (date === 25 || date === 26)) || (month === 1 && date === 1);
}

export function isSalonOpen(day: DayNumber): boolean {
  return weekdayOf(day) !== CLOSED_WEEKDAY && !isHolidayClosure(day);
}

/** Opening hours in minutes after midnight, London time: 9:00–18:00, late opening to 20:00 on Thursdays. */
export function openingHours(day: DayNumber): { open: number; close: number } {
  return { open: 9 * 60, close: weekdayOf(day) === 4 ? 20 * 60 : 18 * 60 };
}

/**
 * Relative weight of each start hour: 9am is the busiest hour and most appointments are done by early afternoon
 * (61% by 1pm, Versum 2019).
 */
export const START_HOUR_WEIGHTS: Record<number, number> = {
  9: 20,
  10: 17,
  11: 14,
  12: 11,
  13: 9,
  14: 9,
  15: 8,
  16: 6,
  17: 5,
  18: 5,
  19: 3,
};

/**
 * Demand on a day relative to an average day of the year (weekday excluded). The week before Christmas runs up to
 * 50% above early December (iZettle, 2014 data; 22–23 December were the top days): here 10–20%, as a salon is limited
 * by its chairs. The days after Christmas are quiet.
 */
export function demandOn(day: DayNumber): number {
  const month = monthOf(day);
  let factor: number = MONTH_DEMAND[month - 1]!;
  if (month === 12) {
    const date = dayOfMonth(day);
    if (date >= 15 && date <= 24) factor *= date >= 20 ? 1.2 : 1.1;
    else if (date >= 27) factor *= 0.65;
  }
  return factor;
}

const warpTables = new Map<number, Float64Array>();

/** Cumulative demand through each day of a year, scaled so a year adds up to its number of days. */
function warpTable(year: number): Float64Array {
  let table = warpTables.get(year);
  if (table) return table;
  const first = dayFromParts(year, 1, 1);
  const length = dayFromParts(year + 1, 1, 1) - first;
  let total = 0;
  for (let i = 0; i < length; i++) total += demandOn(first + i);
  table = new Float64Array(length + 1);
  for (let i = 0; i < length; i++) table[i + 1] = table[i]! + (demandOn(first + i) * length) / total;
  warpTables.set(year, table);
  return table;
}

/**
 * "Demand time": a clock that runs faster in busy seasons. A regular client books every N demand-days, so comes
 * sooner before Christmas and later in January, while the average rhythm over a year stays N days. It is a pure
 * function of the date, which keeps each day's visits decidable without looking at other days.
 */
export function demandTime(day: DayNumber): number {
  const year = yearOf(day);
  const first = dayFromParts(year, 1, 1);
  return first + warpTable(year)[day - first]!;
}
