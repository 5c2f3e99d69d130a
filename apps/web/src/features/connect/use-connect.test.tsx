import { INTEGRATION_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { broadcast, postWindowMessage, stubWindowOpen } from '../../test/fake-popup';
import { jsonResponse, sentBody } from '../../test/render';
import { attemptKey } from './connect-attempt';
import { pageNavigation } from './connect-popup';
import { CLOSED_GRACE_MS, type ConnectResult, POPUP_WATCH_MS, useConnect } from './use-connect';

const ORIGIN = window.location.origin;
const STRIPE_URL = `${ORIGIN}/sandbox/stripe/oauth/authorize?state=st-1`;

function Harness(props: { onResult: (r: ConnectResult) => void; onStartError: (p: string, e: unknown) => void }) {
  const { busy, connectCard, connectBank } = useConnect({ from: 'settings', ...props });
  return (
    <>
      <button type="button" onClick={() => connectCard('stripe')}>
        Connect Stripe
      </button>
      <button type="button" onClick={() => connectBank('SANDBOXFINANCE_SFIN0000')}>
        Connect bank
      </button>
      <output data-testid="busy">{busy ?? ''}</output>
    </>
  );
}

function setup() {
  const onResult = vi.fn();
  const onStartError = vi.fn();
  render(<Harness onResult={onResult} onStartError={onStartError} />);
  return { onResult, onStartError };
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useConnect', () => {
  it('opens the pop-up inside the click, before asking the server, then sends it to the consent page', async () => {
    const fetchMock = mockApi([on(INTEGRATION_ENDPOINTS.authorizationUrl, { url: STRIPE_URL, state: 'st-1' })]);
    const { open, opened } = stubWindowOpen();
    setup();

    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.invocationCallOrder[0]).toBeLessThan(fetchMock.mock.invocationCallOrder[0]!);
    expect(screen.getByTestId('busy')).toHaveTextContent('stripe');

    await waitFor(() => expect(opened[0]!.location.href).toBe(STRIPE_URL));
    expect(sentBody(fetchMock)).toEqual({ id: 'u-1', processor: 'stripe' });
    expect(JSON.parse(localStorage.getItem(attemptKey('stripe'))!)).toEqual({
      processor: 'stripe',
      from: 'settings',
      mode: 'popup',
      state: 'st-1',
    });
  });

  it('completes once on the pop-up signal, though it arrives by postMessage and BroadcastChannel', async () => {
    mockApi([on(INTEGRATION_ENDPOINTS.authorizationUrl, { url: STRIPE_URL, state: 'st-1' })]);
    const { opened } = stubWindowOpen();
    const { onResult } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(opened[0]!.location.href).toBe(STRIPE_URL));

    const message = { type: 'STRIPE_CONNECT_SUCCESS', processor: 'stripe' };
    postWindowMessage(message, { origin: ORIGIN, source: opened[0] });
    await broadcast(message);

    expect(onResult).toHaveBeenCalledTimes(1);
    expect(onResult).toHaveBeenCalledWith({ processor: 'stripe', ok: true });
    expect(screen.getByTestId('busy')).toHaveTextContent('');
  });

  it('ignores messages from another origin, from another window and of another shape', async () => {
    mockApi([on(INTEGRATION_ENDPOINTS.authorizationUrl, { url: STRIPE_URL, state: 'st-1' })]);
    const { opened } = stubWindowOpen();
    const { onResult } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(opened[0]!.location.href).toBe(STRIPE_URL));
    const popup = opened[0];
    const success = { type: 'STRIPE_CONNECT_SUCCESS', processor: 'stripe' };

    postWindowMessage(success, { origin: 'http://evil.example', source: popup });
    postWindowMessage(success, { origin: `${ORIGIN}.evil.example`, source: popup });
    postWindowMessage(success, { origin: ORIGIN, source: window });
    postWindowMessage(success, { origin: ORIGIN, source: null });
    postWindowMessage({ ...success, token: 'sk_live' }, { origin: ORIGIN, source: popup });
    postWindowMessage({ type: 'SQUARE_CONNECT_SUCCESS', processor: 'square' }, { origin: ORIGIN, source: popup });
    await broadcast({ type: 'STRIPE_CONNECT_SUCCESS', processor: 'square' });
    expect(onResult).not.toHaveBeenCalled();
    expect(screen.getByTestId('busy')).toHaveTextContent('stripe');

    postWindowMessage({ type: 'STRIPE_CONNECT_ERROR', processor: 'stripe' }, { origin: ORIGIN, source: popup });
    expect(onResult).toHaveBeenCalledWith({ processor: 'stripe', ok: false });
  });

  it('ignores a signal when no connection is waiting for it', async () => {
    stubWindowOpen();
    const { onResult } = setup();
    await broadcast({ type: 'STRIPE_CONNECT_SUCCESS', processor: 'stripe' });
    expect(onResult).not.toHaveBeenCalled();
  });

  it('sends the whole tab to the consent page when the pop-up is blocked, remembering that it did', async () => {
    mockApi([on(INTEGRATION_ENDPOINTS.authorizationUrl, { url: STRIPE_URL, state: 'st-1' })]);
    stubWindowOpen(true);
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(STRIPE_URL));
    expect(JSON.parse(localStorage.getItem(attemptKey('stripe'))!)).toMatchObject({ mode: 'redirect' });
  });

  it('closes the pop-up and reports when the server gives no consent address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      on(
        INTEGRATION_ENDPOINTS.authorizationUrl,
        jsonResponse(503, { error: 'Stripe is not available on this server.', code: 'x' }),
      ),
    ]);
    const { opened } = stubWindowOpen();
    const { onStartError } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(onStartError).toHaveBeenCalledWith('stripe', expect.anything()));
    expect(opened[0]!.closed).toBe(true);
    expect(screen.getByTestId('busy')).toHaveTextContent('');
  });

  it('refuses a consent address that is not http(s)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([on(INTEGRATION_ENDPOINTS.authorizationUrl, { url: 'javascript:alert(1)', state: 'st-1' })]);
    const { opened } = stubWindowOpen();
    const { onStartError } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(onStartError).toHaveBeenCalled());
    expect(opened[0]!.location.href).toBe('about:blank');
  });

  it('builds the bank link with this origin’s return page and keeps the requisition id', async () => {
    const fetchMock = mockApi([
      on(INTEGRATION_ENDPOINTS.buildABankLink, {
        requisition: { id: 'req-9', link: `${ORIGIN}/sandbox/gocardless/psd2/start/req-9/SANDBOXFINANCE_SFIN0000` },
      }),
    ]);
    const { opened } = stubWindowOpen();
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Connect bank' }));
    await waitFor(() => expect(opened[0]!.location.href).toContain('/psd2/start/req-9/'));
    expect(sentBody(fetchMock)).toEqual({
      user_id: 'u-1',
      institution_id: 'SANDBOXFINANCE_SFIN0000',
      redirect: `${ORIGIN}/gocardless-redirect`,
    });
    expect(localStorage.getItem('requisistion_id')).toBe('req-9');
    expect(JSON.parse(localStorage.getItem(attemptKey('gocardless'))!)).toEqual({
      processor: 'gocardless',
      from: 'settings',
      mode: 'popup',
    });
  });

  it('gives the buttons back when the owner closes the pop-up without finishing', async () => {
    mockApi([on(INTEGRATION_ENDPOINTS.authorizationUrl, { url: STRIPE_URL, state: 'st-1' })]);
    const { opened } = stubWindowOpen();
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(opened[0]!.location.href).toBe(STRIPE_URL);

    opened[0]!.close();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POPUP_WATCH_MS);
    });
    // A late signal may still be on its way: not yet.
    expect(screen.getByTestId('busy')).toHaveTextContent('stripe');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CLOSED_GRACE_MS);
    });
    expect(screen.getByTestId('busy')).toHaveTextContent('');
  });
});
