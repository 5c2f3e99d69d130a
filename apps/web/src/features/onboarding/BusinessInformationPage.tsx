import {
  COUNTRIES,
  DEFAULT_VAT_SETTINGS,
  LEGAL_FORM_MESSAGES,
  MESSAGES,
  UK_STATES,
  type UpdateVatSettingsRequest,
  UpdateVatSettingsRequestSchema,
} from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { stored } from '../../api/session';
import { updateVatSettings } from '../../api/settings';
import { getUserDetails, recordBusinessInformation } from '../../api/user';
import { AuthLayout } from '../../ui/AuthLayout';
import {
  BUSINESS_LABELS,
  type BusinessForm,
  emptyBusinessForm,
  LEGAL_FORM_OPTIONS,
  toBusinessDetails,
  validateBusinessForm,
} from '../../ui/business-form';
import { FormStack } from '../../ui/FormStack';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { SelectInput } from '../../ui/SelectInput';
import { TextInput } from '../../ui/TextInput';
import { TIMINGS } from '../../ui/timings';
import { useElapsed } from '../../ui/use-elapsed';
import { VatSchemeFields } from '../../ui/VatSchemeFields';
import type { BusinessInformationState } from '../auth/OtpConfirmationPage';

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
  // Beyond the spec: the VAT question after its fields (docs/finance.md, "VAT"); Not registered unless answered.
  const [vat, setVat] = useState<UpdateVatSettingsRequest>({
    scheme: DEFAULT_VAT_SETTINGS.scheme,
    stagger: DEFAULT_VAT_SETTINGS.stagger,
  });
  const [vatError, setVatError] = useState<string | null>(null);
  // Once Continue was pressed, every change checks the form again: a fixed field loses its message at once, and a
  // field still wrong keeps it (the same messages, in the same order).
  const [attempted, setAttempted] = useState(false);
  const vatProblem = (next: UpdateVatSettingsRequest) => {
    const check = UpdateVatSettingsRequestSchema.safeParse(next);
    return check.success ? null : (check.error.issues[0]?.message ?? null);
  };

  const field = (name: keyof BusinessForm) => ({
    name,
    label: BUSINESS_LABELS[name],
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...form, [name]: event.target.value };
      setForm(next);
      if (attempted) setFieldErrors(validateBusinessForm(next, { legalFormRequired: true }));
    },
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name],
    required: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const problems = validateBusinessForm(form, { legalFormRequired: true });
    setFieldErrors(problems);
    setError(null);
    const vatCheck = UpdateVatSettingsRequestSchema.safeParse(vat);
    setVatError(vatProblem(vat));
    if (Object.keys(problems).length > 0 || !vatCheck.success) return;

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
      if (vatCheck.data.scheme !== 'not_registered') await updateVatSettings(id, vatCheck.data);
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
          {/* Beyond the spec: who pays the business's tax decides its HMRC pages (docs/finance.md, "Income Tax"). */}
          <SelectInput
            options={LEGAL_FORM_OPTIONS}
            placeholder={LEGAL_FORM_MESSAGES.question}
            {...field('legalForm')}
          />
          <VatSchemeFields
            value={vat}
            onChange={(next) => {
              setVat(next);
              if (attempted) setVatError(vatProblem(next));
            }}
            disabled={submitting}
          />
          {vatError && <Alert severity="error">{vatError}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
            Continue
          </Button>
        </FormStack>
      </Box>
    </AuthLayout>
  );
}
