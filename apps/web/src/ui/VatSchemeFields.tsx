import {
  type UpdateVatSettingsRequest,
  VAT_LABELS,
  VAT_SCHEMES,
  VAT_STAGGERS,
  type VatScheme,
  type VatStagger,
} from '@brade/contract';
import { useId } from 'react';
import { cx } from './class-names';
import formControl from './form-control.module.css';
import { PlainRadioGroup } from './PlainRadioGroup';
import { SelectInput } from './SelectInput';
import { TextInput } from './TextInput';
import v from './vat-scheme-fields.module.css';

const CONTROL = cx(formControl.root, v.control);

/** Where the owner finds the date registration took effect: HMRC's VAT registration certificate says it. */
export const REGISTERED_FROM_HINT =
  "The 'Effective date of registration' on your VAT registration certificate (in your HMRC online account).";

const SCHEME_OPTIONS = VAT_SCHEMES.map((scheme) => ({ value: scheme, label: VAT_LABELS.schemes[scheme] }));
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
    // Plain elements with static classes (vat-scheme-fields.module.css, ui/PlainRadioGroup.tsx): Settings draws
    // these with its first screen, and MUI's FormControl, RadioGroup and Radio worked out their styles at run time.
    <div className={v.fields}>
      <div className={CONTROL}>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: MUI's FormLabel element, kept; it names the radio group by aria-labelledby */}
        <label id={labelId} className={cx(v.question, disabled && v.disabled)}>
          {VAT_LABELS.question}
        </label>
        <PlainRadioGroup
          column
          aria-labelledby={labelId}
          name="vat-scheme"
          options={SCHEME_OPTIONS}
          value={value.scheme}
          disabled={disabled}
          onChange={(scheme: VatScheme) => onChange({ ...value, scheme })}
        />
      </div>
      {value.scheme !== 'not_registered' && (
        <div className={v.fields}>
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
        </div>
      )}
    </div>
  );
}
