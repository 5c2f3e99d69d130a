import Button from '@mui/material/Button';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Link as RouterLink } from 'react-router';
import { stored } from '../../api/session';
import { queryClient } from '../../shell/query-client';
import { AuthLayout } from '../../ui/AuthLayout';
import { IntegrationCards } from '../settings/integrations/IntegrationCards';

/**
 * /link-your-pos-account (its contents are "not shown" in the spec): the place to link or re-link providers after
 * onboarding, outside the main menu. It shows the same cards as Settings → Integrations and leads to the dashboard.
 */
export default function LinkYourPosAccountPage() {
  const id = stored.id();
  if (!id || !stored.accessToken()) return <Navigate to="/login" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <AuthLayout
        wide
        title="Link your accounts"
        subtitle="Connect or reconnect your card-payment providers and your business bank account."
      >
        <IntegrationCards id={id} columns={1} />
        <Button component={RouterLink} to="/main-menu" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
          Go to my dashboard
        </Button>
      </AuthLayout>
    </QueryClientProvider>
  );
}
