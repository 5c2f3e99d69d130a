import { CONNECT_MESSAGES, type ConnectableProcessor } from '@brade/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../ui/AuthLayout';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { connectMessage, notifyOpener } from '../connect/connect-message';
import { type FinishResult, finishConnection } from '../connect/finish-connection';
import { AccountCreated } from './AccountCreatedSuccessPage';
import { completeStep, loadOnboardingState, saveOnboardingState, stepOf } from './onboarding-state';

type View =
  | { kind: 'working' }
  | { kind: 'popup-done'; ok: boolean }
  | { kind: 'stripe-onboarding'; ok: boolean }
  | { kind: 'unknown-return' };

/** A full-page return during onboarding moves the queue on itself, as the opener would have after a pop-up. */
function advanceOnboarding(processor: ConnectableProcessor): void {
  const saved = loadOnboardingState();
  if (saved && saved.posQueue[0] === stepOf(processor)) saveOnboardingState(completeStep(saved));
}

/**
 * /stripe-redirect, /square-redirect, /sumup-redirect and /gocardless-redirect (docs/product.md, "Screens and routes"):
 * finishes the connection with the server, tells the opener (exact-origin postMessage and BroadcastChannel, no code or
 * token) and closes. After a full-page redirect (pop-ups blocked) there is no opener: the result shows here instead and
 * the flow carries on where it started.
 */
export function ConnectRedirectPage({ processor }: { processor: ConnectableProcessor }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [view, setView] = useState<View>({ kind: 'working' });
  // The code is single-use: StrictMode's second effect run must not send it again.
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the address the page opened with
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    // The code and state have done their job; keep them out of the history and any later copy of the address.
    navigate(pathname, { replace: true });

    finishConnection(processor, params).then(({ ok, attempt, reason }: FinishResult) => {
      if (window.opener || attempt?.mode === 'popup') {
        notifyOpener(connectMessage(processor, ok ? 'SUCCESS' : 'ERROR', reason));
        setView({ kind: 'popup-done', ok });
        window.close();
        return;
      }
      if (!attempt) {
        setView({ kind: 'unknown-return' });
      } else if (attempt.from === 'settings') {
        navigate('/main-menu/settings', { replace: true });
      } else if (processor === 'stripe') {
        setView({ kind: 'stripe-onboarding', ok });
      } else {
        if (ok) advanceOnboarding(processor);
        navigate('/queued-pos-links', { replace: true, state: ok ? null : { connectError: true } });
      }
    });
  }, []);

  switch (view.kind) {
    case 'working':
      return <FullPageLoader label="Finishing the connection" />;
    case 'stripe-onboarding':
      return <AccountCreated failure={view.ok ? undefined : CONNECT_MESSAGES.stripeTokenFailure} />;
    case 'popup-done':
      // Normally gone by now: the window closes itself. Some browsers keep it open; then say what happened.
      return (
        <AuthLayout
          title={view.ok ? 'Connected' : 'Not connected'}
          icon={
            view.ok ? (
              <CheckCircle color="success" sx={{ fontSize: 64 }} aria-hidden />
            ) : (
              <ErrorOutline color="error" sx={{ fontSize: 64 }} aria-hidden />
            )
          }
        >
          {!view.ok && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {CONNECT_MESSAGES.popupError}
            </Alert>
          )}
          <Typography color="textSecondary" sx={{ textAlign: 'center' }}>
            You can close this window.
          </Typography>
        </AuthLayout>
      );
    case 'unknown-return':
      return (
        <AuthLayout title="Not connected" icon={<ErrorOutline color="error" sx={{ fontSize: 64 }} aria-hidden />}>
          <Alert severity="error" sx={{ mb: 3 }}>
            {CONNECT_MESSAGES.popupError}
          </Alert>
          <Button component={RouterLink} to="/main-menu" replace variant="contained" size="large" fullWidth>
            Go to my dashboard
          </Button>
        </AuthLayout>
      );
  }
}

/** One entry per return route; the router picks the page by key. */
export const redirectPages = {
  stripe: () => <ConnectRedirectPage processor="stripe" />,
  square: () => <ConnectRedirectPage processor="square" />,
  sumup: () => <ConnectRedirectPage processor="sumup" />,
  gocardless: () => <ConnectRedirectPage processor="gocardless" />,
};
