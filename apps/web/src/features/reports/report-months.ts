import { monthName } from '@brade/contract';

export interface ReportMonth {
  month: number;
  year: number;
  /** 'April 2026' */
  label: string;
  /** The month still running: its report is month to date. */
  current: boolean;
}

/**
 * docs/product.md, "Screens and routes": January of the current year up to the current month, newest first. `today` is
 * a Europe/London day 'YYYY-MM-DD'.
 */
export function reportMonths(today: string): ReportMonth[] {
  const year = Number(today.slice(0, 4));
  const latest = Number(today.slice(5, 7));
  return Array.from({ length: latest }, (_, i) => {
    const month = latest - i;
    return { month, year, label: `${monthName(month)} ${year}`, current: month === latest };
  });
}

/**
 * The months of a year on the Reports screen: the current year as the spec lists it (above); an earlier year
 * (beyond the spec, docs/finance.md "Every year") all twelve months, December first.
 */
export function reportMonthsOf(today: string, year: number): ReportMonth[] {
  if (year >= Number(today.slice(0, 4))) return reportMonths(today);
  return Array.from({ length: 12 }, (_, i) => {
    const month = 12 - i;
    return { month, year, label: `${monthName(month)} ${year}`, current: false };
  });
}
