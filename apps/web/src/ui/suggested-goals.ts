import { monthName } from '@brade/contract';
import { SHORT_MONTHS } from './charts/chart-format';

/**
 * Where a suggested revenue target comes from (docs/finance.md, "Goal progress"): 'your average takings of Aug–Oct
 * 2026', 'your takings in October 2026', or the spec's usual starting point when the books had no month to average.
 * Used by the dashboard's goal cards and Settings' Financial Goals.
 */
export function suggestionBasis(months: readonly string[]): string {
  if (months.length === 0) return 'a usual starting point until your books show a whole month';
  const short = (month: string) => SHORT_MONTHS[Number(month.slice(5, 7)) - 1];
  const first = months[0]!;
  const last = months[months.length - 1]!;
  if (months.length === 1) return `your takings in ${monthName(Number(first.slice(5, 7)))} ${first.slice(0, 4)}`;
  return `your average takings of ${short(first)}–${short(last)} ${last.slice(0, 4)}`;
}
