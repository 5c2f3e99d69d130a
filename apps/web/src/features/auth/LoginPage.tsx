import { DEMO_ACCOUNT, MESSAGES } from '@brade/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { storeFullName, storeSession } from '../../api/session';
import type { UserDetails } from '../../api/user';
import { AuthLayout } from '../../ui/AuthLayout';
import { FormStack } from '../../ui/FormStack';
import { PasswordField } from '../../ui/PasswordField';
import { PlainButton } from '../../ui/PlainButton';
import { useHydrated, useTypedBeforeHydration } from '../../ui/prerendered-form';
import { TextInput } from '../../ui/TextInput';
import { TextLink } from '../../ui/TextLink';
import { demoAccountOffered } from './demo-account-offer';
import type { BusinessInformationState } from './OtpConfirmationPage';

/** A rule with 'or' in the middle (MUI's Divider is heavier than this on the sign-in chunk). */
function OrDivider() {
  const line = { flex: 1, height: '1px', bgcolor: 'divider' };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 3, color: 'text.secondary', typography: 'body2' }}>
      <Box sx={line} />
      or
      <Box sx={line} />
    </Box>
  );
}

/** Shown only after a failed sign-in, so the page does not load MUI's Alert before it is needed. */
const Alert = lazy(() => import('@mui/material/Alert'));

/** The calls and their schemas, loaded once the owner starts on the form (see sign-in-calls.ts). */
const loadCalls = () => import('./sign-in-calls');
const warmCalls = () => void loadCalls().catch(() => {});

interface FieldErrors {
  email?: string;
  password?: string;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, { email: setEmail, password: setPassword });
  // Until the app has taken over the page rendered at build time, its buttons do nothing and say so (aria-disabled,
  // drawn as they will be), and Login is no submit button: without one the browser does not send the form itself
  // (a GET with the password in the address).
  const hydrated = useHydrated();
  const notYet = hydrated ? undefined : true;

  const fillTestAccount = () => {
    warmCalls();
    setEmail(DEMO_ACCOUNT.email);
    setPassword(DEMO_ACCOUNT.password);
    setFieldErrors({});
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {
      email: email.trim() ? undefined : MESSAGES.signup.emailRequired,
      password: password ? undefined : 'Password is required',
    };
    setFieldErrors(missing);
    setError(null);
    if (missing.email || missing.password) return;

    setSubmitting(true);
    let calls: Awaited<ReturnType<typeof loadCalls>> | undefined;
    try {
      calls = await loadCalls();
      const trimmedEmail = email.trim();
      const session = await calls.signIn(trimmedEmail, password);
      storeSession(session, { email: trimmedEmail });
      let details: UserDetails | null = null;
      try {
        details = await calls.getUserDetails(session.id);
        storeFullName(details.full_name);
      } catch (detailsError) {
        // The menu loads the details again; a miss here must not block signing in.
        console.error('Could not load user details after sign-in', detailsError);
      }
      // Beyond the spec: an owner who confirmed the code but never gave business details carries on there.
      if (details && !details.salon_name?.trim()) {
        const state: BusinessInformationState = { id: session.id };
        navigate('/business-information', { state });
      } else navigate('/main-menu');
    } catch (signInError) {
      // A chunk that did not load is no answer at all: the failure text, as for a network error.
      const texts = { noText: MESSAGES.signin.invalid, failure: MESSAGES.signin.failure };
      setError(calls ? calls.errorText(signInError, texts) : texts.failure);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to see how your salon is doing.">
      <Box component="form" ref={form} noValidate onSubmit={submit} onFocus={warmCalls}>
        <FormStack>
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
            required
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password ?? MESSAGES.signin.passwordHint}
            required
          />
          <Box sx={{ textAlign: 'right', mt: -1.5 }}>
            <TextLink to="/forget-password">Forgot password?</TextLink>
          </Box>
          {error && (
            <Suspense fallback={<p role="alert">{error}</p>}>
              <Alert severity="error">{error}</Alert>
            </Suspense>
          )}
          <PlainButton
            type={hydrated ? 'submit' : 'button'}
            variant="contained"
            disabled={submitting}
            aria-disabled={notYet}
          >
            {submitting ? MESSAGES.signin.loggingIn : 'Login'}
          </PlainButton>
        </FormStack>
      </Box>

      {demoAccountOffered() && (
        <>
          <OrDivider />
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <PlainButton
              type="button"
              variant="outlined"
              onClick={fillTestAccount}
              disabled={submitting}
              aria-disabled={notYet}
            >
              Use Test Account
            </PlainButton>
            <Typography variant="caption" color="textSecondary" sx={{ textAlign: 'center' }}>
              Demo salon: {DEMO_ACCOUNT.email} · password {DEMO_ACCOUNT.password}
            </Typography>
          </Box>
        </>
      )}

      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        New to Brade? <TextLink to="/signup">Sign up</TextLink>
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1, textAlign: 'center' }}>
        Didn't finish signing up? Sign up again with the same address for a new code.
      </Typography>
    </AuthLayout>
  );
}
