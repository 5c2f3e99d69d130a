import { ACCOUNT_ENDPOINTS, AUTH_ENDPOINTS, DEMO_ACCOUNT, STORAGE_KEYS } from '@brade/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../test/api-mock';
import { SESSION, USER_DETAILS } from '../../test/fixtures';
import { jsonResponse, renderAt, sentBody } from '../../test/render';
import LoginPage from './LoginPage';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const renderLogin = () => renderAt(<LoginPage />, { path: '/login' });

describe('LoginPage', () => {
  it('has Email and Password fields with the 7-16 characters hint and the links', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('7-16 characters');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forget-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it("'Use Test Account' prefills the demo credentials, which are shown beside it", async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByText(new RegExp(`${DEMO_ACCOUNT.email}.*${DEMO_ACCOUNT.password}`))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use Test Account' }));

    expect(screen.getByLabelText('Email')).toHaveValue(DEMO_ACCOUNT.email);
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO_ACCOUNT.password);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves Use Test Account out when the server says there is no demo account (DEMO_ACCOUNT=false)', () => {
    const meta = document.createElement('meta');
    meta.name = 'brade-demo-account';
    meta.content = 'off';
    document.head.append(meta);
    try {
      renderLogin();
      expect(screen.queryByRole('button', { name: 'Use Test Account' })).toBeNull();
      expect(screen.queryByText(new RegExp(DEMO_ACCOUNT.password))).toBeNull();
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });

  it("reads 'Logging in...' and is disabled while signing in, then stores the session and opens /main-menu", async () => {
    let answerSignIn!: (response: Response) => void;
    fetchMock
      .mockImplementationOnce(() => new Promise((resolve) => (answerSignIn = resolve)))
      .mockResolvedValueOnce(answer(ACCOUNT_ENDPOINTS.getUserDetails, USER_DETAILS));
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByLabelText('Email'), 'amelia@example.com');
    await user.type(screen.getByLabelText('Password'), 'Salon2026x');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const busy = screen.getByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/signin_user');
    expect(sentBody(fetchMock)).toEqual({ email: 'amelia@example.com', password: 'Salon2026x' });

    answerSignIn(answer(AUTH_ENDPOINTS.signin, SESSION));

    expect(await screen.findByTestId('destination')).toHaveTextContent('/main-menu');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/database/get-user-details/u-1');
    expect(localStorage.getItem(STORAGE_KEYS.id)).toBe('u-1');
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBe('amelia@example.com');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('acc');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('ref');
    expect(localStorage.getItem(STORAGE_KEYS.fullName)).toBe('Amelia Hart');
  });

  it('still signs in when the user details cannot be loaded (only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock
      .mockResolvedValueOnce(answer(AUTH_ENDPOINTS.signin, SESSION))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Use Test Account' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByTestId('destination')).toHaveTextContent('/main-menu');
    expect(logged).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.fullName)).toBeNull();
    logged.mockRestore();
  });

  it('takes an owner who never gave business details to /business-information (beyond the spec)', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(AUTH_ENDPOINTS.signin, SESSION))
      .mockResolvedValueOnce(answer(ACCOUNT_ENDPOINTS.getUserDetails, { ...USER_DETAILS, salon_name: null }));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'amelia@example.com');
    await user.type(screen.getByLabelText('Password'), 'Salon2026x');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const destination = await screen.findByTestId('destination');
    expect(destination).toHaveTextContent('/business-information');
    expect(JSON.parse(destination.dataset.state!)).toEqual({ id: 'u-1' });
    expect(localStorage.getItem(STORAGE_KEYS.id)).toBe('u-1');
  });

  it('tells an owner who left the code step how to get a new code', () => {
    renderLogin();
    expect(
      screen.getByText("Didn't finish signing up? Sign up again with the same address for a new code."),
    ).toBeInTheDocument();
  });

  it('requires both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      'the server error text',
      jsonResponse(401, { error: 'Please confirm your email first', code: 'x' }),
      'Please confirm your email first',
    ],
    ['the fallback when the server gives no text', jsonResponse(401, {}), 'Invalid email or password'],
  ])('shows %s in an alert', async (_case, response, message) => {
    fetchMock.mockResolvedValueOnce(response);
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Use Test Account' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("shows the spec's failure text when the network fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Use Test Account' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during sign up'));
  });
});
