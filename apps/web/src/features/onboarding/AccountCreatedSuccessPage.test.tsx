import {
  type ConnectableProcessor,
  type ConnectionSummary,
  INTEGRATION_ENDPOINTS,
  STORAGE_KEYS,
} from '@brade/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { renderAt } from '../../test/render';
import { TIMINGS } from '../../ui/timings';
import AccountCreatedSuccessPage from './AccountCreatedSuccessPage';
import { saveOnboardingState, startCardQueue } from './onboarding-state';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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

  describe('with something still to link (beyond the spec)', () => {
    const summary = (processor: ConnectableProcessor): ConnectionSummary => ({
      processor,
      status: 'connected',
      sandbox: true,
      since: null,
      last_sync: null,
      next_sync: null,
      sync: { state: 'idle', imported: 0, last_error: null },
      consent_expires_at: null,
      institution: null,
      institution_id: null,
    });

    it('names the chosen providers and the bank not linked, and still keeps its promise to open the dashboard', async () => {
      localStorage.setItem(STORAGE_KEYS.id, 'u-1');
      localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
      const fetchMock = mockApi([on(INTEGRATION_ENDPOINTS.syncStatus, { connections: [summary('stripe')] })]);
      saveOnboardingState(startCardQueue(['stripe', 'sumup']));
      vi.useFakeTimers();
      renderAt(<AccountCreatedSuccessPage />, { path: '/account-created-success' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const still = screen.getByTestId('still-to-link');
      expect(still).toHaveTextContent('Still to link: SumUp and your business bank account.');
      expect(still).toHaveTextContent('You can link them at any time in Settings, under Integrations.');
      // The promise stays on the page, and is kept: the dashboard opens after 3.5 seconds.
      expect(screen.getByRole('status')).toHaveTextContent('You will be redirected to your dashboard shortly.');
      expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/main-menu');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(TIMINGS.accountCreatedRedirectMs - 50);
      });
      expect(screen.getByTestId('destination')).toHaveTextContent('/main-menu');
    });

    it('redirects as usual when everything is linked', async () => {
      localStorage.setItem(STORAGE_KEYS.id, 'u-1');
      mockApi([on(INTEGRATION_ENDPOINTS.syncStatus, { connections: [summary('square'), summary('gocardless')] })]);
      saveOnboardingState(startCardQueue(['square']));
      vi.useFakeTimers();
      renderAt(<AccountCreatedSuccessPage />, { path: '/account-created-success' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(TIMINGS.accountCreatedRedirectMs);
      });
      expect(screen.getByTestId('destination')).toHaveTextContent('/main-menu');
    });
  });
});
