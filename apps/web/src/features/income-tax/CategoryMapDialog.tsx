import {
  HMRC_EXPENSE_CATEGORIES,
  HMRC_EXPENSE_LABELS,
  type HmrcExpenseCategory,
  INCOME_TAX_MESSAGES,
} from '@brade/contract';
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
import { mapCategory } from '../../api/income-tax';
import { SelectInput } from '../../ui/SelectInput';
import { incomeTaxKeys } from './income-tax-text';

/** Puts one of the owner's expense categories under another of HMRC's headings, or back under Brade's usual one. */
export function CategoryMapDialog({
  id,
  category,
  current,
  mappedByOwner,
  onClose,
}: {
  id: string;
  category: string;
  current: HmrcExpenseCategory;
  mappedByOwner: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [choice, setChoice] = useState<HmrcExpenseCategory>(current);
  const save = useMutation({
    mutationFn: (hmrc: HmrcExpenseCategory | null) => mapCategory(id, category, hmrc),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: incomeTaxKeys.all(id) });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="map-category-title" fullWidth maxWidth="sm">
      <DialogTitle id="map-category-title">HMRC category of {category}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          Every quarterly update from now on puts your {category.toLowerCase()} under the category you choose. To move a
          single transaction, open its transactions and move it to another of your categories.
        </DialogContentText>
        <SelectInput
          label="HMRC category"
          options={HMRC_EXPENSE_CATEGORIES.map((value) => ({ value, label: HMRC_EXPENSE_LABELS[value] }))}
          value={choice}
          onChange={(event) => setChoice(event.target.value as HmrcExpenseCategory)}
          disabled={save.isPending}
        />
        {save.isError && (
          <Alert severity="error">
            {errorText(save.error, { noText: INCOME_TAX_MESSAGES.failure, failure: INCOME_TAX_MESSAGES.failure })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {mappedByOwner && (
          <Button disabled={save.isPending} onClick={() => save.mutate(null)} sx={{ mr: 'auto' }}>
            Back to Brade’s usual category
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={save.isPending || choice === current} onClick={() => save.mutate(choice)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
