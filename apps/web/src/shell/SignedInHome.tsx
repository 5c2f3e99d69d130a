import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../api/auth';
import { stored } from '../api/session';
import { pageBackground } from '../ui/AuthLayout';
import { BrandLogo } from '../ui/BrandLogo';
import { queryClient } from './query-client';
import { useUserDetails } from './use-user-details';

export function SignedInHome({ id }: { id: string }) {
  const navigate = useNavigate();
  const details = useUserDetails(id);
  const [signingOut, setSigningOut] = useState(false);
  const fullName = details.data?.fullName || stored.fullName() || '';

  useEffect(() => {
    // Data-load failures are only logged (spec section 8); the stored name still greets the owner.
    if (details.error) console.error('Could not load user details', details.error);
  }, [details.error]);

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut({ refresh_token: stored.refreshToken() ?? '', access_token: stored.accessToken() ?? '' });
    } catch (error) {
      // The local session ends regardless; the server's session expires on its own.
      console.error('Sign-out call failed', error);
    }
    localStorage.clear();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Box sx={{ ...pageBackground, display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}
      >
        <BrandLogo height={32} />
        <Button variant="outlined" onClick={handleSignOut} disabled={signingOut}>
          Sign out
        </Button>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 8 } }}>
        <Paper
          elevation={0}
          sx={{
            width: '100%',
            maxWidth: 720,
            alignSelf: 'flex-start',
            p: { xs: 3, sm: 5 },
            border: '1px solid',
            borderColor: 'divider',
            boxShadow: '0 12px 40px rgba(194, 24, 91, 0.08)',
          }}
        >
          <Stack spacing={1.5}>
            <Typography variant="h1">
              {fullName ? `Welcome, ${fullName}` : details.isPending ? <Skeleton width="60%" /> : 'Welcome'}
            </Typography>
            <Typography variant="h3" component="p" color="primary">
              {details.data ? details.data.salonName : details.isPending ? <Skeleton width="40%" /> : null}
            </Typography>
            <Typography variant="body1" color="text.secondary">
              Your dashboard, reports and settings are on their way. Linked payment providers and your business bank
              account will appear here.
            </Typography>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
