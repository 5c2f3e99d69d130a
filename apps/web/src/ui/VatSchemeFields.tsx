import {
  type UpdateVatSettingsRequest,
  VAT_LABELS,
  VAT_SCHEMES,
  VAT_STAGGERS,
  type VatScheme,
  type VatStagger,
} from '@brade/contract';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { SelectInput } from './SelectInput';
import { TextInput } from './TextInput';

/** Where the owner finds the date registration took effect: HMRC's VAT registration certificate says it. */
export const REGISTERED_FROM_HINT =
  "The 'Effective date of registration' on your VAT registration certificate (in your HMRC online account).";

const STAGGER_OPTIONS = VAT_STAGGERS.map((stagger) => ({ value: stagger, label: VAT_LABELS.staggers[stagger] }));

/**
 * Part of the business form: asked after the spec's fields on /business-information and in Settings' VAT card
 * (docs/finance.md, "VAT"). The scheme, and for a registered business its flat rate, registration date and quarters,
 * in the same field style as the rest of the form.
 */
export function VatSchemeFields({
  value,
  onChange,
  disabled,
}: {
  value: UpdateVatSettingsRequest;
  onChange: (next: UpdateVatSettingsRequest) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControl disabled={disabled}>
        <FormLabel id={labelId} sx={{ typography: 'body2', fontWeight: 500, color: 'text.primary' }}>
          {VAT_LABELS.question}
        </FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          name="vat-scheme"
          value={value.scheme}
          onChange={(_e, scheme) => onChange({ ...value, scheme: scheme as VatScheme })}
        >
          {VAT_SCHEMES.map((s) => (
            <FormControlLabel key={s} value={s} control={<Radio />} label={VAT_LABELS.schemes[s]} />
          ))}
        </RadioGroup>
      </FormControl>
      {value.scheme !== 'not_registered' && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextInput
            label={VAT_LABELS.vrn}
            name="vat-vrn"
            disabled={disabled}
            value={value.vrn ?? ''}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            helperText="9 digits; HMRC checks the last two. Needed to file returns from Brade."
            onChange={(e) => onChange({ ...value, vrn: e.target.value })}
          />
          <TextInput
            label={VAT_LABELS.registeredFrom}
            name="vat-registered-from"
            type="date"
            disabled={disabled}
            value={value.registered_from ?? ''}
            helperText={REGISTERED_FROM_HINT}
            onChange={(e) => onChange({ ...value, registered_from: e.target.value || null })}
          />
          {value.scheme === 'flat_rate' && (
            <TextInput
              label={VAT_LABELS.flatRate}
              name="vat-flat-rate"
              type="number"
              inputMode="decimal"
              disabled={disabled}
              value={
                value.flat_rate_percent === null || value.flat_rate_percent === undefined
                  ? ''
                  : String(value.flat_rate_percent)
              }
              helperText="13 % for hairdressing, 16.5 % for a limited-cost trader; 1 % less in the first year"
              onChange={(e) =>
                onChange({ ...value, flat_rate_percent: e.target.value === '' ? null : Number(e.target.value) })
              }
            />
          )}
          <SelectInput
            label={VAT_LABELS.stagger}
            name="vat-stagger"
            disabled={disabled}
            value={value.stagger ?? 'mar_jun_sep_dec'}
            options={STAGGER_OPTIONS}
            onChange={(e) => onChange({ ...value, stagger: e.target.value as VatStagger })}
          />
        </Box>
      )}
    </Box>
  );
}
