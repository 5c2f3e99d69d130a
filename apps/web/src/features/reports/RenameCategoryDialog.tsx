import { SALES_MESSAGES } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { renameSalesCategory } from '../../api/books';
import { errorText } from '../../api/error-text';

interface Props {
  id: string;
  category: string;
  /** The catalogue's own name, to offer going back to it. */
  defaultName: string | undefined;
  onClose: () => void;
}

/** Renames one of the owner's sales categories in every report (docs/finance.md, "The owner's corrections"). */
export function RenameCategoryDialog({ id, category, defaultName, onClose }: Props) {
  const client = useQueryClient();
  const [name, setName] = useState(category);
  const rename = useMutation({
    mutationFn: () => renameSalesCategory(id, { category, name }),
    onSuccess: async () => {
      await client.invalidateQueries();
      onClose();
    },
  });
  const failure = "We couldn't rename this category. Please try again.";
  const trimmed = name.trim();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="rename-title">
      <DialogTitle id="rename-title">Rename {category}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2">
          Every report shows the new name; the items in it stay where they are.
          {defaultName && defaultName !== category ? ` Its usual name is ${defaultName}.` : ''}
        </Typography>
        <TextField
          label="Category name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          error={trimmed === ''}
          helperText={trimmed === '' ? SALES_MESSAGES.nameRequired : ' '}
          sx={{ mt: 1 }}
          autoFocus
        />
        {rename.isError && <Alert severity="error">{errorText(rename.error, { noText: failure, failure })}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={trimmed === '' || trimmed === category || rename.isPending}
          onClick={() => rename.mutate()}
          startIcon={rename.isPending ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
        >
          Rename
        </Button>
      </DialogActions>
    </Dialog>
  );
}
