import { VAT_BOX_LABELS, type VatBoxName } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/error-text';
import { viewVatReturn } from '../../../api/vat-return';
import { pounds } from '../report-lines';
import { longDay, periodText } from './vat-text';

/** What HMRC holds for a period: the return it has, the charge it raised and the payments it received. */
export function HeldReturnDialog({
  id,
  period,
  onClose,
}: {
  id: string;
  period: { start: string; end: string; period_key: string };
  onClose: () => void;
}) {
  const held = useQuery({
    queryKey: ['vat-return', id, 'held', period.period_key],
    queryFn: () => viewVatReturn(id, period),
    retry: false,
  });
  const title = `What HMRC holds for ${periodText(period.start, period.end)}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="held-return-title">
      <DialogTitle id="held-return-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {held.isPending && <CircularProgress size={24} aria-label="Asking HMRC" />}
        {held.isError && (
          <Alert severity="error">
            {errorText(held.error, {
              noText: 'HMRC did not answer. Please try again.',
              failure: 'HMRC did not answer. Please try again.',
            })}
          </Alert>
        )}
        {held.data && !held.data.held && (
          <Alert severity="info">HMRC holds no return for this period that Brade can show.</Alert>
        )}
        {held.data?.held && (
          <Table size="small" aria-label="The return HMRC holds">
            <TableBody>
              {(Object.keys(VAT_BOX_LABELS) as VatBoxName[]).map((name, i) => (
                <TableRow key={name}>
                  <TableCell sx={{ fontWeight: 700 }}>{i + 1}</TableCell>
                  <TableCell>{VAT_BOX_LABELS[name]}</TableCell>
                  <TableCell align="right">{pounds.format(held.data.held![name])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {held.data && (
          <>
            {held.data.liabilities.map((l) => (
              <Typography key={`${l.type}-${l.due}`} variant="body2">
                {l.type}: {pounds.format(l.original)}
                {l.outstanding !== null && `, ${pounds.format(l.outstanding)} outstanding`}
                {l.due && `, due ${longDay(l.due)}`}
              </Typography>
            ))}
            {held.data.payments.map((p) => (
              <Typography key={`${p.amount}-${p.received}`} variant="body2">
                Payment received{p.received ? ` on ${longDay(p.received)}` : ''}: {pounds.format(p.amount)}
              </Typography>
            ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
