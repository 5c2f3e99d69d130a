import { AUTH_ENDPOINTS } from '@brade/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../test/api-mock';
import { jsonResponse, renderAt, sentBody } from '../../test/render';
import SetNewPasswordPage from './SetNewPasswordPage';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

/** The e-mailed link lands on the real address bar; the memory router only renders the screen. */
function openLink(hash: string) {
  window.history.replaceState(null, '', `/set-new-password?from=email${hash}`);
  return renderAt(<SetNewPasswordPage />, { path: '/set-new-password' });
}

const RECOVERY = '#access_token=rec-acc&refresh_token=rec-ref&type=recovery';

describe('SetNewPasswordPage', () => {
  it('reads the tokens from the hash, wipes it at once and re-authenticates with them', async () => {
    fetchMock.mockResolvedValueOnce(answer(AUTH_ENDPOINTS.reauthenticate, { id: 'u-1' }));
    openLink(RECOVERY);

    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/set-new-password?from=email');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/reauthenticate');
    expect(sentBody(fetchMock)).toEqual({ access_token: 'rec-acc', refresh_token: 'rec-ref' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the tokens are invalid when the hash has none, and calls nothing', () => {
    openLink('#type=recovery');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid authentication tokens. Please try the password reset process again.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a refused re-authentication says so, then goes to /login after about 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'Link expired', code: 'invalid_token' }));
    openLink(RECOVERY);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication failed. Please try the password reset process again.',
    );
    expect(screen.queryByTestId('destination')).toBeNull();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await screen.findByTestId('destination')).toHaveTextContent('/login');
  });

  it('reports other re-authentication failures', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    openLink(RECOVERY);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred during authentication. Please try again.',
    );
  });

  it('checks the rules and the match before updating the password', async () => {
    fetchMock.mockResolvedValueOnce(answer(AUTH_ENDPOINTS.reauthenticate, { id: 'u-1' }));
    const user = userEvent.setup();
    openLink(RECOVERY);
    const submit = () => user.click(screen.getByRole('button', { name: 'Set New Password' }));

    await user.type(screen.getByLabelText('New Password'), 'short');
    expect(screen.getByText('7-16 characters').closest('[data-state]')).toHaveAttribute('data-state', 'unmet');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Password does not meet all requirements');

    await user.type(screen.getByLabelText('New Password'), 'Ok2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'shortOk2027');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('updates the password, confirms, and goes to /login after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock
      .mockResolvedValueOnce(answer(AUTH_ENDPOINTS.reauthenticate, { id: 'u-1' }))
      .mockResolvedValueOnce(answer(AUTH_ENDPOINTS.updatePassword, { message: 'Password changed successfully.' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openLink(RECOVERY);

    await user.type(screen.getByLabelText('New Password'), 'NewSalon2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSalon2026');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Password changed successfully.');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/update_password');
    expect(sentBody(fetchMock, 1)).toEqual({
      password: 'NewSalon2026',
      access_token: 'rec-acc',
      refresh_token: 'rec-ref',
    });
    const auth = (fetchMock.mock.calls[1]![1]!.headers as Record<string, string>).Authorization;
    expect(auth).toBe('Bearer rec-acc');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await screen.findByTestId('destination')).toHaveTextContent('/login');
  });

  it("keeps the spec's sentence for a refused common password and says why under it, from the server's reason", async () => {
    fetchMock.mockResolvedValueOnce(answer(AUTH_ENDPOINTS.reauthenticate, { id: 'u-1' })).mockResolvedValueOnce(
      jsonResponse(400, {
        error: 'Password does not meet all requirements',
        code: 'validation_failed',
        fields: { password: 'Password does not meet all requirements' },
        reason: 'This password is on a list of commonly used passwords: choose another.',
      }),
    );
    const user = userEvent.setup();
    openLink(RECOVERY);
    await user.type(screen.getByLabelText('New Password'), 'Newpass123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password does not meet all requirements/);
    expect(screen.getByTestId('error-reason')).toHaveTextContent(
      'This password is on a list of commonly used passwords: choose another.',
    );
  });

  it.each([
    [
      'a validation error with its text',
      jsonResponse(400, { error: 'Password does not meet all requirements', code: 'weak_password' }),
      'Password does not meet all requirements',
    ],
    [
      'any other failure as the generic text',
      jsonResponse(401, { error: 'Session expired', code: 'invalid_token' }),
      'Failed to set new password. Please try again.',
    ],
  ])('shows %s', async (_case, response, message) => {
    fetchMock
      .mockResolvedValueOnce(answer(AUTH_ENDPOINTS.reauthenticate, { id: 'u-1' }))
      .mockResolvedValueOnce(response);
    const user = userEvent.setup();
    openLink(RECOVERY);
    await user.type(screen.getByLabelText('New Password'), 'NewSalon2026');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSalon2026');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
