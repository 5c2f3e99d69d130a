import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { LogoutDialog } from '../../shell/LogoutDialog';
import { useSignOut } from '../../shell/use-sign-out';

/**
 * Logout with a confirmation dialog, then signout_user, local storage cleared and /login (docs/product.md, "States and
 * transitions").
 */
export function LogoutButton() {
  const [open, setOpen] = useState(false);
  const { signingOut, signOut } = useSignOut();
  return (
    <>
      <Button variant="outlined" color="error" size="small" startIcon={<Logout />} onClick={() => setOpen(true)}>
        Logout
      </Button>
      <LogoutDialog
        open={open}
        signingOut={signingOut}
        onCancel={() => setOpen(false)}
        onConfirm={() => void signOut()}
      />
    </>
  );
}
