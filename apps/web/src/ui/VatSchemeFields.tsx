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
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';

/**
 * Part of the business form: asked after the spec's fields on /business-information and in Settings' VAT card
 * (docs/finance.md, "VAT").
 */
/** The VAT question: the scheme, and for a registered business its flat rate, registration date and quarters. */
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
        <FormLabel id={labelId}>{VAT_LABELS.question}</FormLabel>
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
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 440 }}>
          <TextField
            label={VAT_LABELS.vrn}
            disabled={disabled}
            value={value.vrn ?? ''}
            helperText="9 digits; HMRC checks the last two. Needed to file returns from Brade."
            onChange={(e) => onChange({ ...value, vrn: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 20, inputMode: 'numeric', autoComplete: 'off' } }}
          />
          <TextField
            label={VAT_LABELS.registeredFrom}
            type="date"
            disabled={disabled}
            value={value.registered_from ?? ''}
            onChange={(e) => onChange({ ...value, registered_from: e.target.value || null })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {value.scheme === 'flat_rate' && (
            <TextField
              label={VAT_LABELS.flatRate}
              type="number"
              disabled={disabled}
              value={value.flat_rate_percent ?? ''}
              helperText="13 % for hairdressing, 16.5 % for a limited-cost trader; 1 % less in the first year"
              onChange={(e) =>
                onChange({ ...value, flat_rate_percent: e.target.value === '' ? null : Number(e.target.value) })
              }
              slotProps={{ htmlInput: { min: 1, max: 20, step: 0.5 } }}
            />
          )}
          <TextField
            select
            label={VAT_LABELS.stagger}
            disabled={disabled}
            value={value.stagger ?? 'mar_jun_sep_dec'}
            onChange={(e) => onChange({ ...value, stagger: e.target.value as VatStagger })}
          >
            {VAT_STAGGERS.map((s) => (
              <MenuItem key={s} value={s}>
                {VAT_LABELS.staggers[s]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
    </Box>
  );
}
