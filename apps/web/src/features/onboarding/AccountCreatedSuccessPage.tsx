import { CONNECT_MESSAGES } from '@brade/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../ui/AuthLayout';
import { TIMINGS } from '../../ui/timings';
import { useRedirectAfter } from '../../ui/use-redirect-after';
import { clearOnboardingState, loadOnboardingState } from './onboarding-state';
import { useStillToLink } from './use-still-to-link';

/**
 * The end of onboarding: 'Account Created Successfully!', then the dashboard after 3.5 seconds (docs/product.md,
 * "Screens and routes"), as the page promises: always. `failure` is shown when the last provider did not connect;
 * the redirect happens all the same. When something the owner chose (or the bank) is still to link, the screen
 * names it beside the promise; the dashboard and Settings keep saying so.
 */
export function AccountCreated({ failure, stillToLink = [] }: { failure?: string; stillToLink?: string[] }) {
  useEffect(() => clearOnboardingState(), []);
  useRedirectAfter(true, '/main-menu', TIMINGS.accountCreatedRedirectMs);
  return (
    <AuthLayout
      title={CONNECT_MESSAGES.accountCreated}
      icon={<CheckCircle color="success" sx={{ fontSize: 64 }} aria-hidden />}
    >
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Typography role="status" color="textSecondary" sx={{ textAlign: 'center', mb: 3 }}>
        {CONNECT_MESSAGES.redirectingToDashboard}
      </Typography>
      {stillToLink.length > 0 && (
        <Box data-testid="still-to-link" sx={{ mb: 3, color: 'text.secondary', textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>
            Still to link: {list.format(stillToLink)}.
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Until then Brade shows only what it can import. You can link {stillToLink.length > 1 ? 'them' : 'it'} at any
            time in Settings, under Integrations.
          </Typography>
        </Box>
      )}
      <Button component={RouterLink} to="/main-menu" replace variant="contained" size="large" fullWidth>
        Go to my dashboard
      </Button>
    </AuthLayout>
  );
}

const list = new Intl.ListFormat('en-GB', { type: 'conjunction' });

export default function AccountCreatedSuccessPage() {
  // Read before AccountCreated clears the onboarding state.
  const [chosen] = useState(() => loadOnboardingState()?.selectedPOS ?? []);
  return <AccountCreated stillToLink={useStillToLink(chosen)} />;
}
