import {
  type ExpensesMode,
  type HmrcExpenseCategory,
  INCOME_TAX_MESSAGES,
  type LedgerTransaction,
  type Obligation,
} from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { getQuarterlyFigures, loadIncomeTaxTransactions, sendQuarterlyUpdate } from '../../api/income-tax';
import { type TransactionSource, TransactionsDialog } from '../reports/LineTransactionsDialog';
import { pounds } from '../reports/report-lines';
import { CategoryMapDialog } from './CategoryMapDialog';
import { DisallowableDialog } from './DisallowableDialog';
import { type FigureSection, FiguresTable } from './FiguresTable';
import { incomeTaxKeys, longDay, periodText } from './income-tax-text';
import { SentUpdateCard } from './SentUpdateCard';

const SEND_FAILURE = 'Your quarterly update was not sent. Please try again.';
const SECTION_NAMES: Record<FigureSection, string> = {
  turnover: 'Turnover',
  other_income: 'Other business income',
  expenses: 'Expenses',
};

/** Why Send is not offered for this period, in words; null when it is. */
function cannotSend(obligation: Obligation, connected: boolean, readOnly: boolean, today: string): string | null {
  if (readOnly) return INCOME_TAX_MESSAGES.readOnlyDemo;
  if (!connected) return 'Connect HMRC (above) to send this update.';
  const tenDaysBefore = new Date(`${obligation.end}T00:00:00Z`);
  tenDaysBefore.setUTCDate(tenDaysBefore.getUTCDate() - 10);
  if (today < tenDaysBefore.toISOString().slice(0, 10))
    return `This period runs to ${longDay(obligation.end)}: HMRC takes its update from 10 days before its end.`;
  return null;
}

/**
 * One quarterly update (docs/product.md, "Screens and routes"): the figures from the books in HMRC's categories with the
 * transactions behind each, what is left out and why, the warnings, a confirmation and Send; once sent, what HMRC
 * holds, and "changed since sent" when the books move after it.
 */
export function QuarterlyUpdatePanel({
  id,
  obligation,
  expenses,
  connected,
  readOnly,
  today,
  latestSentEnd,
}: {
  id: string;
  obligation: Obligation;
  expenses: ExpensesMode;
  connected: boolean;
  readOnly: boolean;
  today: string;
  /** The latest period end Brade sent this tax year: a correction to an earlier one goes with it. */
  latestSentEnd: string | null;
}) {
  const client = useQueryClient();
  const period = { start: obligation.start, end: obligation.end };
  const figures = useQuery({
    queryKey: incomeTaxKeys.figures(id, period.start, period.end),
    queryFn: () => getQuarterlyFigures(id, period),
    retry: false,
  });
  const [confirmed, setConfirmed] = useState(false);
  const [open, setOpen] = useState<{ section: FigureSection; category: string } | null>(null);
  const [mapping, setMapping] = useState<{ category: string; hmrc: HmrcExpenseCategory; mine: boolean } | null>(null);
  const [marking, setMarking] = useState<{ transaction: LedgerTransaction; marked: number | null } | null>(null);
  const send = useMutation({
    mutationFn: (mode: ExpensesMode) => sendQuarterlyUpdate(id, period, mode),
    onSuccess: () => {
      setConfirmed(false);
      void client.invalidateQueries({ queryKey: incomeTaxKeys.all(id) });
    },
    onError: (error) => console.error('The quarterly update was not sent', error),
  });

  if (figures.isPending) return <Skeleton variant="rounded" height={420} />;
  if (figures.isError)
    return (
      <Alert severity="error">
        {errorText(figures.error, {
          noText: 'Could not work out this update. Please try again.',
          failure: 'Could not work out this update. Please try again.',
        })}
      </Alert>
    );
  const f = figures.data;
  const mode: ExpensesMode = expenses === 'consolidated' && f.consolidated_allowed ? 'consolidated' : 'itemised';
  const refusal = cannotSend(obligation, connected, readOnly, today);
  const superseded = latestSentEnd !== null && latestSentEnd > obligation.end;
  const sent = f.last_sent;
  const offerSend = !refusal && !superseded && (!sent || f.changed_since_sent) && f.turnover.amount >= 0;
  const source: TransactionSource | null = open && {
    title: `${open.category} (${SECTION_NAMES[open.section]}), ${periodText(period.start, period.end)}`,
    key: ['income-tax', id, 'transactions', period.start, period.end, open.section, open.category],
    load: (request) => loadIncomeTaxTransactions(id, { ...period, ...open, ...request }),
  };

  return (
    <Paper
      component="section"
      aria-label={`Quarterly update, ${periodText(period.start, period.end)}`}
      elevation={0}
      sx={{ p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {periodText(period.start, period.end)}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Quarter {obligation.quarter} of {f.tax_year}, due by {longDay(obligation.due)}. The figures run from the start
          of the year to the quarter’s end, from your books; select a category to see its transactions. {f.basis}
        </Typography>
      </Box>
      {f.warnings.length > 0 && (
        <Alert severity="warning">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {f.warnings.map((w) => (
              <li key={w.code} data-code={w.code}>
                {w.text}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <FiguresTable
          figures={f}
          onOpen={(section, category) => setOpen({ section, category })}
          onMap={
            readOnly ? undefined : (c, hmrc) => setMapping({ category: c.category, hmrc, mine: c.mapped_by_owner })
          }
        />
      </Box>
      {mode === 'consolidated' && (
        <Typography variant="body2">
          Expenses go to HMRC as one total of allowable expenses:{' '}
          <strong>{pounds.format(f.total_expenses - f.total_disallowable)}</strong>.
        </Typography>
      )}
      {f.left_out.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            In your books but never in an update
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {f.left_out.map((l) => (
              <Typography component="li" variant="body2" color="textSecondary" key={l.category}>
                {l.category}, {pounds.format(l.amount)}: {l.why}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {sent && <SentUpdateCard update={sent} />}
      {sent && f.changed_since_sent && !superseded && (
        <Alert severity="warning" data-testid="changed-since-sent">
          Changed since sent: send it again and HMRC replaces what it holds.
        </Alert>
      )}
      {superseded && (
        <Alert severity="info">
          A later update of this year has been sent. Updates run from the start of the year, so a correction here goes
          to HMRC with your latest quarter.
        </Alert>
      )}
      {refusal && !sent && <Alert severity="info">{refusal}</Alert>}
      {send.isError && (
        <Alert severity="error">{errorText(send.error, { noText: SEND_FAILURE, failure: SEND_FAILURE })}</Alert>
      )}
      {send.isSuccess && <Alert severity="success">{send.data.message}</Alert>}
      {offerSend && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <FormControlLabel
            control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
            label={INCOME_TAX_MESSAGES.confirmation}
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1.5 }}>
            {send.isPending && <CircularProgress size={18} aria-label="Sending to HMRC" />}
            <Button
              variant="contained"
              size="large"
              disabled={!confirmed || send.isPending}
              onClick={() => send.mutate(mode)}
            >
              {sent ? 'Send again' : 'Send to HMRC'}
            </Button>
          </Box>
        </Box>
      )}
      {source && (
        <TransactionsDialog
          id={id}
          source={source}
          readOnly={readOnly}
          onClose={() => {
            setOpen(null);
            void client.invalidateQueries({ queryKey: incomeTaxKeys.all(id) });
          }}
          rowAction={
            open?.section === 'expenses' && !readOnly
              ? (t) => {
                  const marked = (t as LedgerTransaction & { disallowable?: number | null }).disallowable ?? null;
                  return (
                    <Button size="small" onClick={() => setMarking({ transaction: t, marked })}>
                      {marked === null ? 'Disallowable…' : `Disallowable ${pounds.format(marked)}`}
                    </Button>
                  );
                }
              : undefined
          }
        />
      )}
      {mapping && (
        <CategoryMapDialog
          id={id}
          category={mapping.category}
          current={mapping.hmrc}
          mappedByOwner={mapping.mine}
          onClose={() => setMapping(null)}
        />
      )}
      {marking && (
        <DisallowableDialog
          id={id}
          transaction={marking.transaction}
          marked={marking.marked}
          onClose={() => setMarking(null)}
        />
      )}
    </Paper>
  );
}
