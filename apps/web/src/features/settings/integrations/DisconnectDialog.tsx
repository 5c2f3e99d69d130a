import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface DisconnectDialogProps {
  /** The card being disconnected ('Stripe', 'Business Account'); null: closed. */
  title: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a disconnection, which is hard to undo (a new consent at the provider), and says what stays. */
export function DisconnectDialog({ title, onCancel, onConfirm }: DisconnectDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={title !== null} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Disconnect {title}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Brade stops importing from {title}. The transactions already imported stay in your figures and reports. To
          import again later, connect it again.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          Disconnect
        </Button>
      </DialogActions>
    </Dialog>
  );
}
