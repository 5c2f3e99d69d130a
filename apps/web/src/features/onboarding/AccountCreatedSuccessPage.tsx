import { CONNECT_MESSAGES } from '@brade/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { TIMINGS } from '../../app/timings';
import { AuthLayout } from '../../ui/AuthLayout';
import { useRedirectAfter } from '../../ui/use-redirect-after';
import { clearOnboardingState } from './onboarding-state';

/**
 * The end of onboarding: 'Account Created Successfully!', then the dashboard after 3.5 seconds (docs/product.md,
 * "Screens and routes" and 9). `failure` is shown when the last provider did not connect; the redirect happens all the
 * same.
 */
export function AccountCreated({ failure }: { failure?: string }) {
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
      <Typography role="status" color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
        {CONNECT_MESSAGES.redirectingToDashboard}
      </Typography>
      <Button component={RouterLink} to="/main-menu" replace variant="contained" size="large" fullWidth>
        Go to my dashboard
      </Button>
    </AuthLayout>
  );
}

export default function AccountCreatedSuccessPage() {
  return <AccountCreated />;
}
