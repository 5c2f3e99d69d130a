import { type BusinessDetails, COUNTRIES, isUkPostcode, normalisePostcode, UK_STATES } from '@brade/contract';

export interface BusinessForm {
  salonName: string;
  businessAddress: string;
  postcode: string;
  state: string;
  country: string;
}

export const BUSINESS_LABELS: Record<keyof BusinessForm, string> = {
  salonName: 'Salon Name',
  businessAddress: 'Business Address',
  postcode: 'Postcode',
  state: 'State',
  country: 'Country',
};

/** The only country offered, so it starts chosen. */
export const emptyBusinessForm = (): BusinessForm => ({
  salonName: '',
  businessAddress: '',
  postcode: '',
  state: '',
  country: COUNTRIES[0],
});

/** One message per field in trouble: every field is required and the postcode must be a UK one. */
export function validateBusinessForm(form: BusinessForm): Partial<Record<keyof BusinessForm, string>> {
  const errors: Partial<Record<keyof BusinessForm, string>> = {};
  for (const key of Object.keys(BUSINESS_LABELS) as (keyof BusinessForm)[]) {
    if (!form[key].trim()) errors[key] = `${BUSINESS_LABELS[key]} is required`;
  }
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
  return {
    salon_name: form.salonName.trim(),
    business_address: form.businessAddress.trim(),
    postcode: toPayloadPostcode(form.postcode),
    state,
    country,
  };
}
