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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
/** The path of the page rendered at build time into #root (apps/web/prerender.mjs), if any. */
const prerenderedPath = container.getAttribute('data-prerendered');
const prerendered = prerenderedPath !== null;

function start(root: HTMLElement) {
  const router = createBrowserRouter(routes);
  setSessionExpiredHandler(() => void router.navigate('/login', { replace: true }));
  const app = (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </StrictMode>
  );
  // The first render is a transition, which React splits into short tasks: drawn in one, it held a phone's main
  // thread for a long task (Lighthouse's Total Blocking Time).
  const render = () => {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  };
  if (!prerendered) return render();
  // A page rendered at build time (apps/web/prerender.mjs) is already on screen: the app hydrates it once the
  // route's code has loaded (before, the router would render its loader instead of the page). As a transition,
  // React hydrates in slices between which the browser answers the owner, rather than in one long task; a click or
  // a key meanwhile makes React finish at once.
  // Only while the address is still that page's: a history step taken before the app started (back, forward, a
  // pushed state) leaves another route to draw, over the page on screen, from scratch.
  const hydrate = () => {
    if (router.state.location.pathname !== prerenderedPath) return render();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  };
  if (router.state.initialized) return hydrate();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    hydrate();
  });
}

// On a page already on screen nothing waits for the router: it starts in a task of its own, after the one that
// ran the modules of React and React Router.
if (prerendered) setTimeout(() => start(container));
else start(container);
