/**
 * Stands in for MUI's CSS-variables theming (createThemeWithVars, CssVarsProvider), which Brade does not use: its
 * theme has one light palette and no `cssVariables` (ui/theme.ts). MUI's createTheme and ThemeProvider import
 * that machinery whatever the theme, ~6 kB of the JavaScript every page loads first; vite.config.ts points
 * those two imports here (docs/architecture.md). A theme that asks for CSS variables fails loudly.
 */
function unsupported(): never {
  throw new Error('Brade builds MUI without CSS-variables theming (apps/web/src/ui/mui/without-css-vars.ts)');
}

export default function createThemeWithVars(): never {
  return unsupported();
}

export function CssVarsProvider(): never {
  return unsupported();
}

export function useColorScheme(): never {
  return unsupported();
}
