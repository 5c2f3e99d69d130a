import { MESSAGES, validateSignup } from '@brade/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { signUp } from '../../api/auth';
import { isApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorWithReason } from '../../ui/ErrorWithReason';
import { FormStack } from '../../ui/FormStack';
import { PasswordField } from '../../ui/PasswordField';
import { PasswordRuleChips } from '../../ui/PasswordRuleChips';
import { TextInput } from '../../ui/TextInput';
import { TextLink } from '../../ui/TextLink';
import { recordCodeRequest } from './code-requests';

/** What the OTP screen receives in navigation state. */
export interface OtpConfirmationState {
  email: string;
  id: string;
  fullName?: string;
}

export function SignupForm() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [typingStarted, setTypingStarted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Why the server refused, when its sentence alone leaves nothing to fix (a common password).
  const [reason, setReason] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      if (name === 'password') setTypingStarted(true);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSignup(form);
    setError(problem);
    setReason(null);
    if (problem) return;

    setSubmitting(true);
    const email = form.email.trim();
    const fullName = form.fullName.trim();
    try {
      const askedAt = Date.now();
      const { id } = await signUp({ fullName, email, password: form.password });
      recordCodeRequest(email, askedAt);
      const state: OtpConfirmationState = { email, id, fullName };
      navigate('/otp-confirmation', { state });
    } catch (signUpError) {
      setError(errorText(signUpError, { noText: MESSAGES.signup.failure, failure: MESSAGES.signup.failure }));
      setReason((isApiError(signUpError) && signUpError.reason) || null);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Create your account" subtitle="Start tracking your salon's takings, costs and profit.">
      <Box component="form" noValidate onSubmit={submit}>
        <FormStack>
          <TextInput label="Full Name" autoComplete="name" required {...field('fullName')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
          <PasswordField label="Password" autoComplete="new-password" required {...field('password')} />
          <PasswordRuleChips password={form.password} started={typingStarted} />
          <PasswordField label="Confirm Password" autoComplete="new-password" required {...field('confirmPassword')} />
          {error && <ErrorWithReason error={error} reason={reason} />}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
            Continue
          </Button>
        </FormStack>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account? <TextLink to="/login">Sign in</TextLink>
      </Typography>
    </AuthLayout>
  );
}
