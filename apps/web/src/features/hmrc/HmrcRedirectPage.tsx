import { HMRC_MESSAGES } from '@brade/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../api/error-text';
import { finishHmrcConnection } from '../../api/hmrc';
import { stored } from '../../api/session';
import { AuthLayout } from '../../ui/AuthLayout';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { notifyHmrcOpener, takeHmrcAttempt } from './hmrc-connect-attempt';

const RETURN_TO = {
  settings: '/main-menu/settings#integrations',
  'vat-return': '/main-menu/reports/vat-return',
  'quarterly-update': '/main-menu/reports/quarterly-update',
} as const;

/**
 * /hmrc-redirect (beyond the spec; docs/hmrc.md, "Connecting"): HMRC sends the owner back here with a code and the
 * state. The page hands both to the server only when the state is the one this browser started with, tells the
 * opener (a word, never the code) and closes; after a full-page return it goes back where the owner started.
 */
export default function HmrcRedirectPage() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the address the page opened with
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    // The code and state have done their job: keep them out of the history.
    navigate(pathname, { replace: true });
    const attempt = takeHmrcAttempt();
    const id = stored.id();
    const finish = async (): Promise<{ ok: boolean; text: string }> => {
      if (!attempt || !id || attempt.state !== params.get('state'))
        return { ok: false, text: HMRC_MESSAGES.connectFailed };
      try {
        await finishHmrcConnection(id, attempt.state, params);
        return { ok: true, text: 'Brade is connected to HMRC.' };
      } catch (error) {
        console.error('The HMRC connection did not complete', error);
        return {
          ok: false,
          text: errorText(error, { noText: HMRC_MESSAGES.connectFailed, failure: HMRC_MESSAGES.connectFailed }),
        };
      }
    };
    void finish().then((result) => {
      if (window.opener || attempt?.mode === 'popup') {
        notifyHmrcOpener({ type: result.ok ? 'HMRC_CONNECT_SUCCESS' : 'HMRC_CONNECT_ERROR' });
        setOutcome(result);
        window.close();
        return;
      }
      if (attempt) navigate(RETURN_TO[attempt.from], { replace: true, state: { hmrcConnect: result } });
      else setOutcome(result);
    });
  }, []);

  if (!outcome) return <FullPageLoader label="Finishing the HMRC connection" />;
  return (
    <AuthLayout
      title={outcome.ok ? 'Connected to HMRC' : 'Not connected'}
      icon={
        outcome.ok ? (
          <CheckCircle color="success" sx={{ fontSize: 64 }} aria-hidden />
        ) : (
          <ErrorOutline color="error" sx={{ fontSize: 64 }} aria-hidden />
        )
      }
    >
      {!outcome.ok && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {outcome.text}
        </Alert>
      )}
      <Typography color="textSecondary" sx={{ textAlign: 'center' }}>
        You can close this window.
      </Typography>
    </AuthLayout>
  );
}
