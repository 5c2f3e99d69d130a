import { INTEGRATION_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { postWindowMessage, stubWindowOpen } from '../../test/fake-popup';
import { jsonResponse, renderAt, sentBody } from '../../test/render';
import { attemptKey } from '../connect/connect-attempt';
import { loadOnboardingState, saveOnboardingState, startCardQueue } from './onboarding-state';
import QueuedPosLinksPage from './QueuedPosLinksPage';

const ORIGIN = window.location.origin;
const PATH = '/queued-pos-links';

const title = () => screen.getByRole('heading', { level: 1 }).textContent;

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function connectThroughPopup(processor: string) {
  mockApi([
    on(INTEGRATION_ENDPOINTS.authorizationUrl, {
      url: `${ORIGIN}/sandbox/${processor}/authorize?state=st`,
      state: 'st',
    }),
  ]);
  const { opened } = stubWindowOpen();
  await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(opened[0]?.location.href).toContain(`/sandbox/${processor}/`));
  return opened[0]!;
}

describe('/queued-pos-links', () => {
  it('returns to /link-your-pos without state', async () => {
    renderAt(<QueuedPosLinksPage />, { path: PATH });
    expect(await screen.findByTestId('destination')).toHaveTextContent('/link-your-pos');
  });

  it('shows one card at a time; Skip completes the step and the empty queue leads to the bank', async () => {
    const user = userEvent.setup();
    renderAt(<QueuedPosLinksPage />, { path: PATH, state: { selectedPOS: ['stripe', 'sumup'] } });
    expect(title()).toBe('Link your Stripe account');
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(loadOnboardingState()).toMatchObject({ posQueue: ['stripe', 'sumup'], currentStep: 'stripe_connect' });

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(title()).toBe('Link your SumUp account');
    expect(loadOnboardingState()).toMatchObject({ posQueue: ['sumup'], currentStep: 'sumup_connect' });

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByTestId('destination')).toHaveTextContent('/link-business-bank');
    expect(loadOnboardingState()).toMatchObject({ posQueue: [], selectedPOS: ['stripe', 'sumup'] });
  });

  it('carries on from the saved state after a reload', () => {
    saveOnboardingState({ ...startCardQueue(['stripe', 'square']), posQueue: ['square'] });
    renderAt(<QueuedPosLinksPage />, { path: PATH });
    expect(title()).toBe('Link your Square account');
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
  });

  it('completes the step when the pop-up reports success', async () => {
    renderAt(<QueuedPosLinksPage />, { path: PATH, state: { selectedPOS: ['stripe', 'square'] } });
    const popup = await connectThroughPopup('stripe');
    expect(JSON.parse(localStorage.getItem(attemptKey('stripe'))!)).toMatchObject({ from: 'onboarding' });
    expect(screen.getByRole('button', { name: 'Skip' })).toBeDisabled();

    postWindowMessage({ type: 'STRIPE_CONNECT_SUCCESS', processor: 'stripe' }, { origin: ORIGIN, source: popup });
    expect(title()).toBe('Link your Square account');
    expect(loadOnboardingState()).toMatchObject({ posQueue: ['square'] });
  });

  it("shows 'Failed to connect. Please try again.' on the pop-up's error and stays on the step", async () => {
    renderAt(<QueuedPosLinksPage />, { path: PATH, state: { selectedPOS: ['square'] } });
    const popup = await connectThroughPopup('square');
    postWindowMessage({ type: 'SQUARE_CONNECT_ERROR', processor: 'square' }, { origin: ORIGIN, source: popup });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to connect. Please try again.');
    expect(title()).toBe('Link your Square account');
    expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  it('changes nothing for a message from another origin', async () => {
    renderAt(<QueuedPosLinksPage />, { path: PATH, state: { selectedPOS: ['sumup'] } });
    const popup = await connectThroughPopup('sumup');
    postWindowMessage(
      { type: 'SUMUP_CONNECT_SUCCESS', processor: 'sumup' },
      { origin: 'http://evil.example', source: popup },
    );
    expect(title()).toBe('Link your SumUp account');
    expect(loadOnboardingState()).toMatchObject({ posQueue: ['sumup'] });
    expect(screen.queryByTestId('destination')).toBeNull();
  });

  it("names an unknown processor 'Unknown POS selected. Please try again.' and lets it be skipped", async () => {
    const user = userEvent.setup();
    renderAt(<QueuedPosLinksPage />, { path: PATH, state: { selectedPOS: ['paypal', 'stripe'] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown POS selected. Please try again.');
    expect(screen.getByRole('button', { name: 'Connect' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(title()).toBe('Link your Stripe account');
  });

  it('shows the error a failed full-page return brought back', () => {
    saveOnboardingState(startCardQueue(['square']));
    renderAt(<QueuedPosLinksPage />, { path: PATH, state: { connectError: true } });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to connect. Please try again.');
    expect(title()).toBe('Link your Square account');
  });

  describe('with the bank queued', () => {
    const bankState = { selectedBank: 'SANDBOXFINANCE_SFIN0000' };

    it('reads "business bank account" and goes to /account-created-success once linked', async () => {
      const fetchMock = mockApi([
        on(INTEGRATION_ENDPOINTS.buildABankLink, {
          requisition: { id: 'req-1', link: `${ORIGIN}/sandbox/gocardless/psd2/start/req-1/SANDBOXFINANCE_SFIN0000` },
        }),
      ]);
      const { opened } = stubWindowOpen();
      renderAt(<QueuedPosLinksPage />, { path: PATH, state: bankState });
      expect(title()).toBe('Link your business bank account');
      expect(loadOnboardingState()).toMatchObject({ currentStep: 'gocardless_connect' });

      await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
      await waitFor(() => expect(opened[0]?.location.href).toContain('/psd2/start/req-1/'));
      expect(sentBody(fetchMock)).toMatchObject({ user_id: 'u-1', institution_id: 'SANDBOXFINANCE_SFIN0000' });

      postWindowMessage(
        { type: 'GOCARDLESS_CONNECT_SUCCESS', processor: 'gocardless' },
        { origin: ORIGIN, source: opened[0] },
      );
      expect(await screen.findByTestId('destination')).toHaveTextContent('/account-created-success');
    });

    it("says 'Failed to connect to GoCardless. Please try again.' when the link cannot be built", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      mockApi([
        on(
          INTEGRATION_ENDPOINTS.buildABankLink,
          jsonResponse(502, { error: 'Your bank is not answering.', code: 'x' }),
        ),
      ]);
      const { opened } = stubWindowOpen();
      renderAt(<QueuedPosLinksPage />, { path: PATH, state: bankState });
      await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect to GoCardless. Please try again.');
      expect(opened[0]!.closed).toBe(true);
    });

    it('Skip also finishes onboarding', async () => {
      renderAt(<QueuedPosLinksPage />, { path: PATH, state: bankState });
      await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
      expect(await screen.findByTestId('destination')).toHaveTextContent('/account-created-success');
    });
  });
});
