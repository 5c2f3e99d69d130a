import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { FullPageLoader } from '../ui/FullPageLoader';
import { theme } from '../ui/theme';
import { type RouteHandle, routes } from './router';

/**
 * Renders a page at build time (prerender.mjs, run after the client build): the HTML of its first screen with
 * Emotion's styles inline beside it, so the browser paints the page before any script has run. The client then
 * hydrates it (src/app/main.tsx), so this tree must be the one main.tsx renders, with the router's static twin.
 * Only pages that look the same for every visitor are rendered.
 */
export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ThemeProvider>
    </StrictMode>,
  );
  const handles = context.matches.map((m) => m.route.handle as Partial<RouteHandle> | undefined);
  const title = handles
    .map((h) => h?.title)
    .filter(Boolean)
    .at(-1);
  return { html, title: title ? `${title} · Brade` : 'Brade' };
}

/**
 * The splash screen, as the router shows it while a page's code loads (app/router.tsx's hydrateFallbackElement),
 * written into index.html's #root at build time: on a phone, the time the app's scripts take to arrive and run is
 * otherwise a blank page. The app draws over it (main.tsx renders, not hydrates, a page without the marker).
 */
export function renderSplash(): string {
  return renderToString(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <FullPageLoader />
      </ThemeProvider>
    </StrictMode>,
  );
}
