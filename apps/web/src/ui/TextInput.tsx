import { styled } from '@mui/material/styles';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { FieldControl, FieldHelper, FieldLabel, FieldRoot, fieldBoxStyles } from './field-parts';

const Input = styled('input')(fieldBoxStyles, { '&[data-end-adornment="true"]': { paddingRight: 52 } });
const Textarea = styled('textarea')(fieldBoxStyles, { resize: 'vertical' });
const EndAdornment = styled('div')({ position: 'absolute', right: 6, display: 'flex' });

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  name?: string;
  type?: 'text' | 'email' | 'password' | 'date' | 'number';
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** A hint, or the error message when `error` is set. */
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  /** A text area of this many rows instead of a single line. */
  rows?: number;
  maxLength?: number;
  /** The phone keyboard to offer ('numeric' for amounts). */
  inputMode?: 'text' | 'numeric' | 'decimal';
  onBlur?: () => void;
}

/** A labelled text field; the visible label is the accessible name, the helper text its description. */
export function TextInput({ label, helperText, error = false, endAdornment, rows, ...props }: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const shared = {
    ...props,
    id,
    'aria-invalid': error || undefined,
    'aria-describedby': helperText ? helperId : undefined,
  };
  return (
    <FieldRoot>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldControl>
        {rows ? (
          <Textarea {...shared} rows={rows} />
        ) : (
          <Input {...shared} type={props.type ?? 'text'} data-end-adornment={Boolean(endAdornment)} />
        )}
        {endAdornment && <EndAdornment>{endAdornment}</EndAdornment>}
      </FieldControl>
      {helperText && (
        <FieldHelper id={helperId} data-error={error}>
          {helperText}
        </FieldHelper>
      )}
    </FieldRoot>
  );
}
