import { COUNTRIES, MESSAGES, UK_STATES } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { stored } from '../../api/session';
import { getUserDetails, recordBusinessInformation } from '../../api/user';
import { TIMINGS } from '../../app/timings';
import { AuthLayout } from '../../ui/AuthLayout';
import { FormStack } from '../../ui/FormStack';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { SelectInput } from '../../ui/SelectInput';
import { TextInput } from '../../ui/TextInput';
import { useElapsed } from '../../ui/use-elapsed';
import type { BusinessInformationState } from '../auth/OtpConfirmationPage';
import {
  BUSINESS_LABELS,
  type BusinessForm,
  emptyBusinessForm,
  toBusinessDetails,
  validateBusinessForm,
} from './business-form';

/** Opens on the spec's 2-second loader, then asks for the salon's details. */
export default function BusinessInformationPage() {
  const loaded = useElapsed(TIMINGS.splashMs);
  return loaded ? <BusinessInformationForm /> : <FullPageLoader label="Setting up your account" />;
}

export function BusinessInformationForm() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as Partial<BusinessInformationState>;
  const [form, setForm] = useState(emptyBusinessForm);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof BusinessForm, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof BusinessForm) => ({
    name,
    label: BUSINESS_LABELS[name],
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name],
    required: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateBusinessForm(form);
    setFieldErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;

    const id = state.id ?? stored.id();
    if (!id) {
      setError(MESSAGES.business.failure);
      return;
    }
    setSubmitting(true);
    try {
      // The name normally arrives from sign-up; if this browser lost it, the account still knows it.
      const fullName = stored.fullName() || (await getUserDetails(id)).full_name;
      await recordBusinessInformation({
        id,
        full_name: fullName,
        email: stored.email() ?? '',
        ...toBusinessDetails(form),
      });
      navigate('/link-your-pos');
    } catch (saveError) {
      console.error('Could not record business information', saveError);
      setError(MESSAGES.business.failure);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Tell us about your salon" subtitle="We use these details on your reports and statements.">
      <Box component="form" noValidate onSubmit={submit}>
        <FormStack>
          <TextInput autoComplete="organization" {...field('salonName')} />
          <TextInput autoComplete="street-address" rows={2} {...field('businessAddress')} />
          <TextInput autoComplete="postal-code" {...field('postcode')} />
          <SelectInput options={UK_STATES} placeholder="Choose a nation" {...field('state')} />
          <SelectInput options={COUNTRIES} {...field('country')} />
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
            Continue
          </Button>
        </FormStack>
      </Box>
    </AuthLayout>
  );
}
