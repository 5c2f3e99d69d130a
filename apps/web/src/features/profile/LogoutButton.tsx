import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useSignOut } from '../../shell/use-sign-out';

/**
 * Logout with a confirmation dialog, then signout_user, local storage cleared and /login (docs/product.md, "States and
 * transitions").
 */
export function LogoutButton() {
  const [open, setOpen] = useState(false);
  const { signingOut, signOut } = useSignOut();
  const titleId = useId();
  const textId = useId();
  return (
    <>
      <Button variant="outlined" color="error" size="small" startIcon={<Logout />} onClick={() => setOpen(true)}>
        Logout
      </Button>
      <Dialog
        open={open}
        onClose={() => !signingOut && setOpen(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>Log out?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>You will need to sign in again to see your salon's figures.</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setOpen(false)} disabled={signingOut}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void signOut()} disabled={signingOut}>
            Log out
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
