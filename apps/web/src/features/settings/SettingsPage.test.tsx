import { SETTINGS_ENDPOINTS as E, SETTINGS_MESSAGES, STORAGE_KEYS } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchedPaths, mockApi, on } from '../../test/api-mock';
import { jsonResponse } from '../../test/render';
import { theme } from '../../ui/theme';
import SettingsPage from './SettingsPage';

/** No pause between simulated keystrokes and clicks: the screens do not depend on timing. */
const user = userEvent.setup({ delay: null });

// The Integrations part is its own feature with its own tests; here it only has to be placed.
vi.mock('./integrations/IntegrationsSection', () => ({
  IntegrationsSection: () => <section aria-label="Integrations">Integrations stand-in</section>,
}));

// The VAT card (beyond the spec) has its own tests (VatCard.test.tsx); here it only has to be placed.
vi.mock('./VatCard', () => ({
  VatCard: () => <section aria-label="VAT">VAT stand-in</section>,
}));
// The category rules card (beyond the spec) has its own tests (CategoryRulesCard.test.tsx).
vi.mock('./CategoryRulesCard', () => ({ CategoryRulesCard: () => null }));

const GOALS = '/api/database/get-financial-goals/u-1';
const SAVE_GOALS = '/api/database/update-financial-goals/u-1';
const SAVE_NOTIFICATIONS = '/api/database/update-notification-settings/u-1';

const goals = {
  financial_goals: { margin_goal: 10, revenue_target: 7500, retention_rate: 12 },
  saved: true,
  suggested_from: [],
};
/** An owner who never saved goals: the revenue target suggested from August to October's takings. */
const suggested = {
  financial_goals: { margin_goal: 8, revenue_target: 31_600, retention_rate: 15 },
  saved: false,
  suggested_from: ['2026-08', '2026-09', '2026-10'],
};
const notifications = {
  monthly_summary: true,
  action_required: false,
  email_notifications: true,
  vat_return_due: true,
  quarterly_update_due: true,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/main-menu/settings', Component: SettingsPage },
      { path: '*', Component: Where },
    ],
    { initialEntries: ['/main-menu/settings'] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, client };
}

/** The body of the first call to `path`. */
function bodySentTo(fetchMock: ReturnType<typeof mockApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => url === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

const region = (name: string) => screen.getByRole('region', { name });
const slider = (name: string) => within(region('Financial Goals')).getByRole('slider', { name });
const goalsSave = () => within(region('Financial Goals')).queryByRole('button', { name: 'Save' });
const notificationsSave = () => within(region('Notifications')).queryByRole('button', { name: 'Save' });

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings', () => {
  it('shows the goals on three sliders with their reference texts, and no Save before a change', async () => {
    mockApi([on(E.getFinancialGoals, goals), on(E.getNotificationSettings, notifications)]);
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => expect(slider('Margin goal')).toHaveValue('10'));

    expect(slider('Margin goal')).toHaveAttribute('min', '0');
    expect(slider('Margin goal')).toHaveAttribute('max', '100');
    expect(slider('Revenue target')).toHaveValue('7500');
    expect(slider('Revenue target')).toHaveAttribute('max', '20000');
    expect(slider('Revenue target')).toHaveAttribute('step', '10');
    expect(slider('Revenue target')).toHaveAttribute('aria-valuetext', '£7,500');
    expect(slider('Retention rate')).toHaveValue('12');
    expect(slider('Retention rate')).toHaveAttribute('max', '30');
    expect(slider('Margin goal')).toHaveAccessibleDescription('Industry standard: 7-9%');
    expect(slider('Revenue target')).toHaveAccessibleDescription('Industry standard: £6,000');
    expect(slider('Retention rate')).toHaveAccessibleDescription('Industry standard: 10%-15%');
    expect(goalsSave()).toBeNull();
    expect(notificationsSave()).toBeNull();
  });

  it('shows Save after a change, saves financial_goals, alerts, and hides Save again', async () => {
    const fetchMock = mockApi([
      on(E.getFinancialGoals, goals),
      on(E.getNotificationSettings, notifications),
      on(E.updateFinancialGoals, { message: SETTINGS_MESSAGES.goals.success }),
    ]);
    renderSettings();
    await waitFor(() => expect(slider('Margin goal')).toHaveValue('10'));

    fireEvent.change(slider('Margin goal'), { target: { value: 14 } });
    fireEvent.change(slider('Revenue target'), { target: { value: 9000 } });
    expect(within(region('Financial Goals')).getByTestId('margin_goal-value')).toHaveTextContent('14%');
    expect(within(region('Financial Goals')).getByTestId('revenue_target-value')).toHaveTextContent('£9,000');
    await user.click(goalsSave()!);

    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.goals.success);
    expect(bodySentTo(fetchMock, SAVE_GOALS)).toEqual({
      financial_goals: { margin_goal: 14, revenue_target: 9000, retention_rate: 12 },
    });
    const init = fetchMock.mock.calls.find(([url]) => url === SAVE_GOALS)![1]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer acc');
    expect(goalsSave()).toBeNull();
    expect(slider('Margin goal')).toHaveValue('14');
  });

  it('says suggested goals are suggestions, from what, and keeps them with one press', async () => {
    const fetchMock = mockApi([
      on(E.getFinancialGoals, suggested),
      on(E.getNotificationSettings, notifications),
      on(E.updateFinancialGoals, { message: SETTINGS_MESSAGES.goals.success }),
    ]);
    renderSettings();
    const note = await within(region('Financial Goals')).findByTestId('goals-suggested');
    expect(note).toHaveTextContent(
      'Suggested goals, not saved yet: the revenue target is your average takings of Aug–Oct 2026, to the nearest £100',
    );
    // A suggestion past the slider's £20,000: the slider stands at its end, the amount beside it says £31,600.
    expect(slider('Revenue target')).toHaveValue('20000');
    expect(slider('Revenue target')).toHaveAttribute('aria-valuetext', "£31,600, past the slider's £20,000");
    expect(within(region('Financial Goals')).getByLabelText('Or type an amount (up to £1,000,000)')).toHaveValue(
      '31600',
    );
    // The spec's Save appears only after a change; keeping the suggestion is its own button.
    expect(goalsSave()).toBeNull();
    await user.click(within(note).getByRole('button', { name: 'Use these goals' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.goals.success);
    expect(bodySentTo(fetchMock, SAVE_GOALS)).toEqual({ financial_goals: suggested.financial_goals });
    expect(within(region('Financial Goals')).queryByTestId('goals-suggested')).toBeNull();
  });

  it('keeps the typed amount and the slider in step, beyond the slider up to £1,000,000', async () => {
    const fetchMock = mockApi([
      on(E.getFinancialGoals, goals),
      on(E.getNotificationSettings, notifications),
      on(E.updateFinancialGoals, { message: SETTINGS_MESSAGES.goals.success }),
    ]);
    renderSettings();
    await waitFor(() => expect(slider('Revenue target')).toHaveValue('7500'));
    const typed = within(region('Financial Goals')).getByLabelText('Or type an amount (up to £1,000,000)');
    expect(typed).toHaveValue('7500');

    // The slider writes its value beside it.
    fireEvent.change(slider('Revenue target'), { target: { value: 12_000 } });
    expect(typed).toHaveValue('12000');

    // A typed amount moves the slider, to its end when past it.
    await user.clear(typed);
    await user.type(typed, '£45,000');
    expect(within(region('Financial Goals')).getByTestId('revenue_target-value')).toHaveTextContent('£45,000');
    expect(slider('Revenue target')).toHaveValue('20000');
    await user.clear(typed);
    await user.type(typed, '15000');
    expect(slider('Revenue target')).toHaveValue('15000');

    // An amount that is no target says why, changes nothing and cannot be saved.
    // (Pasted whole: typed key by key, '100000' on the way would be a target of its own.)
    fireEvent.change(typed, { target: { value: '1,000,005' } });
    expect(
      within(region('Financial Goals')).getByText('Revenue target must be from £0 to £1,000,000, in steps of £10.'),
    ).toBeInTheDocument();
    expect(within(region('Financial Goals')).getByTestId('revenue_target-value')).toHaveTextContent('£15,000');
    expect(goalsSave()).toBeDisabled();

    await user.clear(typed);
    await user.type(typed, '1,000,000');
    expect(goalsSave()).toBeEnabled();
    await user.click(goalsSave()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.goals.success);
    expect(bodySentTo(fetchMock, SAVE_GOALS)).toEqual({
      financial_goals: { margin_goal: 10, revenue_target: 1_000_000, retention_rate: 12 },
    });
  });

  it('hides Save again when a slider goes back to the saved value', async () => {
    mockApi([on(E.getFinancialGoals, goals), on(E.getNotificationSettings, notifications)]);
    renderSettings();
    await waitFor(() => expect(slider('Retention rate')).toHaveValue('12'));
    fireEvent.change(slider('Retention rate'), { target: { value: 20 } });
    expect(goalsSave()).toBeInTheDocument();
    fireEvent.change(slider('Retention rate'), { target: { value: 12 } });
    expect(goalsSave()).toBeNull();
  });

  it("alerts the spec's failure with the server's reason, and keeps Save", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      on(E.getFinancialGoals, goals),
      on(E.getNotificationSettings, notifications),
      on(E.updateFinancialGoals, jsonResponse(503, { error: 'The database is busy.', code: 'internal_error' })),
    ]);
    renderSettings();
    await waitFor(() => expect(slider('Margin goal')).toHaveValue('10'));
    fireEvent.change(slider('Margin goal'), { target: { value: 20 } });
    await user.click(goalsSave()!);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SETTINGS_MESSAGES.goals.failure);
    expect(alert).toHaveTextContent('The database is busy.');
    expect(goalsSave()).toBeInTheDocument();
  });

  it("says a demo account's save is refused as read-only, not 'Please try again' (beyond the spec)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      on(E.getFinancialGoals, goals),
      on(E.getNotificationSettings, notifications),
      on(
        E.updateFinancialGoals,
        jsonResponse(403, {
          error: 'The demo account is read-only: its financial goals cannot be changed.',
          code: 'demo_read_only',
        }),
      ),
    ]);
    renderSettings();
    await waitFor(() => expect(slider('Margin goal')).toHaveValue('10'));
    fireEvent.change(slider('Margin goal'), { target: { value: 20 } });
    await user.click(goalsSave()!);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The demo account is read-only\.$/);
    expect(goalsSave()).toBeInTheDocument();
  });

  it('shows Monthly Summary and Action Required as Enable/Disable, the Email Notifications card hidden', async () => {
    mockApi([on(E.getFinancialGoals, goals), on(E.getNotificationSettings, notifications)]);
    renderSettings();
    const monthly = await screen.findByRole('radiogroup', { name: 'Monthly Summary' });
    const action = screen.getByRole('radiogroup', { name: 'Action Required' });
    expect(within(monthly).getByRole('radio', { name: 'Enable' })).toBeChecked();
    expect(within(action).getByRole('radio', { name: 'Disable' })).toBeChecked();
    // Hidden from everyone: it is neither visible nor in the accessibility tree.
    expect(screen.queryByRole('region', { name: 'Email Notifications' })).toBeNull();
    const hiddenCard = document.querySelector('section[hidden]') as HTMLElement;
    expect(
      within(hiddenCard).getByRole('heading', { name: 'Email Notifications', hidden: true, level: 2 }),
    ).toBeInTheDocument();
    expect(within(hiddenCard).getByRole('radio', { name: 'Enable', hidden: true })).toBeChecked();
    expect(hiddenCard).not.toBeVisible();
  });

  it("saves notifications as 'enable'/'disable' after a change, alerts, and hides Save", async () => {
    const fetchMock = mockApi([
      on(E.getFinancialGoals, goals),
      on(E.getNotificationSettings, notifications),
      on(E.updateNotificationSettings, { message: SETTINGS_MESSAGES.notifications.success }),
    ]);
    renderSettings();
    const monthly = await screen.findByRole('radiogroup', { name: 'Monthly Summary' });
    await user.click(within(monthly).getByRole('radio', { name: 'Disable' }));
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Action Required' })).getByRole('radio', { name: 'Enable' }),
    );
    await user.click(notificationsSave()!);

    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.notifications.success);
    expect(bodySentTo(fetchMock, SAVE_NOTIFICATIONS)).toEqual({
      monthly_summary: 'disable',
      action_required: 'enable',
      email_notifications: 'enable',
      vat_return_due: 'enable',
      quarterly_update_due: 'enable',
    });
    expect(notificationsSave()).toBeNull();
    expect(within(monthly).getByRole('radio', { name: 'Disable' })).toBeChecked();
  });

  it('alerts the notifications failure and keeps Save', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      on(E.getFinancialGoals, goals),
      on(E.getNotificationSettings, notifications),
      on(E.updateNotificationSettings, () => Promise.reject(new TypeError('Failed to fetch'))),
    ]);
    renderSettings();
    const action = await screen.findByRole('radiogroup', { name: 'Action Required' });
    await user.click(within(action).getByRole('radio', { name: 'Enable' }));
    await user.click(notificationsSave()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.notifications.failure);
    expect(notificationsSave()).toBeInTheDocument();
  });

  it('says what did not load and loads it again on request', async () => {
    let goalsAnswer = jsonResponse(500, { error: 'Something went wrong on our side.', code: 'internal_error' });
    const fetchMock = mockApi([
      on(E.getFinancialGoals, () => goalsAnswer.clone()),
      on(E.getNotificationSettings, notifications),
    ]);
    renderSettings();
    const failed = await within(region('Financial Goals')).findByText('We could not load your financial goals.');
    expect(failed).toBeInTheDocument();
    goalsAnswer = jsonResponse(200, goals);
    await user.click(within(region('Financial Goals')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(slider('Margin goal')).toHaveValue('10'));
    expect(fetchedPaths(fetchMock).filter((path) => path === GOALS)).toHaveLength(2);
  });

  it('places Integrations below goals and notifications', async () => {
    mockApi([on(E.getFinancialGoals, goals), on(E.getNotificationSettings, notifications)]);
    renderSettings();
    const integrations = await screen.findByRole('region', { name: 'Integrations' });
    expect(screen.getAllByRole('region').at(-1)).toBe(integrations);
    expect(region('Notifications').compareDocumentPosition(integrations)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(region('Financial Goals').compareDocumentPosition(region('Notifications'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('goes to /main-menu without a stored id', async () => {
    mockApi([]);
    localStorage.removeItem(STORAGE_KEYS.id);
    renderSettings();
    expect(await screen.findByTestId('where')).toHaveTextContent('/main-menu');
  });
});
