import {
  CONNECT_CHANNEL,
  type ConnectableProcessor,
  type ConnectedResponse,
  type ConnectFailure,
  INTEGRATION_ENDPOINTS as E,
  STORAGE_KEYS,
} from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchedPaths, mockApi, on } from '../../test/api-mock';
import { jsonResponse, sentBody } from '../../test/render';
import { theme } from '../../ui/theme';
import { TIMINGS } from '../../ui/timings';
import { attemptKey, type ConnectAttempt, saveAttempt } from '../connect/connect-attempt';
import { ConnectRedirectPage } from './ConnectRedirectPage';
import { loadOnboardingState, saveOnboardingState, startCardQueue } from './onboarding-state';

const ORIGIN = window.location.origin;
const CONNECTED: ConnectedResponse = {
  connection: {
    processor: 'square',
    status: 'connected',
    sandbox: true,
    since: null,
    last_sync: null,
    next_sync: null,
    sync: { state: 'queued', imported: 0, last_error: null },
    consent_expires_at: null,
    institution: null,
    institution_id: null,
  },
};

function Elsewhere() {
  const location = useLocation();
  return (
    <output data-testid="destination" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function renderReturn(processor: ConnectableProcessor, query: string) {
  const path = `/${processor}-redirect`;
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            <ConnectRedirectPage processor={processor} />
            <Address />
          </>
        ),
      },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [`${path}${query}`] },
  );
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

function startedFrom(attempt: Omit<ConnectAttempt, 'mode'> & { mode?: ConnectAttempt['mode'] }) {
  saveAttempt({ mode: 'popup', ...attempt });
}

let opener: { postMessage: ReturnType<typeof vi.fn> } | null;
let close: ReturnType<typeof vi.spyOn>;
let broadcasts: unknown[];
let listener: BroadcastChannel;

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
  opener = { postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { get: () => opener, configurable: true });
  close = vi.spyOn(window, 'close').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  broadcasts = [];
  listener = new BroadcastChannel(CONNECT_CHANNEL);
  listener.addEventListener('message', (event) => broadcasts.push(event.data));
});

afterEach(() => {
  listener.close();
  Reflect.deleteProperty(window, 'opener');
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The opener heard `type`, at this exact origin, and the pop-up asked to close. */
async function expectSignal(type: string, processor: ConnectableProcessor, reason?: ConnectFailure) {
  const message = reason ? { type, processor, reason } : { type, processor };
  await waitFor(() => expect(close).toHaveBeenCalled());
  expect(opener!.postMessage).toHaveBeenCalledTimes(1);
  expect(opener!.postMessage).toHaveBeenCalledWith(message, ORIGIN);
  await waitFor(() => expect(broadcasts).toEqual([message]));
}

describe('the pop-up return pages', () => {
  it('records a card connection from Settings, tells the opener and closes', async () => {
    startedFrom({ processor: 'square', from: 'settings', state: 'st-1' });
    const fetchMock = mockApi([on(E.recordSquareTransactions, CONNECTED)]);
    renderReturn('square', '?code=sq-code&state=st-1');

    await expectSignal('SQUARE_CONNECT_SUCCESS', 'square');
    expect(fetchedPaths(fetchMock)).toEqual(['/api/square/record-square-transactions']);
    expect(sentBody(fetchMock)).toEqual({ id: 'u-1', code: 'sq-code', state: 'st-1' });
    expect(localStorage.getItem(attemptKey('square'))).toBeNull();
    // The code has left the address bar.
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/square-redirect$/);
  });

  it('uses get_access_token for Stripe during onboarding', async () => {
    startedFrom({ processor: 'stripe', from: 'onboarding', state: 'st-2' });
    const fetchMock = mockApi([on(E.stripeAccessToken, CONNECTED)]);
    renderReturn('stripe', '?code=ac_1&state=st-2');
    await expectSignal('STRIPE_CONNECT_SUCCESS', 'stripe');
    expect(sentBody(fetchMock)).toEqual({ code: 'ac_1', state: 'st-2' });
  });

  it('uses record-stripe-transactions for Stripe from Settings, and SumUp its own call', async () => {
    startedFrom({ processor: 'stripe', from: 'settings', state: 'st-3' });
    const fetchMock = mockApi([on(E.recordStripeTransactions, CONNECTED)]);
    renderReturn('stripe', '?code=ac_2&state=st-3');
    await expectSignal('STRIPE_CONNECT_SUCCESS', 'stripe');
    expect(sentBody(fetchMock)).toEqual({ id: 'u-1', code: 'ac_2', state: 'st-3' });
  });

  it("passes SumUp's merchant code on to the server (beyond the spec: its one scope names no merchant)", async () => {
    startedFrom({ processor: 'sumup', from: 'settings', state: 'st-4' });
    const fetchMock = mockApi([on(E.recordSumupTransactions, CONNECTED)]);
    renderReturn('sumup', '?code=su-2&state=st-4&merchant_code=MH4H92C7');
    await expectSignal('SUMUP_CONNECT_SUCCESS', 'sumup');
    expect(sentBody(fetchMock)).toEqual({ id: 'u-1', code: 'su-2', state: 'st-4', merchant_code: 'MH4H92C7' });
  });

  it('accepts the SumUp return only with a code and the expected state', async () => {
    startedFrom({ processor: 'sumup', from: 'onboarding', state: 'expected' });
    const fetchMock = mockApi([on(E.recordSumupTransactions, CONNECTED)]);
    renderReturn('sumup', '?code=su-code&state=forged&merchant_code=MC1');
    await expectSignal('SUMUP_CONNECT_ERROR', 'sumup', 'expired');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['no code', '?state=st-1', 'expired'],
    ['Deny', '?error=access_denied&state=st-1', 'denied'],
  ] as const)('fails without asking the server on %s', async (_case, query, reason) => {
    startedFrom({ processor: 'square', from: 'settings', state: 'st-1' });
    const fetchMock = mockApi([]);
    renderReturn('square', query);
    await expectSignal('SQUARE_CONNECT_ERROR', 'square', reason);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails a return this browser never started (or already used)', async () => {
    const fetchMock = mockApi([]);
    renderReturn('stripe', '?code=ac_1&state=st-1');
    await expectSignal('STRIPE_CONNECT_ERROR', 'stripe', 'expired');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports the server refusing the code', async () => {
    startedFrom({ processor: 'square', from: 'settings', state: 'st-1' });
    mockApi([
      on(
        E.recordSquareTransactions,
        jsonResponse(400, {
          error: 'This connection link has expired. Please connect again.',
          code: 'state_expired',
        }),
      ),
    ]);
    renderReturn('square', '?code=sq&state=st-1');
    await expectSignal('SQUARE_CONNECT_ERROR', 'square', 'refused');
  });

  it('records the bank with the stored requisition id and the ref', async () => {
    localStorage.setItem('requisistion_id', 'req-9');
    startedFrom({ processor: 'gocardless', from: 'onboarding' });
    const fetchMock = mockApi([on(E.recordBankTransactions, CONNECTED)]);
    renderReturn('gocardless', '?ref=brade-ref-1');
    await expectSignal('GOCARDLESS_CONNECT_SUCCESS', 'gocardless');
    expect(sentBody(fetchMock)).toEqual({ id: 'u-1', requisition_id: 'req-9', ref: 'brade-ref-1' });
  });

  it('records an Enable Banking return with its code and state', async () => {
    localStorage.setItem('requisistion_id', 'attempt-1');
    startedFrom({ processor: 'gocardless', from: 'settings' });
    const fetchMock = mockApi([on(E.recordBankTransactions, CONNECTED)]);
    renderReturn('gocardless', '?state=st-9&code=eb-code&unrelated=x');
    await expectSignal('GOCARDLESS_CONNECT_SUCCESS', 'gocardless');
    expect(sentBody(fetchMock)).toEqual({ id: 'u-1', requisition_id: 'attempt-1', state: 'st-9', code: 'eb-code' });
  });

  it('passes a refusal at the bank on to the server (which uses the attempt up) and reports the failure', async () => {
    localStorage.setItem('requisistion_id', 'req-9');
    startedFrom({ processor: 'gocardless', from: 'settings' });
    const fetchMock = mockApi([
      on(
        E.recordBankTransactions,
        jsonResponse(400, {
          error: 'The bank connection was not approved. Please connect again.',
          code: 'consent_denied',
        }),
      ),
    ]);
    renderReturn('gocardless', '?state=r&error=access_denied&error_description=Cancelled');
    await expectSignal('GOCARDLESS_CONNECT_ERROR', 'gocardless', 'denied');
    expect(sentBody(fetchMock)).toEqual({
      id: 'u-1',
      requisition_id: 'req-9',
      state: 'r',
      error: 'access_denied',
      error_description: 'Cancelled',
    });
  });

  it('still signals over the BroadcastChannel when a provider page cut the opener link', async () => {
    opener = null;
    startedFrom({ processor: 'square', from: 'settings', state: 'st-1' });
    mockApi([on(E.recordSquareTransactions, CONNECTED)]);
    renderReturn('square', '?code=sq&state=st-1');
    await waitFor(() => expect(close).toHaveBeenCalled());
    await waitFor(() => expect(broadcasts).toEqual([{ type: 'SQUARE_CONNECT_SUCCESS', processor: 'square' }]));
  });
});

describe('a full-page return (the pop-up was blocked)', () => {
  beforeEach(() => {
    opener = null;
  });

  const flush = (ms = 0) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('shows the Stripe onboarding loader, then the success page, then /main-menu after 3.5 seconds', async () => {
    vi.useFakeTimers();
    saveOnboardingState(startCardQueue(['stripe', 'square']));
    startedFrom({ processor: 'stripe', from: 'onboarding', state: 'st-1', mode: 'redirect' });
    mockApi([on(E.stripeAccessToken, CONNECTED)]);
    renderReturn('stripe', '?code=ac&state=st-1');
    expect(screen.getByText('Finishing the connection')).toBeInTheDocument();

    await flush();
    expect(screen.getByRole('heading', { name: 'Account Created Successfully!' })).toBeInTheDocument();
    expect(screen.getByText('You will be redirected to your dashboard shortly.')).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
    expect(loadOnboardingState()).toBeNull();

    await flush(TIMINGS.accountCreatedRedirectMs - 1);
    expect(screen.queryByTestId('destination')).toBeNull();
    await flush(1);
    expect(screen.getByTestId('destination')).toHaveTextContent('/main-menu');
  });

  it('says the Stripe account failed to connect, and still goes to the dashboard', async () => {
    vi.useFakeTimers();
    startedFrom({ processor: 'stripe', from: 'onboarding', state: 'st-1', mode: 'redirect' });
    mockApi([on(E.stripeAccessToken, jsonResponse(400, { error: 'Expired.', code: 'state_expired' }))]);
    renderReturn('stripe', '?code=ac&state=st-1');
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to connect Stripe account. Please try again.');
    await flush(TIMINGS.accountCreatedRedirectMs);
    expect(screen.getByTestId('destination')).toHaveTextContent('/main-menu');
  });

  it('moves the onboarding queue on and returns to it', async () => {
    saveOnboardingState(startCardQueue(['square', 'sumup']));
    startedFrom({ processor: 'square', from: 'onboarding', state: 'st-1', mode: 'redirect' });
    mockApi([on(E.recordSquareTransactions, CONNECTED)]);
    renderReturn('square', '?code=sq&state=st-1');
    expect(await screen.findByTestId('destination')).toHaveTextContent('/queued-pos-links');
    expect(loadOnboardingState()).toMatchObject({ posQueue: ['sumup'], currentStep: 'sumup_connect' });
  });

  it('returns to the queue with the error when the provider refused', async () => {
    saveOnboardingState(startCardQueue(['square']));
    startedFrom({ processor: 'square', from: 'onboarding', state: 'st-1', mode: 'redirect' });
    mockApi([]);
    renderReturn('square', '?error=access_denied&state=st-1');
    const destination = await screen.findByTestId('destination');
    expect(destination).toHaveTextContent('/queued-pos-links');
    expect(JSON.parse(destination.dataset.state!)).toEqual({ connectError: true });
    expect(loadOnboardingState()).toMatchObject({ posQueue: ['square'] });
  });

  it('returns to Settings when the connection started there', async () => {
    startedFrom({ processor: 'sumup', from: 'settings', state: 'st-1', mode: 'redirect' });
    mockApi([on(E.recordSumupTransactions, CONNECTED)]);
    renderReturn('sumup', '?code=su&state=st-1');
    expect(await screen.findByTestId('destination')).toHaveTextContent('/main-menu/settings');
  });

  it('explains a return it knows nothing about, with a way to the dashboard', async () => {
    mockApi([]);
    renderReturn('square', '?code=sq&state=st-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect. Please try again.');
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/main-menu');
  });
});
