import { VAT_DECLARATION, type VatReturnDraft } from '@brade/contract';
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
import { errorText } from '../../../api/error-text';
import { getVatReturnDraft, loadVatBoxTransactions, submitVatReturn, type VatPeriod } from '../../../api/vat-return';
import { type TransactionSource, TransactionsDialog } from '../LineTransactionsDialog';
import { pounds } from '../report-lines';
import { HeldReturnDialog } from './HeldReturnDialog';
import { box2Pounds, VatBoxesTable, withBox2 } from './VatBoxesTable';
import { VatReceiptCard } from './VatReceiptCard';
import { longDay, periodText, vatKeys } from './vat-text';

const SUBMIT_FAILURE = 'Your VAT return was not filed. Please try again.';

function FlatRateTest({ test }: { test: NonNullable<VatReturnDraft['flat_rate_test']> }) {
  return (
    <Typography variant="body2" color="textSecondary">
      Flat rate {test.rates.map((r) => `${r} %`).join(', then ') || 'not yet applied'}. Limited-cost-trader test: goods{' '}
      {pounds.format(test.goods)} against 2 % of VAT-inclusive turnover ({pounds.format(test.two_percent)} of{' '}
      {pounds.format(test.turnover)}) and {pounds.format(test.quarter_floor)} a quarter:{' '}
      {test.limited_cost ? 'a limited-cost trader, so 16.5 %' : 'not a limited-cost trader, so the business’s own rate'}
      .
    </Typography>
  );
}

/**
 * One period's return (beyond the spec; docs/finance.md, "The VAT return"): the nine boxes from the books, each
 * opening its transactions, what may look wrong, HMRC's declaration word for word with a tick box, and Submit; once
 * filed, HMRC's receipt and what HMRC holds.
 */
export function VatReturnPanel({ id, period }: { id: string; period: VatPeriod }) {
  const client = useQueryClient();
  const draft = useQuery({
    queryKey: vatKeys.draft(id, period.start, period.end, period.period_key),
    queryFn: () => getVatReturnDraft(id, period),
    retry: false,
  });
  const [box2, setBox2] = useState('0');
  const [declared, setDeclared] = useState(false);
  const [box, setBox] = useState<1 | 4 | 6 | 7 | null>(null);
  const [viewing, setViewing] = useState(false);
  const submit = useMutation({
    mutationFn: (input: Parameters<typeof submitVatReturn>[1]) => submitVatReturn(id, input),
    onSuccess: () => {
      setDeclared(false);
      void client.invalidateQueries({ queryKey: ['vat-return', id] });
    },
    onError: (error) => console.error('The VAT return was not filed', error),
  });

  if (draft.isPending) return <Skeleton variant="rounded" height={420} />;
  if (draft.isError) {
    return (
      <Alert severity="error">
        {errorText(draft.error, {
          noText: 'Could not work out this return. Please try again.',
          failure: 'Could not work out this return. Please try again.',
        })}
      </Alert>
    );
  }
  const d = draft.data;
  const typedBox2 = box2Pounds(box2);
  const boxes = withBox2(d.boxes, typedBox2 ?? 0);
  const canFile = d.cannot_file === null && d.period_key !== null;
  const source: TransactionSource | null =
    box === null
      ? null
      : {
          title: `Box ${box}, ${periodText(d.period.start, d.period.end)}`,
          key: ['vat-return', id, 'box', d.period.start, d.period.end, box],
          load: (request) => loadVatBoxTransactions(id, { start: d.period.start, end: d.period.end, box, ...request }),
          total: (page) => `box ${box}: ${pounds.format((page as typeof page & { box_total: number }).box_total)}`,
        };
  const filedKey = d.receipt?.period_key ?? (d.cannot_file === 'HMRC has this return.' ? d.period_key : null);

  return (
    <Paper
      component="section"
      aria-label={`VAT return, ${periodText(d.period.start, d.period.end)}`}
      elevation={0}
      sx={{ p: { xs: 2, sm: 3 }, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {periodText(d.period.start, d.period.end)}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {d.scheme === 'flat_rate' ? 'Flat Rate Scheme' : 'Standard scheme'}, due by {longDay(d.period.due)}. Every box
          comes from your books for exactly these dates; select a box to see its transactions.
        </Typography>
      </Box>
      {d.flat_rate_test && <FlatRateTest test={d.flat_rate_test} />}
      {d.warnings.length > 0 && (
        <Alert severity="warning">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {d.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <VatBoxesTable
          boxes={boxes}
          withRows={d.boxes_with_rows}
          box2={box2}
          onBox2={setBox2}
          onOpen={setBox}
          editable={canFile && !submit.isSuccess}
        />
      </Box>
      {typedBox2 === null && <Alert severity="error">Box 2 must be an amount in pounds and pence.</Alert>}
      {d.receipt && <VatReceiptCard receipt={d.receipt} />}
      {submit.data && !d.receipt && <VatReceiptCard receipt={submit.data.receipt} />}
      {d.cannot_file && !d.receipt && <Alert severity="info">{d.cannot_file}</Alert>}
      {canFile && !submit.isSuccess && (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <FormControlLabel
            control={<Checkbox checked={declared} onChange={(e) => setDeclared(e.target.checked)} />}
            label={VAT_DECLARATION}
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
          />
          {submit.isError && (
            <Alert severity="error">
              {errorText(submit.error, { noText: SUBMIT_FAILURE, failure: SUBMIT_FAILURE })}
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1.5 }}>
            {submit.isPending && <CircularProgress size={18} aria-label="Filing with HMRC" />}
            <Button
              variant="contained"
              size="large"
              disabled={!declared || typedBox2 === null || submit.isPending}
              onClick={() =>
                submit.mutate({
                  period: { ...period, period_key: d.period_key! },
                  acquisitionsVat: typedBox2 ?? 0,
                  boxes,
                })
              }
            >
              Submit to HMRC
            </Button>
          </Box>
        </Box>
      )}
      {filedKey && (
        <Box>
          <Button onClick={() => setViewing(true)}>See what HMRC holds</Button>
        </Box>
      )}
      {source && <TransactionsDialog id={id} source={source} readOnly onClose={() => setBox(null)} />}
      {viewing && filedKey && (
        <HeldReturnDialog
          id={id}
          period={{ start: d.period.start, end: d.period.end, period_key: filedKey }}
          onClose={() => setViewing(false)}
        />
      )}
    </Paper>
  );
}
