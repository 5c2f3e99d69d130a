import Typography from '@mui/material/Typography';
import { LinkButton } from '../../ui/TextLink';
import { useNow } from '../../ui/use-now';
import { CODES_PER_HOUR, codeRequests, resendWait } from './code-requests';

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

interface ResendCodeProps {
  email: string;
  onResend: () => void;
  busy: boolean;
}

/**
 * "Didn't get it? Resend code", counting down the minute after each code request ('Resend code in 42 s') and,
 * after five codes in an hour, saying when the next can be asked for.
 */
export function ResendCode({ email, onResend, busy }: ResendCodeProps) {
  useNow(1_000); // re-renders every second
  // Read at render, not at the last tick: a code asked for a moment ago must count at once.
  const now = Date.now();
  const { until, hourlyCap } = resendWait(codeRequests(email, now), now);
  const seconds = until === null ? 0 : Math.ceil((until - now) / 1000);
  return (
    <>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Didn't get it?{' '}
        <LinkButton type="button" onClick={onResend} disabled={busy || until !== null}>
          {until !== null && !hourlyCap ? `Resend code in ${seconds} s` : 'Resend code'}
        </LinkButton>
      </Typography>
      {hourlyCap && until !== null && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1, textAlign: 'center' }}>
          You have asked for {CODES_PER_HOUR} codes in the last hour. You can ask for another at {clock.format(until)}.
        </Typography>
      )}
    </>
  );
}
