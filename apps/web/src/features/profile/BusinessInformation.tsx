import { COUNTRIES, LEGAL_FORM_LABELS, LEGAL_FORM_MESSAGES, UK_STATES } from '@brade/contract';
import type { UserDetails } from '../../api/user';
import { BUSINESS_LABELS, type BusinessForm, LEGAL_FORM_OPTIONS } from '../../ui/business-form';
import { FormStack } from '../../ui/FormStack';
import { SelectInput } from '../../ui/SelectInput';
import { TextInput } from '../../ui/TextInput';
import { DetailList } from './ProfileSection';
import type { FieldErrors } from './profile-form';

interface Props {
  details: UserDetails;
  editing: boolean;
  draft: BusinessForm;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (draft: BusinessForm) => void;
}

/** The salon's details, with the same UK options as onboarding (docs/product.md, "Validation"). */
export function BusinessInformation({ details, editing, draft, errors, disabled, onChange }: Props) {
  if (!editing) {
    return (
      <DetailList
        rows={[
          { label: BUSINESS_LABELS.salonName, value: details.salon_name },
          { label: BUSINESS_LABELS.businessAddress, value: details.business_address },
          { label: BUSINESS_LABELS.postcode, value: details.postcode },
          { label: BUSINESS_LABELS.state, value: details.state },
          { label: BUSINESS_LABELS.country, value: details.country },
          {
            label: BUSINESS_LABELS.legalForm,
            value: details.legal_form ? LEGAL_FORM_LABELS[details.legal_form] : LEGAL_FORM_MESSAGES.notSet,
          },
        ]}
      />
    );
  }
  const field = (name: keyof BusinessForm) => ({
    name,
    label: BUSINESS_LABELS[name],
    value: draft[name],
    error: Boolean(errors[name]),
    helperText: errors[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...draft, [name]: event.target.value }),
  });
  return (
    <FormStack>
      <TextInput autoComplete="organization" disabled={disabled} {...field('salonName')} />
      <TextInput autoComplete="street-address" rows={2} disabled={disabled} {...field('businessAddress')} />
      <TextInput autoComplete="postal-code" disabled={disabled} {...field('postcode')} />
      <SelectInput options={UK_STATES} placeholder="Choose a nation" {...field('state')} />
      <SelectInput options={COUNTRIES} {...field('country')} />
      <SelectInput options={LEGAL_FORM_OPTIONS} placeholder={LEGAL_FORM_MESSAGES.question} {...field('legalForm')} />
    </FormStack>
  );
}
