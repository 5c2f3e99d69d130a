import { OTP_LENGTH } from '@brade/contract';
import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { BRAND_PRIMARY } from './theme';

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
 * Six single-digit boxes. Digits only; typing moves to the next box, Backspace clears a box or, in an empty one,
 * the box before it, and pasting (or the phone's one-time-code autofill) of a whole code fills every box.
 *
 * A key press writes its digit into the box it was pressed in, whatever the box held. Reading the digit back from
 * the box's new value cannot work: typing the digit a box already shows leaves the value unchanged, so the focus
 * stayed put and the rest of the code shifted by one box. The value is read only when no key said what was typed
 * (phone keyboards report 'Unidentified', autofill sends no key at all), and then from the inserted text first.
 */
export function OtpInput({ value, onChange, disabled = false, invalid = false }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const withDigit = (index: number, digit: string) => value.map((d, i) => (i === index ? digit : d));

  /** Writes digits into consecutive boxes from `start` and moves focus after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    const written = digits.slice(0, OTP_LENGTH - start);
    for (const [offset, digit] of [...written].entries()) next[start + offset] = digit;
    onChange(next);
    focusBox(start + written.length);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // copy, paste and the browser's own shortcuts
    const { key } = event;
    if (/^\d$/.test(key)) {
      event.preventDefault();
      fill(index, key);
    } else if (key.length === 1) {
      event.preventDefault(); // any other character never enters a box
    } else if (key === 'Backspace') {
      event.preventDefault();
      if (value[index]) onChange(withDigit(index, ''));
      else if (index > 0) {
        onChange(withDigit(index - 1, ''));
        focusBox(index - 1);
      }
    } else if (key === 'Delete') {
      event.preventDefault();
      onChange(withDigit(index, ''));
    } else if (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home' || key === 'End') {
      event.preventDefault();
      const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: OTP_LENGTH - 1 }[key];
      focusBox(target);
    }
  };

  /** Input no key press announced: a phone keyboard's digit or deletion, or the one-time-code autofill. */
  const handleInput = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const inserted = (event.nativeEvent as InputEvent).data ?? null;
    const digits = onlyDigits(inserted ?? event.target.value);
    if (digits.length >= OTP_LENGTH) return fill(0, inserted ? digits : digits.slice(-OTP_LENGTH));
    if (digits.length > 0) return fill(index, inserted ? digits : digits.slice(-1));
    if (inserted === null && event.target.value === '') onChange(withDigit(index, ''));
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
          onChange={(event) => handleInput(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </Box>
  );
}
