import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSessionExpiredHandler } from '../api/session-expiry';
import { theme } from '../ui/theme';
import { routes } from './router';

const router = createBrowserRouter(routes);
setSessionExpiredHandler(() => void router.navigate('/login', { replace: true }));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  </StrictMode>
);

// A page rendered at build time (apps/web/prerender.mjs) is already on screen: the app hydrates it once the route's
// code has loaded (before, the router would render its loader instead of the page). As a transition, React hydrates
// in slices between which the browser answers the owner, rather than in one long task; a click or a key meanwhile
// makes React finish at once.
const hydrate = () =>
  startTransition(() => {
    hydrateRoot(container, app);
  });
if (!container.hasAttribute('data-prerendered')) {
  createRoot(container).render(app);
} else if (router.state.initialized) {
  hydrate();
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    hydrate();
  });
}
