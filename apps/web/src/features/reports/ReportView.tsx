import { formatReportPeriod, REPORT_TITLES, type ReportType } from '@brade/contract';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { loadReport } from '../../api/reports';
import { LineTransactionsDialog } from './LineTransactionsDialog';
import { type OpenableLine, openableLines, pounds } from './report-lines';
import type { ReportMonth } from './report-months';

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
        <Typography variant="body2" color="text.secondary">
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
        <Box sx={{ overflowX: 'auto', maxWidth: 720 }}>
          <Table size="small" aria-label={title}>
            <TableBody>
              {report.data.rows.map((row, i) => {
                const openable = lines[i];
                const strong = row.header || row.total || row.net_income;
                return (
                  <TableRow key={`${row.description}|${row.header}|${row.total}|${row.net_income}`}>
                    <TableCell sx={{ fontWeight: strong ? 700 : 400, pl: row.header || strong ? 1 : 3 }}>
                      {openable ? (
                        <Link
                          component="button"
                          type="button"
                          underline="hover"
                          onClick={() => setLine({ ...openable, label: row.description })}
                          sx={{ textAlign: 'left', fontSize: 'inherit' }}
                        >
                          {row.description}
                        </Link>
                      ) : (
                        row.description
                      )}
                      {row.subtext && (
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                          {row.subtext}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}>
                      {row.amount === null ? '' : pounds.format(row.amount)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {line && (
        <LineTransactionsDialog id={id} month={month} line={line} readOnly={readOnly} onClose={() => setLine(null)} />
      )}
    </Box>
  );
}
