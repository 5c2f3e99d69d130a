import { AUTH_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../test/api-mock';
import { SESSION } from '../../test/fixtures';
import { jsonResponse, renderAt, sentBody } from '../../test/render';
import OtpConfirmationPage from './OtpConfirmationPage';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderOtp = () =>
  renderAt(<OtpConfirmationPage />, {
    path: '/otp-confirmation',
    state: { email: 'amelia@example.com', id: 'u-1', fullName: 'Amelia Hart' },
  });

async function enterCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByLabelText('Digit 1'));
  await user.keyboard(code);
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
}

describe('OtpConfirmationPage', () => {
  it('shows the email the code was sent to', () => {
    renderOtp();
    expect(screen.getByText(/We sent a code to/)).toHaveTextContent('We sent a code to amelia@example.com');
  });

  it('asks for all six digits before calling the server', async () => {
    const user = userEvent.setup();
    renderOtp();
    await enterCode(user, '12345');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter all 6 digits');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies, stores the session and moves to /business-information with the id', async () => {
    fetchMock.mockResolvedValueOnce(answer(AUTH_ENDPOINTS.verifyOtp, SESSION));
    const user = userEvent.setup();
    renderOtp();
    await enterCode(user, '123456');

    const destination = await screen.findByTestId('destination');
    expect(destination).toHaveTextContent('/business-information');
    expect(JSON.parse(destination.dataset.state!)).toEqual({ id: 'u-1' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/verify_otp');
    expect(sentBody(fetchMock)).toEqual({ email: 'amelia@example.com', token: '123456', id: 'u-1' });
    expect(localStorage.getItem(STORAGE_KEYS.id)).toBe('u-1');
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBe('amelia@example.com');
    expect(localStorage.getItem(STORAGE_KEYS.fullName)).toBe('Amelia Hart');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('acc');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('ref');
  });

  it("says 'Invalid OTP. Please try again.' when the answer carries an error", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'That code is not right', code: 'invalid_otp' }));
    const user = userEvent.setup();
    renderOtp();
    await enterCode(user, '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP. Please try again.');
    expect(localStorage.getItem(STORAGE_KEYS.id)).toBeNull();
  });

  it('says so when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderOtp();
    await enterCode(user, '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during sign up');
  });

  it('resends the code and confirms with an alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(answer(AUTH_ENDPOINTS.resendOtp, { message: 'sent' }));
    const user = userEvent.setup();
    renderOtp();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('A new OTP has been sent to your email.'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/resend_otp');
    expect(sentBody(fetchMock)).toEqual({ email: 'amelia@example.com', id: 'u-1' });
  });

  it('says when resending failed', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: 'Wait a minute', code: 'otp_resend_throttled' }));
    const user = userEvent.setup();
    renderOtp();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to resend OTP. Please try again.');
  });
});
