import { CONNECT_MESSAGES, type ConnectableProcessor, linkStepTitle, sourceName } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../ui/AuthLayout';
import { type ConnectResult, useConnect } from '../connect/use-connect';
import {
  afterQueue,
  completeStep,
  isKnownStep,
  type KnownStep,
  loadOnboardingState,
  type OnboardingState,
  type QueuedPosLinksNavigation,
  resolveQueue,
  saveOnboardingState,
  stepOf,
} from './onboarding-state';

const STEP_TEXT: Record<KnownStep, string> = {
  stripe: 'Brade imports your Stripe payments, refunds and fees to work out your revenue.',
  square: 'Brade imports your Square payments, refunds and fees to work out your revenue.',
  sumup: 'Brade imports your SumUp transactions, refunds and fees to work out your revenue.',
  bank: 'Brade reads your business bank account through open banking to work out your expenses.',
};

const providerName = (step: KnownStep) => sourceName(step);

/**
 * /queued-pos-links: one card at a time for each chosen processor, then the bank (docs/product.md, "Screens and
 * routes"). Skip and a successful connection both complete the step; the queue is saved as `onboarding_state` at every
 * change, so a reload or a full-page return from the provider carries on where the owner was.
 */
export default function QueuedPosLinksPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = (location.state ?? null) as QueuedPosLinksNavigation | null;
  const [queue, setQueue] = useState<OnboardingState | null>(() => resolveQueue(navigation, loadOnboardingState()));
  const [error, setError] = useState<string | null>(navigation?.connectError ? CONNECT_MESSAGES.popupError : null);

  const step = queue?.posQueue[0];
  const finished = queue !== null && step === undefined;

  useEffect(() => {
    if (queue) saveOnboardingState(queue);
  }, [queue]);

  useEffect(() => {
    // Once saved, the state is the record; a reload must not restart the queue from the navigation state.
    if (location.state) navigate('.', { replace: true, state: null });
  }, [location.state, navigate]);

  useEffect(() => {
    if (queue && finished) navigate(afterQueue(queue), { replace: true });
  }, [queue, finished, navigate]);

  const complete = () => {
    setError(null);
    setQueue((current) => (current ? completeStep(current) : current));
  };

  const { busy, connectCard, connectBank } = useConnect({
    from: 'onboarding',
    onResult: ({ processor, ok }: ConnectResult) => {
      if (!ok) {
        setError(CONNECT_MESSAGES.popupError);
        return;
      }
      setQueue((current) => (current && current.posQueue[0] === stepOf(processor) ? completeStep(current) : current));
      setError(null);
    },
    onStartError: (processor: ConnectableProcessor, startError: unknown) => {
      console.error(`Could not start the ${processor} connection`, startError);
      setError(processor === 'gocardless' ? CONNECT_MESSAGES.bankLinkFailure : CONNECT_MESSAGES.popupError);
    },
  });

  if (!queue) return <Navigate to="/link-your-pos" replace />;
  if (finished) return null;

  const known = isKnownStep(step);
  const total = queue.selectedBank ? 1 : queue.selectedPOS.length;
  const position = total - queue.posQueue.length + 1;

  const connect = () => {
    setError(null);
    if (!known) return;
    if (step !== 'bank') connectCard(step);
    else if (queue.selectedBank) connectBank(queue.selectedBank);
  };

  return (
    <AuthLayout
      wide
      title={known ? linkStepTitle(step) : 'Link your account'}
      subtitle={known && total > 1 ? `Step ${position} of ${total}` : undefined}
    >
      <Stack spacing={2.5}>
        {known ? (
          <Typography color="textSecondary">
            {STEP_TEXT[step]} A secure window opens where you sign in to {providerName(step)} and approve read-only
            access.
          </Typography>
        ) : (
          <Alert severity="error">{CONNECT_MESSAGES.unknownPos}</Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        {busy && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
            <CircularProgress size={18} aria-hidden />
            <Typography variant="body2">Finish connecting in the pop-up window.</Typography>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button variant="outlined" size="large" onClick={complete} disabled={busy !== null}>
            Skip
          </Button>
          <Button variant="contained" size="large" onClick={connect} disabled={!known || busy !== null}>
            Connect
          </Button>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
