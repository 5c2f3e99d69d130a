import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import AllDonePage from './AllDonePage';
import PasswordResetPage from './PasswordResetPage';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PasswordResetPage', () => {
  it('asks for all six digits, then only logs (no server call)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt(<PasswordResetPage />, { path: '/password-reset' });

    await user.click(screen.getByLabelText('Digit 1'));
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter all 6 digits');

    await user.click(screen.getByLabelText('Digit 4'));
    await user.keyboard('456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(log).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('AllDonePage', () => {
  it('shows a loading screen for 3.5 seconds, then the message and Back to Login', () => {
    vi.useFakeTimers();
    renderAt(<AllDonePage />, { path: '/all-done' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3_499));
    expect(screen.queryByText('All done! Your password has been reset.')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'All done! Your password has been reset.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});
