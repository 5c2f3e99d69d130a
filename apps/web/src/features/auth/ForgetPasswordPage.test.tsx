import { AUTH_ENDPOINTS } from '@brade/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../test/api-mock';
import { jsonResponse, renderAt, sentBody } from '../../test/render';
import ForgetPasswordPage from './ForgetPasswordPage';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

async function requestReset() {
  const user = userEvent.setup();
  renderAt(<ForgetPasswordPage />, { path: '/forget-password' });
  await user.type(screen.getByLabelText('Email'), 'amelia@example.com');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ForgetPasswordPage', () => {
  it('asks for a reset link that lands on /set-new-password and confirms', async () => {
    fetchMock.mockResolvedValueOnce(answer(AUTH_ENDPOINTS.requestPasswordReset, { message: 'ok' }));
    await requestReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We've sent you an email with instructions to reset your password.",
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/request_password_reset');
    expect(sentBody(fetchMock)).toEqual({
      email: 'amelia@example.com',
      redirect_to: `${window.location.origin}/set-new-password`,
    });
  });

  it('reports a refused request', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: 'Too many requests', code: 'rate_limited' }));
    await requestReset();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send OTP. Please try again.');
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await requestReset();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('links back to the login', () => {
    renderAt(<ForgetPasswordPage />, { path: '/forget-password' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});
