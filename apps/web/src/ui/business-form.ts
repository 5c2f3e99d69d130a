import {
  type BusinessDetails,
  COUNTRIES,
  isUkPostcode,
  LEGAL_FORM_LABELS,
  LEGAL_FORM_MESSAGES,
  LEGAL_FORMS,
  normalisePostcode,
  UK_STATES,
} from '@brade/contract';

export interface BusinessForm {
  salonName: string;
  businessAddress: string;
  postcode: string;
  state: string;
  country: string;
  /** Beyond the spec (docs/finance.md, "Income Tax"): '' until the owner says. */
  legalForm: string;
}

export const BUSINESS_LABELS: Record<keyof BusinessForm, string> = {
  salonName: 'Salon Name',
  businessAddress: 'Business Address',
  postcode: 'Postcode',
  state: 'State',
  country: 'Country',
  legalForm: LEGAL_FORM_MESSAGES.label,
};

/** The legal forms as the select offers them. */
export const LEGAL_FORM_OPTIONS = LEGAL_FORMS.map((value) => ({ value, label: LEGAL_FORM_LABELS[value] }));

/** The only country offered, so it starts chosen. */
export const emptyBusinessForm = (): BusinessForm => ({
  salonName: '',
  businessAddress: '',
  postcode: '',
  state: '',
  country: COUNTRIES[0],
  legalForm: '',
});

/**
 * One message per field in trouble: every field of the spec is required and the postcode must be a UK one. The legal
 * form is asked at onboarding; an owner from before it may leave it unsaid in Profile until a tax page asks.
 */
export function validateBusinessForm(
  form: BusinessForm,
  { legalFormRequired = false } = {},
): Partial<Record<keyof BusinessForm, string>> {
  const errors: Partial<Record<keyof BusinessForm, string>> = {};
  for (const key of Object.keys(BUSINESS_LABELS) as (keyof BusinessForm)[]) {
    if (key === 'legalForm') continue;
    if (!form[key].trim()) errors[key] = `${BUSINESS_LABELS[key]} is required`;
  }
  if (legalFormRequired && !form.legalForm) errors.legalForm = LEGAL_FORM_MESSAGES.required;
  if (!errors.postcode && !isUkPostcode(form.postcode)) errors.postcode = 'Please enter a valid UK postcode';
  return errors;
}

export function toPayloadPostcode(postcode: string): string {
  return normalisePostcode(postcode.trim());
}

/**
 * The business details as the API takes them, from a form that passed `validateBusinessForm`. State and country
 * come from selects that offer only the contract's values; anything else is a bug, not the owner's mistake.
 */
export function toBusinessDetails(form: BusinessForm): BusinessDetails {
  const state = UK_STATES.find((option) => option === form.state);
  const country = COUNTRIES.find((option) => option === form.country);
  if (!state || !country)
    throw new RangeError(`Not a state and country the form offers: ${form.state}, ${form.country}`);
  const legalForm = LEGAL_FORMS.find((option) => option === form.legalForm);
  return {
    salon_name: form.salonName.trim(),
    business_address: form.businessAddress.trim(),
    postcode: toPayloadPostcode(form.postcode),
    state,
    country,
    ...(legalForm ? { legal_form: legalForm } : {}),
  };
}
