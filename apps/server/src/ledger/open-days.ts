import { addDays, addMonths, bankHolidayOn, firstDayOf, monthOf, type Nation, nationOfState } from '@brade/contract';
import { sql } from 'drizzle-orm';
import { findUserById } from '../accounts/users.js';
import { type Db, rowsOf } from '../db/client.js';
import { isServiceRow } from './clients.js';

/** How many weeks of sales decide which days of the week the salon opens (docs/finance.md, "Open days"). */
export const OPEN_DAY_WEEKS = 8;
/** Days of the week open when there is no history to judge by: Monday to Saturday, as most UK salons. */
export const DEFAULT_OPEN_WEEKDAYS: readonly boolean[] = [false, true, true, true, true, true, true];

/**
 * What decides a salon's open days (docs/finance.md, "Open days"): the days of the week it opens (index 0 is Sunday,
 * as `Date.getUTCDay`), its nation's bank holidays, and the days it took sales (a bank holiday with sales is open).
 */
export interface SalonCalendar {
  nation: Nation;
  openWeekdays: readonly boolean[];
  /** The Europe/London days with sales the calendar knows of (from `saleDaysFrom` to today). */
  saleDays: ReadonlySet<string>;
  /** The first day of those: a bank holiday before it is taken as closed. */
  saleDaysFrom: string;
  /**
   * How the days of the week were judged: 'eight-weeks' on the 8 whole weeks before today; 'short-history' on the
   * weeks since the first sale, when that is less than 8 weeks ago; 'no-history' without any sale before today
   * (Monday to Saturday).
   */
  basis: 'eight-weeks' | 'short-history' | 'no-history';
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Which days of the week are open, judged on the days before `today` (today is not over): a day of the week is
 * open when the salon took sales on most of its occurrences, that is on at least 5 of the last 8 (a bank holiday
 * without sales is no occurrence: the salon closed for the holiday, not for the day of the week); when the history
 * began less than 8 weeks ago, on more than half of its occurrences since the first sale, and a day of the week
 * not yet seen since then is open from Monday to Saturday; with no sale before today, Monday to Saturday.
 */
export function calendarFromSales(input: {
  today: string;
  nation: Nation;
  /** Days with sales, any order; at least those from 8 weeks before today up to today. */
  saleDays: Iterable<string>;
  /** The salon's first day with sales ever, or null. */
  firstSaleDay: string | null;
  /** The first day `saleDays` covers (defaults to 8 weeks before today). */
  saleDaysFrom?: string;
}): SalonCalendar {
  const { today, nation, firstSaleDay } = input;
  const saleDays = new Set(input.saleDays);
  const windowFrom = addDays(today, -7 * OPEN_DAY_WEEKS);
  const saleDaysFrom = input.saleDaysFrom ?? windowFrom;
  if (firstSaleDay === null || firstSaleDay >= today) {
    return { nation, openWeekdays: DEFAULT_OPEN_WEEKDAYS, saleDays, saleDaysFrom, basis: 'no-history' };
  }
  const from = firstSaleDay > windowFrom ? firstSaleDay : windowFrom;
  const seen = [0, 0, 0, 0, 0, 0, 0];
  const sold = [0, 0, 0, 0, 0, 0, 0];
  for (let day = from; day < today; day = addDays(day, 1)) {
    const w = weekdayOf(day);
    const sales = saleDays.has(day);
    // A bank holiday without sales says nothing about the day of the week: the salon closed for the holiday.
    if (!sales && bankHolidayOn(nation, day) !== null) continue;
    seen[w]! += 1;
    if (sales) sold[w]! += 1;
  }
  const openWeekdays = seen.map((n, w) => (n === 0 ? DEFAULT_OPEN_WEEKDAYS[w]! : sold[w]! * 2 > n));
  return {
    nation,
    openWeekdays,
    saleDays,
    saleDaysFrom,
    basis: from === windowFrom ? 'eight-weeks' : 'short-history',
  };
}

/** Whether a Europe/London day is an open day: an open day of the week, unless a bank holiday without sales. */
export function isOpenDay(calendar: SalonCalendar, date: string): boolean {
  if (!calendar.openWeekdays[weekdayOf(date)]) return false;
  if (bankHolidayOn(calendar.nation, date) === null) return true;
  return calendar.saleDays.has(date);
}

/**
 * The open days from one Europe/London day to another, both included, oldest first (docs/finance.md, "Open
 * days"); its length is how many. A day after today counts by its day of the week and the bank holidays.
 */
export function openDaysBetween(calendar: SalonCalendar, from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (isOpenDay(calendar, day)) days.push(day);
  return days;
}

/**
 * The calendar of an owner's salon on `today` (docs/finance.md, "Open days"): the days it gave a service from `from`
 * (by default the first day of last month, so last month's bank holidays are known) or 8 weeks before today if
 * earlier, up to today; its first such day ever; and the nation of its State field.
 */
export async function salonCalendar(
  db: Db,
  userId: string,
  today: string,
  options: { from?: string } = {},
): Promise<SalonCalendar> {
  const windowFrom = addDays(today, -7 * OPEN_DAY_WEEKS);
  const wanted = options.from ?? firstDayOf(addMonths(monthOf(today), -1));
  const from = wanted < windowFrom ? wanted : windowFrom;
  // A day a service was given (ledger/clients.ts): a card sale that is neither a deposit nor a gift voucher (both
  // are paid online, any day), or a service paid by voucher; a processor's payout counted as sales is a bank credit
  // with no client, not a day of trading. The clients' index answers it without reading the rows.
  const trading = isServiceRow;
  const [days, first, user] = await Promise.all([
    db.execute(sql`
      select distinct local_date::text as day from ledger_transactions
      where user_id = ${userId} and local_date between ${from} and ${today} and ${trading}`),
    db.execute(sql`
      select min(local_date)::text as day from ledger_transactions where user_id = ${userId} and ${trading}`),
    findUserById(db, userId),
  ]);
  return calendarFromSales({
    today,
    nation: nationOfState(user?.state),
    saleDays: rowsOf<{ day: string }>(days).map((r) => r.day),
    firstSaleDay: rowsOf<{ day: string | null }>(first)[0]?.day ?? null,
    saleDaysFrom: from,
  });
}
