import { INCOME_TAX_MESSAGES, type LedgerTransaction } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { markDisallowable } from '../../api/income-tax';
import { TextInput } from '../../ui/TextInput';
import { pounds } from '../reports/report-lines';
import { incomeTaxKeys } from './income-tax-text';

/**
 * Marks the part of an expense that is not allowable for tax (the owner's own drawings paid as wages, the private share
 * of a bill): it stays in the expense's total and HMRC is told it separately (docs/finance.md, "Income Tax").
 */
export function DisallowableDialog({
  id,
  transaction,
  marked,
  onClose,
}: {
  id: string;
  transaction: LedgerTransaction;
  marked: number | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const net = Math.round((transaction.amount - (transaction.vat ?? 0)) * 100) / 100;
  const [typed, setTyped] = useState(String(marked ?? net));
  const save = useMutation({
    mutationFn: (amount: number | null) => markDisallowable(id, transaction.id, amount),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: incomeTaxKeys.all(id) });
      onClose();
    },
  });
  const amount = /^\d+(\.\d{1,2})?$/.test(typed.trim().replace(/^£/, ''))
    ? Number(typed.trim().replace(/^£/, ''))
    : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby="disallowable-title" fullWidth maxWidth="sm">
      <DialogTitle id="disallowable-title">Not allowable for tax</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          {transaction.description}, {pounds.format(net)}
          {transaction.vat ? ' net of VAT' : ''}. The part you mark stays in the expense’s total; HMRC is told it is not
          allowable, so it does not lower your profit.
        </DialogContentText>
        <TextInput
          label="Disallowable part (£)"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={amount === null}
          helperText={amount === null ? INCOME_TAX_MESSAGES.disallowableInvalid : undefined}
          disabled={save.isPending}
        />
        {save.isError && (
          <Alert severity="error">
            {errorText(save.error, { noText: INCOME_TAX_MESSAGES.failure, failure: INCOME_TAX_MESSAGES.failure })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {marked !== null && (
          <Button disabled={save.isPending} onClick={() => save.mutate(null)} sx={{ mr: 'auto' }}>
            Remove the mark
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={amount === null || save.isPending} onClick={() => save.mutate(amount)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
