import { formatPence } from '../money.js';
import { startYearOf, type TaxYear, taxYearEnd, taxYearLabel, taxYearStart } from './tax-year.js';

/**
 * Whether Making Tax Digital for Income Tax applies (docs/finance.md, "Income Tax"). HMRC decides a tax year from the
 * qualifying income on the return two years before: income over £50,000 in 2024-25 brings the owner in from 6 April
 * 2026, over £30,000 in 2025-26 from 6 April 2027, over £20,000 in 2026-27 from 6 April 2028. Qualifying income is
 * turnover and other business income before expenses, of every self-employment and letting added together.
 */
export const MTD_THRESHOLDS: ReadonlyArray<{ fromYear: number; pence: number }> = [
  { fromYear: 2026, pence: 5_000_000 },
  { fromYear: 2027, pence: 3_000_000 },
  { fromYear: 2028, pence: 2_000_000 },
];

/** The threshold of the tax year starting in `startYear`; null before Making Tax Digital for Income Tax began. */
export function mtdThresholdFor(startYear: number): number | null {
  let found: number | null = null;
  for (const threshold of MTD_THRESHOLDS) if (startYear >= threshold.fromYear) found = threshold.pence;
  return found;
}

export interface QualifyingIncome {
  pence: number;
  taxYear: TaxYear;
  /** Worked out from Brade's books for that whole tax year, or told by the owner. */
  source: 'books' | 'owner';
}

export interface MtdVerdict {
  /** Null when the figure decides no year Making Tax Digital for Income Tax covers. */
  applies: boolean | null;
  /** The tax year the figure decides. */
  decides: TaxYear;
  thresholdPence: number | null;
  sentence: string;
}

const MONTHS = [
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
/** '6 April 2026'. */
export const longDay = (day: string) =>
  `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
const wholePounds = (pence: number) => formatPence(pence).replace(/\.00$/, '');

/** The sentence the owner reads, with the figure used and where it came from. */
export function mtdVerdict(income: QualifyingIncome): MtdVerdict {
  const decidesYear = startYearOf(income.taxYear) + 2;
  const decides = taxYearLabel(decidesYear);
  const threshold = mtdThresholdFor(decidesYear);
  const where =
    income.source === 'books'
      ? `in Brade's books, ${longDay(taxYearStart(income.taxYear))} to ${longDay(taxYearEnd(income.taxYear))}`
      : 'as you told us';
  const figure = `your qualifying income in ${income.taxYear} was ${formatPence(income.pence)} (${where})`;
  if (threshold === null) {
    return {
      applies: null,
      decides,
      thresholdPence: null,
      sentence: `${capital(figure)}. Making Tax Digital for Income Tax starts on 6 April 2026 and HMRC decides it from 2024-25 income, so this figure decides nothing yet.`,
    };
  }
  const start = longDay(taxYearStart(decides));
  if (income.pence > threshold) {
    return {
      applies: true,
      decides,
      thresholdPence: threshold,
      sentence: `Making Tax Digital for Income Tax applies to you from ${start}: ${figure}, over the ${wholePounds(threshold)} threshold.`,
    };
  }
  const lower = MTD_THRESHOLDS.find((t) => t.fromYear > decidesYear && t.pence < threshold);
  const next = lower
    ? ` From ${longDay(`${lower.fromYear}-04-06`)} the threshold is ${wholePounds(lower.pence)}, decided by your ${taxYearLabel(lower.fromYear - 2)} income.`
    : '';
  return {
    applies: false,
    decides,
    thresholdPence: threshold,
    sentence: `From this figure Making Tax Digital for Income Tax does not apply to you in ${decides}: ${figure}, not over the ${wholePounds(threshold)} threshold.${next} You can still send quarterly updates if you choose to.`,
  };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A reminder of what the figure must hold, shown beside it. */
export const QUALIFYING_INCOME_NOTE =
  'Qualifying income is turnover and other business income before expenses. Brade counts this business only: income from lettings or another self-employment adds to it.';
