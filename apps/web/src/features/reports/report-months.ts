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
