import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
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

// The first render is a transition, which React splits into short tasks: drawn in one, it held a phone's main thread
// for a long task (Lighthouse's Total Blocking Time).
const render = () => {
  const root = createRoot(container);
  startTransition(() => root.render(app));
};

// A page rendered at build time (apps/web/prerender.mjs) is already on screen: the app renders over it once the
// route's code has loaded, so the first frame it draws is that same page and not the loader in between.
const prerendered = container.firstElementChild?.hasAttribute('data-prerendered') ?? false;
if (prerendered && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
} else {
  render();
}
