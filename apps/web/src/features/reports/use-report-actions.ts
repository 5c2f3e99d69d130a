import { REPORT_TITLES, type ReportType, reportFileName, reportToCsv } from '@brade/contract';
import { useCallback, useState } from 'react';
import { loadReport } from '../../api/reports';
import { NARROW_QUERY } from '../../shell/layout';
import type { ReportMonth } from './report-months';
import { downloadBlob, openPendingTab, showBlobInTab } from './save-file';

export type ReportFormat = 'pdf' | 'csv';

export const actionKey = (type: ReportType, month: ReportMonth, format: ReportFormat) =>
  `${type}:${month.year}-${month.month}:${format}`;

const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/**
 * 'View PDF' and 'Download CSV' for one month's report. The PDF writer (jsPDF) is loaded only when a PDF is asked
 * for; wider than 1024px the PDF opens in a new tab, otherwise (and when pop-ups are blocked) it is downloaded
 * (docs/product.md, "Constants and looks").
 */
export function useReportActions(id: string) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const track = useCallback((key: string, on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const run = useCallback(
    async (type: ReportType, month: ReportMonth, format: ReportFormat) => {
      const key = actionKey(type, month, format);
      const title = REPORT_TITLES[type];
      // Opened before anything is awaited: only then does the browser treat it as the user's own click.
      const tab = format === 'pdf' && !isNarrow() ? openPendingTab(`Preparing your ${title}…`) : null;
      setError(null);
      track(key, true);
      try {
        const request = { type, month: month.month, year: month.year };
        if (format === 'csv') {
          const report = await loadReport(id, request);
          downloadBlob(
            new Blob([reportToCsv(report)], { type: 'text/csv;charset=utf-8' }),
            reportFileName(report, 'csv'),
          );
          return;
        }
        const [report, { renderReportPdf }] = await Promise.all([
          loadReport(id, request),
          import('@brade/contract/report-pdf'),
        ]);
        const pdf = new Blob([renderReportPdf(report)], { type: 'application/pdf' });
        if (tab) showBlobInTab(tab, pdf);
        else downloadBlob(pdf, reportFileName(report, 'pdf'));
      } catch (failure) {
        tab?.close();
        console.error(`Could not prepare the ${title} for ${month.label}`, failure);
        const fallback = `We couldn't prepare the ${title} for ${month.label}. Please try again.`;
        // Loaded when first needed, as the alert that shows it.
        const { errorText } = await import('../../api/error-text');
        setError(errorText(failure, { noText: fallback, failure: fallback }));
      } finally {
        track(key, false);
      }
    },
    [id, track],
  );

  return { busy, error, dismissError: () => setError(null), run };
}
