import { MESSAGES } from '@brade/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../ui/AuthLayout';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { TIMINGS } from '../../ui/timings';
import { useElapsed } from '../../ui/use-elapsed';

export default function AllDonePage() {
  const finished = useElapsed(TIMINGS.allDoneMs);
  if (!finished) return <FullPageLoader label="Finishing up" />;
  return (
    <AuthLayout title={MESSAGES.allDone} icon={<CheckCircle color="success" sx={{ fontSize: 64 }} aria-hidden />}>
      <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
        Back to Login
      </Button>
    </AuthLayout>
  );
}
