import { STORAGE_KEYS } from '@brade/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../app/timings';
import { renderAt } from '../../test/render';
import AccountCreatedSuccessPage from './AccountCreatedSuccessPage';
import { saveOnboardingState, startCardQueue } from './onboarding-state';

afterEach(() => vi.useRealTimers());

describe('/account-created-success', () => {
  it('shows the spec texts, ends onboarding and opens the dashboard after 3.5 seconds', async () => {
    vi.useFakeTimers();
    saveOnboardingState(startCardQueue(['stripe']));
    renderAt(<AccountCreatedSuccessPage />, { path: '/account-created-success' });

    expect(screen.getByRole('heading', { name: 'Account Created Successfully!' })).toBeInTheDocument();
    expect(screen.getByText('You will be redirected to your dashboard shortly.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.onboardingState)).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMINGS.accountCreatedRedirectMs - 1);
    });
    expect(screen.queryByTestId('destination')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByTestId('destination')).toHaveTextContent('/main-menu');
    expect(TIMINGS.accountCreatedRedirectMs).toBe(3_500);
  });
});
