import { styled } from '@mui/material/styles';
import { type ChangeEvent, useId } from 'react';
import { FieldControl, FieldHelper, FieldLabel, FieldRoot, fieldBoxStyles } from './field-parts';

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

export type SelectOption = string | { value: string; label: string };

interface SelectInputProps {
  label: string;
  name?: string;
  value: string;
  /** Plain strings are their own label; objects show `label` and submit `value`. */
  options: readonly SelectOption[];
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** Shown as a disabled first option while nothing is chosen. */
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  /** Options are still loading: announced to assistive technology. */
  busy?: boolean;
  error?: boolean;
  helperText?: string;
}

/** A native select: right for short lists (the phone's own picker) and with any form tooling. */
export function SelectInput({
  label,
  options,
  placeholder,
  busy = false,
  error = false,
  helperText,
  ...props
}: SelectInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FieldRoot>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldControl>
        <Select
          {...props}
          id={id}
          aria-busy={busy || undefined}
          aria-invalid={error || undefined}
          aria-describedby={helperText ? helperId : undefined}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
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
