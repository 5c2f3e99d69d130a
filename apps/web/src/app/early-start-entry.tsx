/**
 * What the build reads to write how each signed-in page starts (apps/web/early-start.mjs, built for Node after the
 * client build): the routes, the first calls of each page, the early-start script's body with its settings, and
 * the splash the page shows before any script has run.
 */
import { STORAGE_KEYS } from '@brade/contract';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  EARLY_ANSWER_MAX_AGE_MS,
  EARLY_ANSWERS_GLOBAL,
  type EarlyStartConfig,
  OWNER_ID_MARKER,
  startEarlyCalls,
} from '../api/early-answers';
import { FullPageLoader } from '../ui/FullPageLoader';
import { theme } from '../ui/theme';

export { firstCallsOf, SIGNED_IN_PREFIX } from './first-calls';
export { routes } from './router';
export { OWNER_ID_MARKER, startEarlyCalls };

export const earlyStartConfig: EarlyStartConfig = {
  idKey: STORAGE_KEYS.id,
  tokenKey: STORAGE_KEYS.accessToken,
  global: EARLY_ANSWERS_GLOBAL,
  marker: OWNER_ID_MARKER,
  maxAgeMs: EARLY_ANSWER_MAX_AGE_MS,
};

/**
 * The splash a signed-in page shows while its route loads (the router's hydrateFallbackElement in router.tsx, under
 * main.tsx's theme and baseline), rendered with Emotion's styles beside it: the same screen, drawn by the HTML.
 */
export function renderLoader(): string {
  return renderToString(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <FullPageLoader />
      </ThemeProvider>
    </StrictMode>,
  );
}
