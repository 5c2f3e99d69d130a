import { CASH_BASIS_NOTE, REPORT_TITLES, REPORT_TYPES, type ReportType } from '@brade/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadReportYears } from '../../api/books';
import { loadMonthlyExpenses, loadMonthlySales } from '../../api/dashboard';
import { stored } from '../../api/session';
import { isDemoAccount } from '../../shell/demo-account';
import { NARROW_QUERY } from '../../shell/layout';
import { cx } from '../../ui/class-names';
import { PlainTabs } from '../../ui/PlainTabs';
import plain from '../../ui/plain.module.css';
import { useAfterFirstScreen } from '../../ui/use-after-first-screen';
import { useMediaQuery } from '../../ui/use-media-query';
import { BradeBot, BradeBotPlaceholder } from '../assistant/BradeBot';
import { IncomeTaxEntry } from './IncomeTaxEntry';
import { MonthList } from './MonthList';
import { figuresForYear, ReportsChart } from './ReportsChart';
import s from './reports.module.css';
import { useReportActions } from './use-report-actions';
import { useReportView } from './use-report-view';
import { YearStandIn } from './YearStandIn';

/** Shown only after a failed PDF or CSV, so the page does not load MUI's Alert before it is needed. */
const Alert = lazy(() => import('@mui/material/Alert'));
/** The VAT tab's returns (beyond the spec) load with that tab, not with the page. */
const VatObligationsPanel = lazy(() =>
  import('./vat-return/VatObligationsPanel').then((m) => ({ default: m.VatObligationsPanel })),
);

/** MUI's select, after the first render; YearStandIn looks the same until then. */
const YearSelect = lazy(() => import('./YearSelect'));
/** A month's report on the page: its code is fetched once the page is drawn, before any month is opened. */
const loadReportView = () => import('./ReportView');
const ReportView = lazy(() => loadReportView().then((m) => ({ default: m.ReportView })));

const CARD = cx(plain.card, s.reportsCard);

const tabId = (type: ReportType) => `report-tab-${type}`;
const panelId = (type: ReportType) => `report-panel-${type}`;
const TABS = REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TITLES[t], id: tabId(t), controls: panelId(t) }));

/** The page's calls: the chart's two monthly series and the years with data. */
function reportsQueries(id: string) {
  const options = { retry: false, staleTime: 60_000 } as const;
  return {
    // The loaders never throw (a failure is logged and shows as no figures).
    sales: queryOptions({
      queryKey: ['reports', id, 'monthly-sales'],
      queryFn: () => loadMonthlySales(id),
      ...options,
    }),
    costs: queryOptions({
      queryKey: ['reports', id, 'monthly-expenses'],
      queryFn: () => loadMonthlyExpenses(id),
      ...options,
    }),
    years: queryOptions({ queryKey: ['reports', id, 'years'], queryFn: () => loadReportYears(id), ...options }),
  };
}

/** The chart's two monthly series, asked once the page is painted (`asked`). */
function useYearFigures(id: string, year: number, asked: boolean) {
  const q = reportsQueries(id);
  const sales = useQuery({ ...q.sales, enabled: asked });
  const costs = useQuery({ ...q.costs, enabled: asked });
  if (!sales.data || !costs.data) return undefined;
  return figuresForYear(year, sales.data.data, costs.data.data);
}

/**
 * The years the selector offers: this year and every earlier year with data (this year alone on failure, and until
 * asked, once the page is painted).
 */
function useReportYears(id: string, thisYear: number, asked: boolean): number[] {
  const years = useQuery({ ...reportsQueries(id).years, enabled: asked });
  return years.data && years.data.length > 0 ? years.data : [thisYear];
}

/**
 * /main-menu/reports (docs/product.md, "Screens and routes"). Beyond the spec: a year selector, and a month's name
 * opens its report on the page (its own view with Back on phones).
 */
export default function ReportsPage() {
  // The shell only renders its children with a stored id.
  const id = stored.id() ?? '';
  // What the first screen does not wait for starts once it is painted: the calls (the chart is below the fold on a
  // phone, and the years matter once the select opens), the select's and a report's code, BradeBot's panel.
  const painted = useAfterFirstScreen('painted');
  const view = useReportView();
  const { type, year, months, open } = view;
  const years = useReportYears(id, view.thisYear, painted);
  const narrow = useMediaQuery(NARROW_QUERY);
  const readOnly = isDemoAccount(stored.email());
  const { busy, error, dismissError, run } = useReportActions(id);
  const figures = useYearFigures(id, view.thisYear, painted);
  // Pressed before YearSelect was there: it opens as it arrives.
  const [openYear, setOpenYear] = useState(false);
  // ...once: the list drawn again (Back from a month's report on a phone) must not open it again.
  const [yearAnswered, setYearAnswered] = useState(false);
  const yearFocused = useRef(false);
  useEffect(() => {
    if (painted) void loadReportView();
  }, [painted]);

  const yearStandIn = <YearStandIn year={year} onOpen={() => setOpenYear(true)} focused={yearFocused} />;

  if (narrow && open) {
    return (
      <div className={s.reportOnly}>
        <Suspense>
          <ReportView id={id} type={type} month={open} readOnly={readOnly} onBack={() => view.openMonth(null)} />
        </Suspense>
      </div>
    );
  }

  return (
    // The frame and the tabs are plain elements with static classes (reports.module.css, ui/tabs.module.css); the
    // year select stays MUI's.
    <div className={s.page}>
      <h1 className={s.title}>Reports</h1>
      <div className={CARD}>
        <PlainTabs
          tabs={TABS}
          value={type}
          onChange={(next) => {
            view.setType(next);
            dismissError();
          }}
          aria-label="Reports"
          className={s.tabs}
        />
        <div role="tabpanel" id={panelId(type)} aria-labelledby={tabId(type)} className={s.panel}>
          <div className={s.intro}>
            <p className={s.introText}>
              {REPORT_TITLES[type]} for each month of {year}, newest first. View it as a PDF or download the figures as
              CSV. {CASH_BASIS_NOTE} in each month.
            </p>
            {painted || openYear ? (
              <Suspense fallback={yearStandIn}>
                <YearSelect
                  year={year}
                  years={years}
                  onChange={view.setYear}
                  openAtOnce={openYear && !yearAnswered}
                  standInFocused={yearFocused}
                  onShown={() => setYearAnswered(openYear)}
                />
              </Suspense>
            ) : (
              yearStandIn
            )}
          </div>
          {error && (
            <Suspense>
              <Alert severity="error" onClose={dismissError}>
                {error}
              </Alert>
            </Suspense>
          )}
          <MonthList
            type={type}
            months={months}
            busy={busy}
            onAction={(month, format) => void run(type, month, format)}
            selected={open}
            onSelect={(month) => view.openMonth(month)}
          />
          {open && (
            <Suspense>
              <ReportView id={id} type={type} month={open} readOnly={readOnly} />
            </Suspense>
          )}
          {/* Beyond the spec: the VAT returns of a registered business (docs/finance.md, "The VAT return"). */}
          {type === 'vat' && (
            <Suspense>
              <VatObligationsPanel id={id} />
            </Suspense>
          )}
        </div>
      </div>
      <IncomeTaxEntry id={id} />
      <ReportsChart year={view.thisYear} figures={figures} />
      {/* Report mode: BradeBot comments on the report open on the page, else the newest month of the year shown. */}
      {painted ? <BradeBot report={{ type, month: (open ?? months[0]!).month, year }} /> : <BradeBotPlaceholder />}
    </div>
  );
}
