import type { Bank } from '@brade/contract';
import { styled } from '@mui/material/styles';
import { useId } from 'react';
import { FieldControl, FieldHelper, FieldLabel, FieldRoot, fieldBoxStyles } from '../../ui/field-parts';

const chevron =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%236B5861' d='M7 10l5 5 5-5z'/%3E%3C/svg%3E\")";

const Select = styled('select')(fieldBoxStyles, {
  appearance: 'none',
  paddingRight: 44,
  backgroundImage: chevron,
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'right 12px center',
  backgroundSize: 24,
  cursor: 'pointer',
});

interface BankSelectProps {
  banks: Bank[];
  value: string;
  onChange: (bankId: string) => void;
  loading: boolean;
  disabled?: boolean;
  label?: string;
  helperText?: string;
  error?: boolean;
}

/** The bank dropdown of /link-business-bank and the Business Account card: options by id, shown by name. */
export function BankSelect({
  banks,
  value,
  onChange,
  loading,
  disabled = false,
  label = 'Bank',
  helperText,
  error = false,
}: BankSelectProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FieldRoot>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldControl>
        <Select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled || loading}
          aria-busy={loading || undefined}
          aria-invalid={error || undefined}
          aria-describedby={helperText ? helperId : undefined}
        >
          <option value="" disabled>
            {loading ? 'Loading banks…' : 'Choose your bank'}
          </option>
          {banks.map((bank) => (
            <option key={bank.id} value={bank.id}>
              {bank.name}
            </option>
          ))}
        </Select>
      </FieldControl>
      {helperText && (
        <FieldHelper id={helperId} data-error={error}>
          {helperText}
        </FieldHelper>
      )}
    </FieldRoot>
  );
}
