import { z } from 'zod';
import { lazy } from '../lazy.js';

/**
 * UK tax years and Making Tax Digital for Income Tax's quarterly update periods (docs/finance.md, "Income Tax"). The
 * Income Tax (Digital Requirements) Regulations 2021, regulation 7 as amended in 2024: updates are cumulative, each
 * from the start of the tax year (6 April) to the end of its quarter (5 July, 5 October, 5 January, 5 April); with a
 * calendar quarters election each runs from the 1 April before the tax year to 30 June, 30 September, 31 December
 * and 31 March. The deadlines are the same for both: 7 August, 7 November, 7 February and 7 May.
 */
export const QUARTER_TYPES = ['standard', 'calendar'] as const;
export type QuarterType = (typeof QUARTER_TYPES)[number];

export const QUARTER_TYPE_LABELS: Record<QuarterType, string> = {
  standard: 'Standard, from 6 April',
  calendar: 'Calendar, from 1 April',
};

/** '2026-27': the tax year from 6 April 2026 to 5 April 2027, as HMRC's APIs write it. */
export type TaxYear = string;
export const TAX_YEAR = /^(\d{4})-(\d{2})$/;

export const isTaxYear = (text: string): boolean => {
  const match = TAX_YEAR.exec(text);
  return !!match && (Number(match[1]) + 1) % 100 === Number(match[2]);
};

export const taxYearLabel = (startYear: number): TaxYear =>
  `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;

export const startYearOf = (taxYear: TaxYear): number => Number(taxYear.slice(0, 4));

/** The tax year a Europe/London day belongs to: 5 April 2026 is in 2025-26, 6 April 2026 in 2026-27. */
export function taxYearOfDay(day: string): TaxYear {
  const year = Number(day.slice(0, 4));
  return taxYearLabel(day.slice(5) >= '04-06' ? year : year - 1);
}

export const taxYearStart = (taxYear: TaxYear) => `${startYearOf(taxYear)}-04-06`;
export const taxYearEnd = (taxYear: TaxYear) => `${startYearOf(taxYear) + 1}-04-05`;

/** One cumulative update period: from the start of the year's periods to a quarter's end, and its deadline. */
export interface UpdatePeriod {
  taxYear: TaxYear;
  /** 1 to 4. */
  quarter: number;
  start: string;
  end: string;
  due: string;
}

const ENDS: Record<QuarterType, Array<[number, string]>> = {
  // [years after the tax year's start year, month-day]
  standard: [
    [0, '07-05'],
    [0, '10-05'],
    [1, '01-05'],
    [1, '04-05'],
  ],
  calendar: [
    [0, '06-30'],
    [0, '09-30'],
    [0, '12-31'],
    [1, '03-31'],
  ],
};
const DUES: Array<[number, string]> = [
  [0, '08-07'],
  [0, '11-07'],
  [1, '02-07'],
  [1, '05-07'],
];

/** The four cumulative update periods of a tax year for a quarter type, oldest first. */
export function updatePeriods(taxYear: TaxYear, type: QuarterType): UpdatePeriod[] {
  const year = startYearOf(taxYear);
  const start = type === 'standard' ? `${year}-04-06` : `${year}-04-01`;
  return ENDS[type].map(([after, monthDay], i) => ({
    taxYear,
    quarter: i + 1,
    start,
    end: `${year + after}-${monthDay}`,
    due: `${year + DUES[i]![0]}-${DUES[i]![1]}`,
  }));
}

/**
 * The tax year whose updates hold a day: its tax year, except that with calendar quarters 1 to 5 April belong to
 * the next year's updates (which start on 1 April).
 */
export function updateYearOfDay(day: string, type: QuarterType): TaxYear {
  const year = Number(day.slice(0, 4));
  const monthDay = day.slice(5);
  if (type === 'calendar') return taxYearLabel(monthDay >= '04-01' ? year : year - 1);
  return taxYearOfDay(day);
}

/** The update period whose quarter holds a day (the quarter itself, not the whole cumulative period). */
export function periodHolding(day: string, type: QuarterType): UpdatePeriod {
  const periods = updatePeriods(updateYearOfDay(day, type), type);
  return periods.find((period) => day <= period.end) ?? periods[3]!;
}

export const TaxYearSchema = lazy(() => z.string().refine(isTaxYear, 'Tax year must be written like 2026-27.'));
