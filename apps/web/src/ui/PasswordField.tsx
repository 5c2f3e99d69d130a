import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { TextInput, type TextInputProps } from './TextInput';

type PasswordFieldProps = Omit<TextInputProps, 'type' | 'endAdornment' | 'rows'>;

/** A password input with a show/hide toggle whose accessible name says which field it reveals. */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <IconButton
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(event) => event.preventDefault()}
        >
          {visible ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      }
    />
  );
}
