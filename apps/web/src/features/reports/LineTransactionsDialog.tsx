import {
  type LedgerTransaction,
  type LineTransactionsResponse,
  monthName,
  type TransactionSort,
} from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { loadLineTransactions } from '../../api/books';
import { errorText } from '../../api/error-text';
import { NARROW_QUERY } from '../../shell/layout';
import { CorrectionDialog } from './CorrectionDialog';
import { type OpenableLine, pounds } from './report-lines';
import type { ReportMonth } from './report-months';

const COLUMNS: Array<{ sort: TransactionSort | null; label: string; numeric?: boolean }> = [
  { sort: 'date', label: 'Date' },
  { sort: 'description', label: 'Description' },
  { sort: 'counterparty', label: 'Counterparty' },
  { sort: 'amount', label: 'Amount', numeric: true },
  { sort: null, label: 'VAT', numeric: true },
  { sort: 'category', label: 'Category' },
  { sort: 'provider', label: 'Provider' },
];

const PROVIDERS: Record<string, string> = { bank: 'Bank', stripe: 'Stripe', square: 'Square', sumup: 'SumUp' };

const shortDay = (day: string) =>
  `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7))).slice(0, 3)} ${day.slice(0, 4)}`;

interface Props {
  id: string;
  month: ReportMonth;
  line: OpenableLine & { label: string };
  readOnly: boolean;
  onClose: () => void;
}

/** What a page of transactions asks for, whatever they are behind (a report's line, a box of the VAT return). */
export interface PageRequest {
  search?: string;
  sort: TransactionSort;
  direction: 'asc' | 'desc';
  page: number;
  page_size: number;
}

/** Where a dialog's transactions come from, and how their total reads. */
export interface TransactionSource {
  title: string;
  /** Identifies the set in the query cache; the page request is added to it. */
  key: readonly unknown[];
  load: (request: PageRequest) => Promise<LineTransactionsResponse>;
  /** The sentence after the count, e.g. '£640.83 net of VAT (VAT £128.17)'. */
  total?: (page: LineTransactionsResponse) => string;
}

const lineTotal = (page: LineTransactionsResponse) =>
  `${pounds.format(page.total_amount)}${page.total_vat !== 0 ? ` net of VAT (VAT ${pounds.format(page.total_vat)})` : ''}`;

/** The transactions behind one line of a month's report: sortable, searchable, a page at a time. */
export function LineTransactionsDialog({ id, month, line, readOnly, onClose }: Props) {
  const source: TransactionSource = {
    title: `${line.label}, ${month.label}`,
    key: [
      'reports',
      id,
      'line',
      month.year,
      month.month,
      line.group,
      line.category ?? null,
      line.item ?? null,
      line.teamMember ?? null,
    ],
    load: (request) =>
      loadLineTransactions(id, {
        month: month.month,
        year: month.year,
        group: line.group,
        ...(line.category !== undefined ? { category: line.category } : {}),
        ...(line.item !== undefined ? { item: line.item } : {}),
        ...(line.teamMember !== undefined ? { team_member: line.teamMember } : {}),
        ...request,
      }),
  };
  return <TransactionsDialog id={id} source={source} readOnly={readOnly} onClose={onClose} />;
}

/**
 * Transactions from any source in one dialog: sortable, searchable, a page at a time; bank lines can be moved, and a
 * source may add an action of its own to each row (`rowAction`: a quarterly update's disallowable part).
 */
export function TransactionsDialog({
  id,
  source,
  readOnly,
  onClose,
  rowAction,
}: {
  id: string;
  source: TransactionSource;
  readOnly: boolean;
  onClose: () => void;
  rowAction?: (transaction: LedgerTransaction) => ReactNode;
}) {
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TransactionSort>('date');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [moving, setMoving] = useState<LedgerTransaction | null>(null);

  // The search runs once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);

  const request: PageRequest = {
    ...(search ? { search } : {}),
    sort,
    direction,
    page: page + 1,
    page_size: pageSize,
  };
  const rows = useQuery({
    queryKey: [...source.key, request],
    queryFn: () => source.load(request),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const sortBy = (next: TransactionSort) => {
    if (next === sort) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setSort(next);
      setDirection(next === 'date' || next === 'amount' ? 'desc' : 'asc');
    }
    setPage(0);
  };
  const title = source.title;

  return (
    <Dialog open onClose={onClose} fullScreen={narrow} fullWidth maxWidth="lg" aria-labelledby="line-dialog-title">
      <DialogTitle id="line-dialog-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', pt: 1 }}>
          <TextField
            label="Search transactions"
            size="small"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            sx={{ minWidth: 240, flex: '1 1 240px', maxWidth: 360 }}
          />
          {rows.data && (
            <Typography variant="body2" color="textSecondary" aria-live="polite">
              {rows.data.total_count.toLocaleString('en-GB')} transaction{rows.data.total_count === 1 ? '' : 's'},{' '}
              {(source.total ?? lineTotal)(rows.data)}
            </Typography>
          )}
          {rows.isFetching && <CircularProgress size={18} aria-label="Loading transactions" />}
        </Box>
        {rows.isError && (
          <Alert severity="error">
            {errorText(rows.error, {
              noText: "We couldn't load these transactions. Please try again.",
              failure: "We couldn't load these transactions. Please try again.",
            })}
          </Alert>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={`Transactions of ${title}`}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell
                    key={c.label}
                    align={c.numeric ? 'right' : 'left'}
                    sortDirection={c.sort === sort ? direction : false}
                  >
                    {c.sort ? (
                      <TableSortLabel
                        active={c.sort === sort}
                        direction={c.sort === sort ? direction : 'asc'}
                        onClick={() => sortBy(c.sort!)}
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                ))}
                {!readOnly && <TableCell aria-label="Actions" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.data?.transactions.map((t) => (
                <TableRow key={t.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDay(t.date)}</TableCell>
                  <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{t.description}</TableCell>
                  <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>{t.counterparty ?? ''}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {pounds.format(t.amount)}
                  </TableCell>
                  <TableCell align="right">{t.vat === null ? '—' : pounds.format(t.vat)}</TableCell>
                  <TableCell>
                    {t.category}
                    {t.corrected && (
                      <Typography component="span" variant="caption" color="textSecondary" sx={{ ml: 0.5 }}>
                        (yours)
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{PROVIDERS[t.provider] ?? t.provider}</TableCell>
                  {!readOnly && (
                    <TableCell>
                      {t.correctable && (
                        <Button size="small" onClick={() => setMoving(t)} aria-label={`Move ${t.description}`}>
                          Move
                        </Button>
                      )}
                      {rowAction?.(t)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {rows.data && rows.data.transactions.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + 1}>No transactions match.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
        <TablePagination
          component="div"
          count={rows.data?.total_count ?? 0}
          page={rows.data && page * pageSize >= rows.data.total_count && page > 0 ? 0 : page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[25, 50, 100, 200]}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {moving && <CorrectionDialog id={id} transaction={moving} onClose={() => setMoving(null)} />}
    </Dialog>
  );
}
