import { formatPounds, poundsToPence } from '../money.js';
import type { Report, ReportLine } from './model.js';

/**
 * The comparison columns of a report (docs/finance.md, "Comparisons"), worked out once for the page, the PDF and the
 * CSV: each compared figure, the change in pounds (exact, from whole pence) and in percent with one decimal (none when
 * the earlier figure is 0).
 */
export interface ComparedCell {
  /** The earlier figure, pounds. */
  then: number;
  /** Now less then, pounds. */
  change: number;
  /** The change over the earlier figure's size, one decimal; null when the earlier figure is 0. */
  percent: number | null;
}

function cell(now: number, then: number): ComparedCell {
  const nowPence = poundsToPence(now);
  const thenPence = poundsToPence(then);
  const change = nowPence - thenPence;
  return {
    then,
    change: change / 100,
    percent: thenPence === 0 ? null : Math.round((change / Math.abs(thenPence)) * 1000) / 10,
  };
}

/** A row's two comparisons, or null for a row without them (a header, a row without an amount). */
export function comparedCells(row: ReportLine): { previous: ComparedCell; lastYear: ComparedCell } | null {
  if (row.amount === null || !row.compare) return null;
  return { previous: cell(row.amount, row.compare.previous), lastYear: cell(row.amount, row.compare.last_year) };
}

/** '+£120.00', '-£45.50' (as amounts are written), '£0.00'. */
export function formatChange(pounds: number): string {
  return pounds > 0 ? `+${formatPounds(pounds)}` : formatPounds(pounds);
}

/** The two compared periods' column labels, when the report has comparisons. */
export function comparisonLabels(report: Pick<Report, 'comparison'>): { previous: string; lastYear: string } | null {
  return report.comparison
    ? { previous: report.comparison.previous.label, lastYear: report.comparison.last_year.label }
    : null;
}
