import type { MonthlyAmount } from '@brade/contract';
import { soFarNote } from '../../ui/charts/chart-format';
import { type ImportCoverage, monthStillImporting } from './import-coverage';

/** How a chart draws one month: whole, or partial with what makes it so ('1–27 Nov so far', 'still importing'). */
export interface MonthMark {
  partial: boolean;
  note: string | null;
}

/**
 * The month so far and the months an import has not reached yet are partial (docs/finance.md, "Comparisons" and
 * "Imports in progress"): drawn dashed and hollow, and named in the tooltip.
 */
export function monthMarks(months: readonly MonthlyAmount[], today: string, coverage: ImportCoverage): MonthMark[] {
  return months.map(({ month }) => {
    const notes = [soFarNote(month, today), monthStillImporting(coverage, month) ? 'still importing' : null].filter(
      (note): note is string => note !== null,
    );
    return { partial: notes.length > 0, note: notes.length > 0 ? notes.join(', ') : null };
  });
}

/** What the dashed line means on this chart: 'Dashed: 1–27 Nov so far'; null when every month is whole. */
export function partialKey(marks: readonly MonthMark[]): string | null {
  const notes = [...new Set(marks.flatMap((mark) => (mark.note ? mark.note.split(', ') : [])))];
  return notes.length > 0 ? `Dashed: ${notes.join('; ')}` : null;
}
