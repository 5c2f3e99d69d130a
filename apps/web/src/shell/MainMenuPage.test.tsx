import {
  ACCOUNT_ENDPOINTS,
  AUTH_ENDPOINTS,
  DEMO_ACCOUNT,
  pathOf,
  STORAGE_KEYS,
  type UserDetails,
} from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, fetchedPaths, mockApi, on, setWindowWidth, swipe } from '../test/api-mock';
import { jsonResponse, sentBody } from '../test/render';
import { theme } from '../ui/theme';
import MainMenuPage from './MainMenuPage';
import { queryClient } from './query-client';
import { SWIPE_THRESHOLD_PX, swipeAction } from './swipe';

const DETAILS = ACCOUNT_ENDPOINTS.getUserDetails;
const amelia: UserDetails = {
  full_name: 'Amelia Hart',
  email: 'amelia@hartandco.co.uk',
  profile_photo: null,
  salon_name: 'Hart & Co Hair',
  business_address: '1 High Street',
  postcode: 'BS1 4DJ',
  state: 'England',
  country: 'United Kingdom',
  legal_form: null,
};

/** Shows the address and navigation state a screen was opened with. */
function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

function renderShell(path = '/main-menu/dashboard') {
  const router = createMemoryRouter(
    [
      {
        path: '/main-menu',
        Component: MainMenuPage,
        children: ['dashboard', 'reports', 'settings', 'profile'].map((child) => ({ path: child, Component: Where })),
      },
      { path: '*', Component: Where },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

const nav = () => screen.getByRole('navigation', { name: 'Main menu' });

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'ref');
  setWindowWidth(1440);
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the main-menu shell', () => {
  it('sends a visitor without a stored id or token to /login', async () => {
    mockApi([]);
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    const router = renderShell();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows MAIN MENU with Dashboard, Reports and Settings, and the owner's profile card", async () => {
    mockApi([on(DETAILS, amelia)]);
    renderShell();
    expect(within(nav()).getByRole('heading', { name: 'MAIN MENU' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/main-menu/dashboard');
    expect(within(nav()).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/main-menu/reports');
    expect(within(nav()).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/main-menu/settings');
    expect(await within(nav()).findByText('Amelia Hart')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveClass('active');
  });

  it('opens the profile with the user in navigation state', async () => {
    mockApi([on(DETAILS, amelia)]);
    const user = userEvent.setup();
    const router = renderShell();
    await within(nav()).findByText('Amelia Hart');

    await user.click(within(nav()).getByRole('link', { name: 'Amelia Hart View profile' }));

    expect(router.state.location.pathname).toBe('/main-menu/profile');
    expect(router.state.location.state).toEqual({
      user: expect.objectContaining({ full_name: 'Amelia Hart', email: amelia.email, salon_name: 'Hart & Co Hair' }),
    });
  });

  it("dims the demo account's Settings and Profile and does not follow them", async () => {
    mockApi([on(DETAILS, { ...amelia, email: DEMO_ACCOUNT.email })]);
    const user = userEvent.setup();
    const router = renderShell();
    await waitFor(() =>
      expect(within(nav()).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-disabled', 'true'),
    );
    const settingsLink = within(nav()).getByRole('link', { name: 'Settings' });
    const profile = within(nav()).getByRole('link', { name: 'Amelia Hart View profile' });
    expect(profile).toHaveAttribute('aria-disabled', 'true');
    expect(settingsLink).not.toHaveAttribute('href');
    expect(profile).not.toHaveAttribute('href');
    expect(settingsLink).toHaveAccessibleDescription('Not available on the demo account');

    await user.click(settingsLink);
    await user.click(profile);
    settingsLink.focus();
    await user.keyboard('{Enter}');

    expect(router.state.location.pathname).toBe('/main-menu/dashboard');
    // Dashboard and Reports stay open to the demo account.
    expect(within(nav()).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/main-menu/reports');
  });

  it('recognises the demo account by the stored e-mail while the details have not arrived', async () => {
    localStorage.setItem(STORAGE_KEYS.email, DEMO_ACCOUNT.email);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([on(DETAILS, jsonResponse(500, { error: 'Down' }))]);
    renderShell();
    expect(within(nav()).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("reloads the user details on a 'userDetailsUpdated' event", async () => {
    let name = 'Amelia Hart';
    const fetchMock = mockApi([on(DETAILS, () => answer(DETAILS, { ...amelia, full_name: name }))]);
    renderShell();
    await within(nav()).findByText('Amelia Hart');
    expect(fetchedPaths(fetchMock).filter((p) => p === pathOf(DETAILS, { id: 'u-1' }))).toHaveLength(1);

    name = 'Amelia Hart-Jones';
    act(() => {
      window.dispatchEvent(new Event('userDetailsUpdated'));
    });

    expect(await within(nav()).findByText('Amelia Hart-Jones')).toBeInTheDocument();
    expect(fetchedPaths(fetchMock).filter((p) => p === pathOf(DETAILS, { id: 'u-1' }))).toHaveLength(2);
  });

  it("'Log out' asks first (as Profile's Logout does), then tells the server, clears local storage and goes to /login", async () => {
    const fetchMock = mockApi([on(DETAILS, amelia), on(AUTH_ENDPOINTS.signout, { message: 'Signed out.' })]);
    const user = userEvent.setup();
    const router = renderShell();
    await within(nav()).findByText('Amelia Hart');

    await user.click(within(nav()).getByRole('button', { name: 'Log out' }));
    // The dialog's code loads after the first screen (MainMenuLayout), at once when asked for before.
    let dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(dialog).toHaveAccessibleDescription("You will need to sign in again to see your salon's figures.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchedPaths(fetchMock)).not.toContain('/api/signout_user');
    expect(router.state.location.pathname).toBe('/main-menu/dashboard');

    await user.click(within(nav()).getByRole('button', { name: 'Log out' }));
    dialog = screen.getByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const signOutCall = fetchedPaths(fetchMock).indexOf('/api/signout_user');
    expect(sentBody(fetchMock, signOutCall)).toEqual({ refresh_token: 'ref', access_token: 'acc' });
    expect(localStorage.length).toBe(0);
  });
});

describe('the shell at 1024px or less', () => {
  beforeEach(() => {
    mockApi([on(DETAILS, amelia)]);
  });

  const drawerClosed = () => waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());

  it('hides the navigation in a drawer that the menu button opens and closes', async () => {
    setWindowWidth(1024);
    const user = userEvent.setup();
    renderShell();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    // The drawer's code loads after the first screen (MainMenuLayout), at once when opened before.
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav()).getByRole('link', { name: 'Reports' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await drawerClosed();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the drawer when a link is followed', async () => {
    setWindowWidth(390);
    const user = userEvent.setup();
    const router = renderShell();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav()).getByRole('link', { name: 'Reports' }));
    expect(router.state.location.pathname).toBe('/main-menu/reports');
    await drawerClosed();
  });

  it(`opens on a right swipe of more than ${SWIPE_THRESHOLD_PX}px and closes on a left one; 49px does nothing`, async () => {
    setWindowWidth(390);
    renderShell();
    const main = screen.getByRole('main');

    act(() => swipe(main, { dx: 49 }));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    act(() => swipe(main, { dx: 50 }));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();

    act(() => swipe(main, { dx: 51 }));
    expect(nav()).toBeVisible();

    act(() => swipe(nav(), { x: 180, dx: -49 }));
    expect(nav()).toBeVisible();

    act(() => swipe(nav(), { x: 180, dx: -51 }));
    await drawerClosed();
  });

  it('leaves a sideways swipe on something that scrolls sideways (the Reports tabs) to that scroller', () => {
    setWindowWidth(390);
    renderShell();
    const scroller = document.createElement('div');
    scroller.style.overflowX = 'auto';
    let contentWidth = 600;
    Object.defineProperties(scroller, { scrollWidth: { get: () => contentWidth }, clientWidth: { value: 358 } });
    const tab = scroller.appendChild(document.createElement('button'));
    screen.getByRole('main').appendChild(scroller);

    act(() => swipe(tab, { dx: 120 }));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();

    // A scroller whose content fits does not scroll: the swipe opens the drawer.
    contentWidth = 358;
    act(() => swipe(tab, { dx: 120 }));
    expect(nav()).toBeVisible();
  });

  it('ignores a mostly vertical movement (a scroll)', () => {
    setWindowWidth(390);
    renderShell();
    act(() => swipe(screen.getByRole('main'), { dx: 80, dy: 120 }));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('keeps the navigation in place and ignores swipes wider than 1024px', () => {
    setWindowWidth(1025);
    renderShell();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    act(() => swipe(screen.getByRole('main'), { x: 300, dx: -200 }));
    expect(nav()).toBeVisible();
  });
});

describe('swipeAction', () => {
  it.each([
    [49, 0, null],
    [50, 0, null],
    [51, 0, 'open'],
    [-49, 0, null],
    [-50, 0, null],
    [-51, 0, 'close'],
    [60, 61, null],
    [-300, 10, 'close'],
  ] as const)('dx %i, dy %i → %s', (dx, dy, action) => {
    expect(swipeAction(dx, dy)).toBe(action);
  });
});
