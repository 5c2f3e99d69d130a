import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../ui/AuthLayout';

export const COMING_SOON_TEXT = 'Linking payment providers is coming in the next release.';

/** Stand-in for the provider-linking screens, which a later release fills in. */
function ComingSoon({ title }: { title: string }) {
  return (
    <AuthLayout title={title}>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {COMING_SOON_TEXT}
      </Typography>
      <Button component={RouterLink} to="/main-menu" variant="contained" fullWidth>
        Go to my dashboard
      </Button>
    </AuthLayout>
  );
}

/** One entry per route; the router picks the page by key. */
export const comingSoonPages = {
  queuedPosLinks: () => <ComingSoon title="Link your accounts" />,
  linkYourPosAccount: () => <ComingSoon title="Link your POS account" />,
  linkBusinessBank: () => <ComingSoon title="Link your business bank account" />,
  accountCreatedSuccess: () => <ComingSoon title="Account created" />,
  stripeRedirect: () => <ComingSoon title="Connecting Stripe" />,
  squareRedirect: () => <ComingSoon title="Connecting Square" />,
  sumupRedirect: () => <ComingSoon title="Connecting SumUp" />,
  gocardlessRedirect: () => <ComingSoon title="Connecting your bank" />,
};
