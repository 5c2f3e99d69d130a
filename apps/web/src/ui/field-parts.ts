import { styled, type Theme } from '@mui/material/styles';

/**
 * The parts of a labelled form field, on native elements styled with the theme. MUI's InputBase family
 * (FormControl, InputLabel, OutlinedInput, NotchedOutline, TextareaAutosize) costs ~7 kB gzipped on the
 * /login route, which has a 120 kB budget (brotli, bench/login-javascript.mjs); native inputs also behave best with autofill and mobile keyboards.
 */
export const FieldRoot = styled('div')({ display: 'flex', flexDirection: 'column', gap: 6, width: '100%' });

export const FieldLabel = styled('label')(({ theme }) => ({
  ...theme.typography.body2,
  fontWeight: 500,
  color: theme.palette.text.primary,
}));

export const FieldControl = styled('div')({ position: 'relative', display: 'flex', alignItems: 'center' });

export const FieldHelper = styled('p')(({ theme }) => ({
  ...theme.typography.caption,
  margin: 0,
  color: theme.palette.text.secondary,
  '&[data-error="true"]': { color: theme.palette.error.main },
}));

export const fieldBoxStyles = ({ theme }: { theme: Theme }) => ({
  width: '100%',
  minHeight: 48,
  padding: '12px 14px',
  font: 'inherit',
  fontSize: '1rem',
  lineHeight: 1.5,
  color: theme.palette.text.primary,
  backgroundColor: '#FFFFFF',
  border: '1.5px solid #E4C7D3',
  borderRadius: 12,
  outline: 'none',
  transition: 'border-color 120ms, box-shadow 120ms',
  '&::placeholder': { color: theme.palette.text.secondary, opacity: 0.8 },
  '&:hover:not(:disabled)': { borderColor: theme.palette.primary.light },
  '&:focus': { borderColor: theme.palette.primary.main, boxShadow: '0 0 0 3px rgba(194, 24, 91, 0.25)' },
  '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
  '&[aria-invalid="true"]:focus': { boxShadow: '0 0 0 3px rgba(198, 40, 40, 0.25)' },
  '&:disabled': { opacity: 0.6 },
});
