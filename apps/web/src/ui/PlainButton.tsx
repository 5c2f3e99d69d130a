import { alpha, type CSSObject, styled, type Theme } from '@mui/material/styles';

/**
 * A full-width pill button on a native <button>, drawn like the theme's MUI Button (contained or outlined,
 * size large): MUI's Button brings ButtonBase, its ripple and the loading spinner, ~10 kB of the sign-in
 * page's JavaScript, which has a 120 kB budget (bench/login-javascript.mjs, docs/architecture.md).
 */
const pillStyles = ({ theme, variant }: { theme: Theme; variant: 'contained' | 'outlined' }): CSSObject => ({
  ...theme.typography.button,
  fontSize: '0.9375rem',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  minWidth: 64,
  margin: 0,
  padding: variant === 'outlined' ? '9px 21px' : '10px 22px',
  borderRadius: 999,
  cursor: 'pointer',
  userSelect: 'none',
  textDecoration: 'none',
  boxSizing: 'border-box',
  transition: theme.transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], {
    duration: theme.transitions.duration.short,
  }),
  ...(variant === 'contained'
    ? {
        border: 0,
        color: theme.palette.primary.contrastText,
        backgroundColor: theme.palette.primary.main,
        '&:hover:not(:disabled)': { backgroundColor: theme.palette.primary.dark },
        // A busy or unavailable main button stays on brand and legible ('Logging in...'), as the theme's MUI Button.
        '&:disabled': { backgroundColor: '#F3D5E1', color: '#7A3F58', cursor: 'default' },
      }
    : {
        border: `1px solid ${alpha(theme.palette.primary.main, 0.5)}`,
        color: theme.palette.primary.main,
        backgroundColor: 'transparent',
        '&:hover:not(:disabled)': {
          borderColor: theme.palette.primary.main,
          backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
        },
        '&:disabled': { color: theme.palette.action.disabled, borderColor: theme.palette.action.disabledBackground },
      }),
  '&:disabled': { cursor: 'default' },
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
});

const notVariant = { shouldForwardProp: (prop: string) => prop !== 'variant' };
type Variant = { variant: 'contained' | 'outlined' };

export const PlainButton = styled('button', notVariant)<Variant>(pillStyles);

/** The same pill as a plain link (a full page load, e.g. the error page's way back to /login). */
export const PlainButtonLink = styled('a', notVariant)<Variant>(pillStyles);

/** A round icon button on a native <button> (the password field's show/hide toggle), drawn like MUI's IconButton. */
export const PlainIconButton = styled('button')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 8,
  margin: 0,
  border: 0,
  borderRadius: '50%',
  fontSize: theme.typography.pxToRem(24),
  color: theme.palette.action.active,
  backgroundColor: 'transparent',
  cursor: 'pointer',
  transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}));
