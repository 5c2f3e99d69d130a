import { addMonths, firstDayOf, lastDayOf, monthOf, type VatStagger, vatDueDate, vatQuarterOf } from '@brade/contract';
import type { VatPeriods } from '../taxpayers';

export interface VatPeriod {
  start: string;
  end: string;
  /** One month and seven days after the end, as HMRC's description says for monthly and quarterly periods. */
  due: string;
  periodKey: string;
}

const MONTH_LETTERS = 'ABCDEFGHIJKL';

/**
 * Period keys in HMRC's four-character style: the year of the period's end, 'A', then the quarter's number in that
 * year among the stagger's quarters ('26A1') or, monthly, the month's letter ('26AC' for March).
 */
function periodKeyOf(end: string, periods: VatPeriods): string {
  const year = end.slice(2, 4);
  const month = Number(end.slice(5, 7));
  return `${year}A${periods === 'monthly' ? MONTH_LETTERS[month - 1] : quarterNumber(month, periods)}`;
}

/** 1 to 4: the quarter's place among the stagger's quarter ends in the calendar year (January first). */
function quarterNumber(endMonth: number, stagger: VatStagger): number {
  const firstEnd = { mar_jun_sep_dec: 3, apr_jul_oct_jan: 1, may_aug_nov_feb: 2 }[stagger];
  return (endMonth - firstEnd) / 3 + 1;
}

function period(from: string, to: string, periods: VatPeriods): VatPeriod {
  return { start: from, end: to, due: vatDueDate(to), periodKey: periodKeyOf(to, periods) };
}

/** The period holding a day. */
export function periodOf(day: string, periods: VatPeriods): VatPeriod {
  const month = monthOf(day);
  if (periods === 'monthly') return period(firstDayOf(month), lastDayOf(month), periods);
  const quarter = vatQuarterOf(month, periods);
  return period(quarter.from, quarter.to, periods);
}

/** Every period from the one holding `from` to the one holding `to`, oldest first. */
export function periodsBetween(from: string, to: string, periods: VatPeriods): VatPeriod[] {
  const found: VatPeriod[] = [];
  for (let current = periodOf(from, periods); current.start <= to; ) {
    found.push(current);
    current = periodOf(firstDayOf(addMonths(monthOf(current.end), 1)), periods);
  }
  return found;
}
