import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface LogoutDialogProps {
  open: boolean;
  signingOut: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The one confirmation before signing out, for Profile's Logout and the navigation's Log out alike. */
export function LogoutDialog({ open, signingOut, onCancel, onConfirm }: LogoutDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={() => !signingOut && onCancel()} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Log out?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>You will need to sign in again to see your salon's figures.</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={signingOut}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={signingOut}>
          Log out
        </Button>
      </DialogActions>
    </Dialog>
  );
}
