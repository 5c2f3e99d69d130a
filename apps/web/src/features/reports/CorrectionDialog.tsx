import type { LedgerTransaction } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { correctTransaction, loadCorrectionOptions } from '../../api/books';
import { errorText } from '../../api/error-text';
import { pounds } from './report-lines';

interface Props {
  id: string;
  transaction: LedgerTransaction;
  onClose: () => void;
}

const plural = (n: number) => `${n.toLocaleString('en-GB')} transaction${n === 1 ? '' : 's'}`;

/**
 * Moves a transaction to another category; "also apply to similar transactions" moves every one from the same
 * counterparty (the count is shown before confirming) and keeps a rule for future imports.
 */
export function CorrectionDialog({ id, transaction, onClose }: Props) {
  const client = useQueryClient();
  const options = useQuery({
    queryKey: ['books', id, 'correction-options', transaction.id],
    queryFn: () => loadCorrectionOptions(id, transaction.id),
    retry: false,
  });
  const [category, setCategory] = useState('');
  const [similar, setSimilar] = useState(false);
  const move = useMutation({
    mutationFn: () => correctTransaction(id, { transaction_id: transaction.id, category, apply_to_similar: similar }),
    onSuccess: async () => {
      // Every figure moved at once: the report, its lines, the dashboard, the rules.
      await client.invalidateQueries();
      onClose();
    },
  });
  const count = similar && options.data?.similar ? options.data.similar.count : 1;
  const failure = "We couldn't move this transaction. Please try again.";

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="correction-title">
      <DialogTitle id="correction-title">Move to another category</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2">
          {transaction.description}, {pounds.format(transaction.amount)}, now in {transaction.category}.
        </Typography>
        {options.isPending && <CircularProgress size={20} aria-label="Loading categories" />}
        {options.isError && <Alert severity="error">{errorText(options.error, { noText: failure, failure })}</Alert>}
        {options.data && (
          <>
            <TextField
              select
              label="New category"
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              sx={{ mt: 1 }}
            >
              {options.data.categories
                .filter((c) => c !== options.data.category)
                .map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
            </TextField>
            {options.data.similar && (
              <FormControlLabel
                control={<Checkbox checked={similar} onChange={(e) => setSimilar(e.target.checked)} />}
                label="Also apply to similar transactions"
              />
            )}
            {options.data.similar && similar && (
              <Alert severity="info">
                {options.data.kind === 'item'
                  ? `Every sale of ${options.data.similar.counterparty} (${plural(options.data.similar.count)})`
                  : `${plural(options.data.similar.count)} from ${options.data.similar.counterparty}`}{' '}
                will move
                {category ? ` to ${category}` : ''}, and future ones will follow this rule. You can remove the rule in
                Settings.
              </Alert>
            )}
          </>
        )}
        {move.isError && <Alert severity="error">{errorText(move.error, { noText: failure, failure })}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!category || move.isPending}
          onClick={() => move.mutate()}
          startIcon={move.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
        >
          Move {plural(count)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
