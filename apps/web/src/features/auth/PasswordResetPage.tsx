import { MESSAGES, OTP_LENGTH } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { AuthLayout } from '../../ui/AuthLayout';
import { FormStack } from '../../ui/FormStack';
import { emptyOtp, OtpInput } from '../../ui/OtpInput';
import { LinkButton } from '../../ui/TextLink';

/** Code entry for a password reset. The spec makes no server call here: it only logs (resets use the e-mailed link). */
export default function PasswordResetPage() {
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState<string | null>(null);

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (digits.join('').length < OTP_LENGTH) {
      setError(MESSAGES.otp.incomplete);
      return;
    }
    setError(null);
    // The code itself is a secret: log the event, never the digits.
    console.log('Password reset code entered');
  };

  return (
    <AuthLayout title="Enter your code" subtitle="Type the 6-digit code from your email.">
      <Box component="form" noValidate onSubmit={verify}>
        <FormStack>
          <OtpInput value={digits} onChange={setDigits} invalid={Boolean(error)} />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" fullWidth>
            Verify OTP
          </Button>
        </FormStack>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Didn't get it?{' '}
        <LinkButton type="button" onClick={() => console.log('Password reset code resend requested')}>
          Resend code
        </LinkButton>
      </Typography>
    </AuthLayout>
  );
}
