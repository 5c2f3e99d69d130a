import { ACCOUNT_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../shell/query-client';
import { mockApi, on } from '../test/api-mock';
import { USER_DETAILS } from '../test/fixtures';
import { theme } from '../ui/theme';
import { ErrorPage } from './ErrorPage';
import { lazyPage } from './lazy-route';
import { routes } from './router';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderApp(path: string, routeObjects = routes) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

function Broken(): never {
  throw new Error('render failed');
}

const SPEC_ROUTES = [
  '/login',
  '/signup',
  '/otp-confirmation',
  '/business-information',
  '/link-your-pos',
  '/link-business-bank',
  '/account-created-success',
  '/stripe-redirect',
  '/square-redirect',
  '/sumup-redirect',
  '/gocardless-redirect',
  '/forget-password',
  '/password-reset',
  '/set-new-password',
  '/all-done',
];

describe('routes', () => {
  it('redirects / to /login', async () => {
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(SPEC_ROUTES)('serves %s', async (path) => {
    const router = renderApp(path);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.errors).toBeNull();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  // docs/product.md, "Screens and routes": the queue without state returns to /link-your-pos; relinking accounts needs
  // a session.
  it.each([
    ['/queued-pos-links', '/link-your-pos'],
    ['/link-your-pos-account', '/login'],
  ])('serves %s, which without state or session goes on to %s', async (path, target) => {
    const router = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(router.state.errors).toBeNull();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it('shows the generic error page for an unknown address, with a way back to /login', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the generic error page when a route chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/broken', [
      {
        path: '/',
        errorElement: <ErrorPage />,
        hydrateFallbackElement: <p>Loading</p>,
        children: [{ path: 'broken', lazy: lazyPage(() => Promise.reject(new TypeError('Failed to fetch module'))) }],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });

  it('shows the generic error page when a screen throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/broken', [
      { path: '/', errorElement: <ErrorPage />, children: [{ path: 'broken', Component: Broken }] },
    ]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Sign in · Brade'],
    ['/signup', 'Sign up · Brade'],
    ['/otp-confirmation', 'Confirm your email · Brade'],
    ['/business-information', 'Business information · Brade'],
    ['/link-your-pos', 'Link your payment providers · Brade'],
    ['/link-business-bank', 'Link your business bank account · Brade'],
    ['/forget-password', 'Forgot password · Brade'],
    ['/set-new-password', 'Set a new password · Brade'],
  ])('names %s in the page title', async (path, title) => {
    document.title = 'Brade';
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('sends /main-menu without a stored id to /login', async () => {
    const router = renderApp('/main-menu/reports');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('signed-in page', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.id, 'u-1');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'ref');
    localStorage.setItem(STORAGE_KEYS.onboardingState, '{}');
  });

  it('redirects /main-menu to the Overview dashboard inside the navigation shell', async () => {
    // Only the user details answer; the dashboard's own calls fall back (and log) — see DashboardPage.test.tsx.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([on(ACCOUNT_ENDPOINTS.getUserDetails, USER_DETAILS)]);
    const router = renderApp('/main-menu');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main-menu/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByText('Amelia Hart')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Monthly revenue' })).toBeInTheDocument();
    expect(document.title).toBe('Overview · Brade');
  });

  it('serves the /main-menu/reports screen inside the navigation shell', async () => {
    // The month list's loads are not answered here (ReportsPage.test.tsx covers them).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([on(ACCOUNT_ENDPOINTS.getUserDetails, USER_DETAILS)]);
    const router = renderApp('/main-menu/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Sales Report' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main-menu/reports');
    expect(document.title).toBe('Reports · Brade');
  });

  it.each([
    ['/main-menu/settings', 'Settings', 'Financial Goals'],
    ['/main-menu/profile', 'Profile', 'Personal Information'],
  ])('serves the %s screen inside the navigation shell', async (path, heading, section) => {
    // Settings' own loads are not answered here (SettingsPage.test.tsx covers them): they log and show a retry.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([on(ACCOUNT_ENDPOINTS.getUserDetails, USER_DETAILS)]);
    const router = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: section })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(document.title).toBe(`${heading} · Brade`);
  });
});
