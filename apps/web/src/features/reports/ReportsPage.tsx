import { CASH_BASIS_NOTE, REPORT_TITLES, REPORT_TYPES, type ReportType } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { loadReportYears } from '../../api/books';
import { loadMonthlyExpenses, loadMonthlySales } from '../../api/dashboard';
import { stored } from '../../api/session';
import { isDemoAccount } from '../../shell/demo-account';
import { NARROW_QUERY } from '../../shell/layout';
import { BradeBot } from '../assistant/BradeBot';
import { IncomeTaxEntry } from './IncomeTaxEntry';
import { MonthList } from './MonthList';
import { figuresForYear, ReportsChart } from './ReportsChart';
import { ReportView } from './ReportView';
import { useReportActions } from './use-report-actions';
import { useReportView } from './use-report-view';
import { VatObligationsPanel } from './vat-return/VatObligationsPanel';

const tabId = (type: ReportType) => `report-tab-${type}`;
const panelId = (type: ReportType) => `report-panel-${type}`;

/** The chart's two monthly series; the loaders never throw (a failure is logged and shows as no figures). */
function useYearFigures(id: string, year: number) {
  const options = { retry: false, staleTime: 60_000 } as const;
  const sales = useQuery({
    queryKey: ['reports', id, 'monthly-sales'],
    queryFn: () => loadMonthlySales(id),
    ...options,
  });
  const costs = useQuery({
    queryKey: ['reports', id, 'monthly-expenses'],
    queryFn: () => loadMonthlyExpenses(id),
    ...options,
  });
  if (!sales.data || !costs.data) return undefined;
  return figuresForYear(year, sales.data.data, costs.data.data);
}

/** The years the selector offers: this year and every earlier year with data (this year alone on failure). */
function useReportYears(id: string, thisYear: number): number[] {
  const years = useQuery({
    queryKey: ['reports', id, 'years'],
    queryFn: () => loadReportYears(id),
    retry: false,
    staleTime: 60_000,
  });
  return years.data && years.data.length > 0 ? years.data : [thisYear];
}

/**
 * /main-menu/reports (docs/product.md, "Screens and routes"). Beyond the spec: a year selector, and a month's name
 * opens its report on the page (its own view with Back on phones).
 */
export default function ReportsPage() {
  // The shell only renders its children with a stored id.
  const id = stored.id() ?? '';
  const view = useReportView();
  const { type, year, months, open } = view;
  const years = useReportYears(id, view.thisYear);
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const readOnly = isDemoAccount(stored.email());
  const { busy, error, dismissError, run } = useReportActions(id);
  const figures = useYearFigures(id, view.thisYear);

  if (narrow && open) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <ReportView id={id} type={type} month={open} readOnly={readOnly} onBack={() => view.openMonth(null)} />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1400, minWidth: 0 }}>
      <Typography variant="h1">Reports</Typography>
      <Paper elevation={0} sx={{ border: '1px solid', borderColor: 'divider', overflow: 'hidden' }}>
        <Tabs
          value={type}
          onChange={(_, next: ReportType) => {
            view.setType(next);
            dismissError();
          }}
          aria-label="Reports"
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ px: { xs: 1, sm: 2 }, borderBottom: '1px solid', borderColor: 'divider' }}
        >
          {REPORT_TYPES.map((t) => (
            <Tab key={t} value={t} label={REPORT_TITLES[t]} id={tabId(t)} aria-controls={panelId(t)} />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={panelId(type)}
          aria-labelledby={tabId(type)}
          sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
              {REPORT_TITLES[type]} for each month of {year}, newest first. View it as a PDF or download the figures as
              CSV. {CASH_BASIS_NOTE} in each month.
            </Typography>
            <TextField
              select
              size="small"
              label="Year"
              value={year}
              onChange={(e) => view.setYear(Number(e.target.value))}
              sx={{ width: 120 }}
            >
              {years.map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {error && (
            <Alert severity="error" onClose={dismissError}>
              {error}
            </Alert>
          )}
          <MonthList
            type={type}
            months={months}
            busy={busy}
            onAction={(month, format) => void run(type, month, format)}
            selected={open}
            onSelect={(month) => view.openMonth(month)}
          />
          {open && <ReportView id={id} type={type} month={open} readOnly={readOnly} />}
          {/* Beyond the spec: the VAT returns of a registered business (docs/finance.md, "The VAT return"). */}
          {type === 'vat' && <VatObligationsPanel id={id} />}
        </Box>
      </Paper>
      <IncomeTaxEntry id={id} />
      <ReportsChart year={view.thisYear} figures={figures} />
      {/* Report mode: BradeBot comments on the report open on the page, else the newest month of the year shown. */}
      <BradeBot report={{ type, month: (open ?? months[0]!).month, year }} />
    </Box>
  );
}
