import { MESSAGES } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { requestPasswordReset } from '../../api/auth';
import { isApiError } from '../../api/client';
import { AuthLayout } from '../../ui/AuthLayout';
import { FormStack } from '../../ui/FormStack';
import { TextInput } from '../../ui/TextInput';

type Outcome = { severity: 'success' | 'error'; text: string };

export default function ForgetPasswordPage() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const trimmed = email.trim();
    setEmailError(trimmed ? null : MESSAGES.signup.emailRequired);
    if (!trimmed) return;

    setSending(true);
    try {
      await requestPasswordReset(trimmed, `${window.location.origin}/set-new-password`);
      setOutcome({ severity: 'success', text: MESSAGES.forgotPassword.success });
    } catch (resetError) {
      // An answer other than success, or no answer at all (network): the spec words them differently.
      setOutcome({
        severity: 'error',
        text: isApiError(resetError) ? MESSAGES.forgotPassword.sendFailure : MESSAGES.forgotPassword.failure,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new one."
    >
      <Box component="form" noValidate onSubmit={submit}>
        <FormStack>
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(emailError)}
            helperText={emailError}
            required
          />
          {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={sending}>
            Reset Password
          </Button>
          <Button component={RouterLink} to="/login" variant="text" fullWidth>
            Back to Login
          </Button>
        </FormStack>
      </Box>
    </AuthLayout>
  );
}
