import { AUTH_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../test/api-mock';
import { SESSION } from '../../test/fixtures';
import { jsonResponse, renderAt, sentBody } from '../../test/render';
import { recordCodeRequest } from './code-requests';
import OtpConfirmationPage from './OtpConfirmationPage';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.useRealTimers();
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
    await waitFor(() => expect(alert).toHaveBeenCalledWith('A new OTP has been sent to your email.'));
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

  describe('the resend countdown', () => {
    const signedUpAt = new Date('2026-11-23T10:00:00Z');
    const resendButton = () => screen.getByRole('button', { name: /^Resend code/ });
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    beforeEach(() => {
      vi.useFakeTimers({ now: signedUpAt });
      vi.spyOn(window, 'alert').mockImplementation(() => {});
    });

    it('counts down the minute from the sign-up, then offers a resend and counts down again', async () => {
      recordCodeRequest('amelia@example.com', signedUpAt.getTime());
      renderOtp();
      expect(resendButton()).toHaveTextContent('Resend code in 60 s');
      expect(resendButton()).toBeDisabled();
      await advance(18_000);
      expect(resendButton()).toHaveTextContent('Resend code in 42 s');
      await advance(41_000);
      expect(resendButton()).toHaveTextContent('Resend code in 1 s');
      await advance(1_000);
      expect(resendButton()).toHaveTextContent(/^Resend code$/);
      expect(resendButton()).toBeEnabled();
      expect(screen.queryByText(/Failed to resend OTP/)).toBeNull();

      fetchMock.mockResolvedValueOnce(jsonResponse(200, { message: 'sent' }));
      fireEvent.click(resendButton());
      await advance(0);
      expect(window.alert).toHaveBeenCalledWith('A new OTP has been sent to your email.');
      expect(resendButton()).toHaveTextContent('Resend code in 60 s');
      expect(resendButton()).toBeDisabled();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('does not count a resend that failed', async () => {
      renderOtp();
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      fireEvent.click(resendButton());
      await advance(0);
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to resend OTP. Please try again.');
      expect(resendButton()).toHaveTextContent(/^Resend code$/);
      expect(resendButton()).toBeEnabled();
    });

    it('after five codes in an hour says when the next can be asked for', async () => {
      const minute = 60_000;
      for (const offset of [0, 2, 4, 6, 8])
        recordCodeRequest('amelia@example.com', signedUpAt.getTime() + offset * minute);
      vi.setSystemTime(signedUpAt.getTime() + 10 * minute);
      renderOtp();
      expect(resendButton()).toBeDisabled();
      expect(resendButton()).toHaveTextContent(/^Resend code$/);
      // The first of the five was at 10:00 UTC (10:00 in London in November): the sixth can go at 11:00.
      expect(screen.getByText(/You have asked for 5 codes in the last hour/)).toHaveTextContent(
        'You have asked for 5 codes in the last hour. You can ask for another at 11:00.',
      );
      await advance(50 * minute);
      expect(resendButton()).toBeEnabled();
      expect(screen.queryByText(/You have asked for 5 codes/)).toBeNull();
    });

    it('keeps no countdown for another address', () => {
      recordCodeRequest('someone.else@example.com', signedUpAt.getTime());
      renderOtp();
      expect(resendButton()).toBeEnabled();
    });
  });
});
