import { OTP_LENGTH } from '@brade/contract';
import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { BRAND_PRIMARY } from '../app/theme';

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

interface OtpInputProps {
  /** One entry per box, each '' or a single digit. */
  value: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
}

const DigitBox = styled('input')(({ theme }) => ({
  width: 44,
  height: 52,
  padding: 0,
  textAlign: 'center',
  fontSize: '1.5rem',
  fontWeight: 600,
  fontFamily: 'inherit',
  color: theme.palette.text.primary,
  backgroundColor: '#FFFFFF',
  border: '1.5px solid #E4C7D3',
  borderRadius: 12,
  outline: 'none',
  transition: 'border-color 120ms, box-shadow 120ms',
  '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
  '&:focus': { borderColor: BRAND_PRIMARY, boxShadow: '0 0 0 3px rgba(194, 24, 91, 0.3)' },
  '&:disabled': { opacity: 0.6 },
  [theme.breakpoints.up('sm')]: { width: 52, height: 60 },
}));

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Six single-digit boxes. Digits only; typing moves to the next box, Backspace on an empty box moves back,
 * and pasting (or the phone's one-time-code autofill) of a whole code fills every box.
 */
export function OtpInput({ value, onChange, disabled = false, invalid = false }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits into consecutive boxes from `start` and moves focus after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    const written = digits.slice(0, OTP_LENGTH - start);
    for (const [offset, digit] of [...written].entries()) next[start + offset] = digit;
    onChange(next);
    focusBox(start + written.length);
  };

  const handleInput = (index: number, raw: string) => {
    const digits = onlyDigits(raw);
    if (digits.length >= OTP_LENGTH) return fill(0, digits);
    if (digits.length === 0) {
      if (raw === '') onChange(value.map((d, i) => (i === index ? '' : d)));
      return;
    }
    const previous = value[index] ?? '';
    if (digits === previous) return; // a non-digit was typed next to the digit already there
    // Typing into a filled box leaves two digits in it: keep the one just typed.
    const typed =
      previous && digits.length === 2 ? (digits.startsWith(previous) ? digits.slice(1) : digits.slice(0, 1)) : digits;
    fill(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (!digits) return;
    fill(digits.length >= OTP_LENGTH ? 0 : index, digits);
  };

  return (
    <Box
      role="group"
      aria-label="One-time code"
      sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, justifyContent: 'center' }}
    >
      {value.map((digit, index) => (
        <DigitBox
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number and order
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          aria-label={`Digit ${index + 1}`}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </Box>
  );
}
