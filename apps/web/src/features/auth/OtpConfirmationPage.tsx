import { MESSAGES, OTP_LENGTH } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { resendOtp, verifyOtp } from '../../api/auth';
import { isApiError } from '../../api/client';
import { stored, storeSession } from '../../api/session';
import { AuthLayout } from '../../ui/AuthLayout';
import { FormStack } from '../../ui/FormStack';
import { emptyOtp, OtpInput } from '../../ui/OtpInput';
import { recordCodeRequest } from './code-requests';
import { ResendCode } from './ResendCode';
import type { OtpConfirmationState } from './SignupForm';

/** What the business-information screen receives in navigation state. */
export interface BusinessInformationState {
  id: string;
}

export default function OtpConfirmationPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as Partial<OtpConfirmationState>;
  const email = state.email ?? stored.email() ?? '';
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const token = digits.join('');
    if (token.length < OTP_LENGTH) {
      setError(MESSAGES.otp.incomplete);
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      const session = await verifyOtp(email, token, state.id);
      storeSession(session, { email, fullName: state.fullName });
      const next: BusinessInformationState = { id: session.id };
      navigate('/business-information', { state: next });
    } catch (verifyError) {
      setError(
        isApiError(verifyError) && verifyError.serverMessage ? MESSAGES.otp.invalid : MESSAGES.otp.requestFailure,
      );
      setVerifying(false);
    }
  };

  const resend = async () => {
    setError(null);
    setResending(true);
    try {
      const askedAt = Date.now();
      await resendOtp(email, state.id);
      recordCodeRequest(email, askedAt);
      window.alert(MESSAGES.otp.resendSuccess);
    } catch {
      setError(MESSAGES.otp.resendFailure);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthLayout
      title="Check your email"
      subtitle={
        email ? (
          <>
            We sent a code to{' '}
            <Box component="strong" sx={{ color: 'text.primary', wordBreak: 'break-all' }}>
              {email}
            </Box>
          </>
        ) : (
          'We sent a code to your email.'
        )
      }
    >
      <Box component="form" noValidate onSubmit={verify}>
        <FormStack>
          <OtpInput value={digits} onChange={setDigits} disabled={verifying} invalid={Boolean(error)} />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={verifying}>
            Verify OTP
          </Button>
        </FormStack>
      </Box>
      <ResendCode email={email} onResend={resend} busy={resending} />
    </AuthLayout>
  );
}
