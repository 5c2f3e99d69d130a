import { CASH_BASIS_NOTE, londonDateOf, REPORT_TITLES, REPORT_TYPES, type ReportType } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { loadMonthlyExpenses, loadMonthlySales } from '../../api/dashboard';
import { stored } from '../../api/session';
import { MonthList } from './MonthList';
import { figuresForYear, ReportsChart } from './ReportsChart';
import { reportMonths } from './report-months';
import { useReportActions } from './use-report-actions';

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

/** /main-menu/reports (docs/product.md, "Screens and routes"). */
export default function ReportsPage() {
  // The shell only renders its children with a stored id.
  const id = stored.id() ?? '';
  const today = useMemo(() => londonDateOf(new Date()), []);
  const months = useMemo(() => reportMonths(today), [today]);
  const year = months[0]!.year;
  const [type, setType] = useState<ReportType>('sales');
  const { busy, error, dismissError, run } = useReportActions(id);
  const figures = useYearFigures(id, year);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1400, minWidth: 0 }}>
      <Typography variant="h1">Reports</Typography>
      <Paper elevation={0} sx={{ border: '1px solid', borderColor: 'divider', overflow: 'hidden' }}>
        <Tabs
          value={type}
          onChange={(_, next: ReportType) => {
            setType(next);
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
          <Typography variant="body2" color="text.secondary">
            {REPORT_TITLES[type]} for each month of {year}, newest first. View it as a PDF or download the figures as
            CSV. {CASH_BASIS_NOTE} in each month.
          </Typography>
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
          />
        </Box>
      </Paper>
      <ReportsChart year={year} figures={figures} />
    </Box>
  );
}
