import { MESSAGES, validateNewPassword } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { reauthenticate, updatePassword } from '../../api/auth';
import { isApiError } from '../../api/client';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorWithReason } from '../../ui/ErrorWithReason';
import { FormStack } from '../../ui/FormStack';
import { PasswordField } from '../../ui/PasswordField';
import { PasswordRuleChips } from '../../ui/PasswordRuleChips';
import { TIMINGS } from '../../ui/timings';
import { useRedirectAfter } from '../../ui/use-redirect-after';
import { parseRecoveryHash, wipeHash } from './recovery-hash';

/** `reason`: why the server refused, when its sentence alone leaves nothing to fix (a common password). */
type Notice = { severity: 'success' | 'error'; text: string; reason?: string | undefined } | null;

export default function SetNewPasswordPage() {
  // Read once, on the first render; the tokens then live only in this component's memory.
  const [tokens] = useState(() => parseRecoveryHash(window.location.hash));
  const [authNotice, setAuthNotice] = useState<string | null>(tokens ? null : MESSAGES.newPassword.invalidTokens);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [typingStarted, setTypingStarted] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [submitting, setSubmitting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const checked = useRef(false);

  useRedirectAfter(leaving, '/login', TIMINGS.resetRedirectMs);

  useLayoutEffect(wipeHash, []);

  useEffect(() => {
    // Once per page load, even when React mounts effects twice in development.
    if (!tokens || checked.current) return;
    checked.current = true;
    reauthenticate(tokens).catch((error: unknown) => {
      if (isApiError(error) && error.status === 401) {
        setAuthNotice(MESSAGES.newPassword.authFailed);
        setLeaving(true);
      } else {
        setAuthNotice(MESSAGES.newPassword.authError);
      }
    });
  }, [tokens]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmPassword);
    if (problem) {
      setNotice({ severity: 'error', text: problem });
      return;
    }
    if (!tokens) {
      setNotice({ severity: 'error', text: MESSAGES.newPassword.invalidTokens });
      return;
    }
    setNotice(null);
    setSubmitting(true);
    try {
      await updatePassword(password, tokens);
      setNotice({ severity: 'success', text: MESSAGES.newPassword.success });
      setLeaving(true);
    } catch (error) {
      const validation = isApiError(error) && error.status === 400 ? error.serverMessage : undefined;
      const reason = isApiError(error) && error.status === 400 ? error.reason : undefined;
      setNotice({ severity: 'error', text: validation ?? MESSAGES.newPassword.setFailure, reason });
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Set a new password" subtitle="Your new password must meet all four rules below.">
      <Box component="form" noValidate onSubmit={submit}>
        <FormStack>
          {authNotice && <Alert severity="error">{authNotice}</Alert>}
          <PasswordField
            label="New Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setTypingStarted(true);
            }}
            required
          />
          <PasswordRuleChips password={password} started={typingStarted} />
          <PasswordField
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            required
          />
          {notice && <ErrorWithReason severity={notice.severity} error={notice.text} reason={notice.reason} />}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={!tokens || submitting || leaving}>
            Set New Password
          </Button>
        </FormStack>
      </Box>
    </AuthLayout>
  );
}
