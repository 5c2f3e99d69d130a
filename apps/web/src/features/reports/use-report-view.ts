import { londonDateOf, type ReportType } from '@brade/contract';
import { useMemo, useState } from 'react';
import { type ReportMonth, reportMonthsOf } from './report-months';

/**
 * What the Reports screen shows, in one place: the tab (report type), the year, and the month whose report is open
 * on the page (null when none is). Anything that needs to know which report the owner is looking at reads it here.
 */
export function useReportView() {
  const today = useMemo(() => londonDateOf(new Date()), []);
  const thisYear = Number(today.slice(0, 4));
  const [type, setType] = useState<ReportType>('sales');
  const [year, setYearState] = useState(thisYear);
  const [openMonth, setOpenMonth] = useState<number | null>(null);
  const months = useMemo(() => reportMonthsOf(today, year), [today, year]);
  const open: ReportMonth | null = months.find((m) => m.month === openMonth) ?? null;
  return {
    today,
    thisYear,
    type,
    setType,
    year,
    /** A new year closes the open month's report. */
    setYear: (next: number) => {
      setYearState(next);
      setOpenMonth(null);
    },
    months,
    /** The month whose report is shown on the page. */
    open,
    openMonth: (month: ReportMonth | null) => setOpenMonth(month?.month ?? null),
  };
}

export type ReportView = ReturnType<typeof useReportView>;
