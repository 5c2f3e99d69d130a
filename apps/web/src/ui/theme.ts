import { createTheme } from '@mui/material/styles';

/** Brand pink: white text on it reaches 5.8:1, above WCAG AA's 4.5:1 (see theme.test.ts). */
export const BRAND_PRIMARY = '#C2185B';
export const BRAND_PRIMARY_DARK = '#9A1248';
export const BRAND_PRIMARY_LIGHT = '#F8BBD0';
/** The soft pink wash behind every card. */
export const PAGE_TINT = '#FDF2F6';
export const INK = '#2B1A22';
/** text.secondary: captions and card titles. */
export const INK_SECONDARY = '#6B5861';
/** The soft pink border of every card. */
export const DIVIDER = '#F1D9E3';
/** success.main and error.main: a change for the better or the worse, a goal met. */
export const SUCCESS_GREEN = '#2E7D32';
export const ERROR_RED = '#C62828';

const focusRing = { outline: `3px solid ${BRAND_PRIMARY}`, outlineOffset: 2 };

export const theme = createTheme({
  palette: {
    primary: { main: BRAND_PRIMARY, dark: BRAND_PRIMARY_DARK, light: BRAND_PRIMARY_LIGHT, contrastText: '#FFFFFF' },
    secondary: { main: '#5B2246', contrastText: '#FFFFFF' },
    success: { main: SUCCESS_GREEN, contrastText: '#FFFFFF' },
    error: { main: ERROR_RED, contrastText: '#FFFFFF' },
    background: { default: PAGE_TINT, paper: '#FFFFFF' },
    text: { primary: INK, secondary: INK_SECONDARY },
    divider: DIVIDER,
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: '"Poppins", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
    body2: { lineHeight: 1.6 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Keyboard users must always see where they are; MUI removes outlines on some elements.
        'a:focus-visible, button:focus-visible, [role="checkbox"]:focus-visible': focusRing,
      },
    },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingTop: 10, paddingBottom: 10, paddingLeft: 22, paddingRight: 22 },
        // A busy or unavailable main button stays on brand and legible ('Logging in...').
        contained: { '&.Mui-disabled': { backgroundColor: '#F3D5E1', color: '#7A3F58' } },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: { root: { borderRadius: 12, backgroundColor: '#FFFFFF' } },
    },
    MuiPaper: {
      styleOverrides: { rounded: { borderRadius: 20 } },
    },
    MuiAlert: {
      styleOverrides: { root: { borderRadius: 12 } },
    },
    MuiChip: {
      styleOverrides: { root: { fontWeight: 500 } },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: { root: { fontWeight: 600 } },
    },
  },
});
