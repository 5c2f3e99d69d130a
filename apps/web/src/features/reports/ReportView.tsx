import { formatReportPeriod, REPORT_TITLES, type ReportType } from '@brade/contract';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { loadSalesCategories } from '../../api/books';
import { errorText } from '../../api/error-text';
import { loadReport } from '../../api/reports';
import { ReportTable } from './ReportTable';
import { type OpenableLine, openableLines } from './report-lines';
import type { ReportMonth } from './report-months';
import { TeamBreakdown } from './TeamBreakdown';

/** A line's transactions and the rename dialog load when first opened, not with the Reports page. */
const LineTransactionsDialog = lazy(() =>
  import('./LineTransactionsDialog').then((m) => ({ default: m.LineTransactionsDialog })),
);
const RenameCategoryDialog = lazy(() =>
  import('./RenameCategoryDialog').then((m) => ({ default: m.RenameCategoryDialog })),
);

interface Props {
  id: string;
  type: ReportType;
  month: ReportMonth;
  /** The demo account opens lines and their transactions but cannot move them. */
  readOnly: boolean;
  /** On phones the report is its own view with Back. */
  onBack?: () => void;
}

/**
 * A month's report on the page (beyond the spec): the same lines and totals as its PDF; a line opens its
 * transactions.
 */
export function ReportView({ id, type, month, readOnly, onBack }: Props) {
  const report = useQuery({
    queryKey: ['reports', id, 'report', type, month.year, month.month],
    queryFn: () => loadReport(id, { type, month: month.month, year: month.year }),
    retry: false,
  });
  const [line, setLine] = useState<(OpenableLine & { label: string }) | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  // The sales categories the owner may rename (docs/finance.md, "What was sold"); the demo account cannot.
  const categories = useQuery({
    queryKey: ['reports', id, 'sales-categories'],
    queryFn: () => loadSalesCategories(id),
    enabled: !readOnly && type !== 'expense' && type !== 'vat',
    retry: false,
  });
  const renameable = new Set(readOnly ? [] : (categories.data ?? []).map((c) => c.name));
  const title = `${REPORT_TITLES[type]}, ${month.label}`;
  const lines = report.data ? openableLines(report.data) : [];

  return (
    <Box
      component="section"
      aria-label={title}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      {onBack && (
        <Box>
          <Button startIcon={<ArrowBackRoundedIcon />} onClick={onBack}>
            Back
          </Button>
        </Box>
      )}
      {/* On its own view (phones) the report's title is the page's heading. */}
      <Typography variant="h2" component={onBack ? 'h1' : 'h2'} sx={{ fontSize: '1.15rem' }}>
        {title}
      </Typography>
      {report.data && (
        <Typography variant="body2" color="textSecondary">
          {formatReportPeriod(report.data.period)}. Select a line to see its transactions.
        </Typography>
      )}
      {report.isPending && <CircularProgress size={24} aria-label="Loading the report" />}
      {report.isError && (
        <Alert severity="error">
          {errorText(report.error, {
            noText: `We couldn't load the ${title}. Please try again.`,
            failure: `We couldn't load the ${title}. Please try again.`,
          })}
        </Alert>
      )}
      {report.data && (
        <Box sx={{ overflowX: 'auto', maxWidth: report.data.comparison ? 1160 : 720 }}>
          <ReportTable
            report={report.data}
            title={title}
            lines={lines}
            onOpen={setLine}
            renameable={renameable}
            onRename={setRenaming}
          />
        </Box>
      )}
      {report.data?.comparison && (
        <Typography variant="caption" color="textSecondary">
          Compared with {report.data.comparison.previous.label} and {report.data.comparison.last_year.label}
          {report.data.comparison.previous.until ? ': the same days, to the same time of day' : ''}.
        </Typography>
      )}
      {type === 'sales' && <TeamBreakdown id={id} month={month} onOpen={setLine} heading={onBack ? 'h2' : 'h3'} />}
      {renaming && (
        <Suspense>
          <RenameCategoryDialog
            id={id}
            category={renaming}
            defaultName={categories.data?.find((c) => c.name === renaming)?.default_name}
            onClose={() => setRenaming(null)}
          />
        </Suspense>
      )}
      {line && (
        <Suspense>
          <LineTransactionsDialog id={id} month={month} line={line} readOnly={readOnly} onClose={() => setLine(null)} />
        </Suspense>
      )}
    </Box>
  );
}
