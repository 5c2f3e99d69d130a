import { HMRC_ENDPOINTS as E, type HmrcConnection } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { postWindowMessage, stubWindowOpen } from '../../test/fake-popup';
import { theme } from '../../ui/theme';
import { HmrcIntegrationCard } from './HmrcIntegrationCard';
import { HMRC_ATTEMPT_KEY, parseHmrcMessage } from './hmrc-connect-attempt';

const user = userEvent.setup({ delay: null });
const none: HmrcConnection = {
  status: 'not_connected',
  since: null,
  scopes: [],
  renew_until: null,
  sandbox: false,
  problem: null,
};
const connected: HmrcConnection = {
  status: 'connected',
  since: '2026-04-20T10:00:00.000Z',
  scopes: ['read:vat', 'write:vat'],
  renew_until: '2027-10-20T10:00:00.000Z',
  sandbox: true,
  problem: null,
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <HmrcIntegrationCard id="u-1" />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  localStorage.setItem('id', 'u-1');
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Integrations: HMRC (VAT)', () => {
  it('connects through HMRC’s grant-authority page in the pop-up and shows Connected once the pop-up says so', async () => {
    let state = none;
    mockApi([
      on(
        E.connection,
        () => new Response(JSON.stringify({ connection: state }), { headers: { 'content-type': 'application/json' } }),
      ),
      on(E.authorizationUrl, { url: 'http://127.0.0.1:3000/sandbox/hmrc/oauth/authorize?state=s1', state: 's1' }),
    ]);
    const { opened } = stubWindowOpen();
    renderCard();
    expect(await screen.findByTestId('hmrc-status')).toHaveTextContent('Not connected');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(opened[0]!.location.href).toBe('http://127.0.0.1:3000/sandbox/hmrc/oauth/authorize?state=s1'),
    );
    expect(JSON.parse(localStorage.getItem(HMRC_ATTEMPT_KEY)!)).toEqual({
      state: 's1',
      from: 'settings',
      mode: 'popup',
    });
    state = connected;
    postWindowMessage({ type: 'HMRC_CONNECT_SUCCESS' }, { origin: window.location.origin, source: opened[0] });
    await waitFor(() => expect(screen.getByTestId('hmrc-status')).toHaveTextContent('Connected'));
    expect(screen.getByText(/Authority granted on 20 April 2026, until 20 October 2027/)).toBeInTheDocument();
    expect(screen.getByText('Sandbox')).toBeInTheDocument();
  });

  it('asks before disconnecting, and says what stays', async () => {
    const fetchMock = mockApi([
      on(E.connection, { connection: connected }),
      on(E.disconnect, { connection: none, message: 'Disconnected from HMRC. Brade keeps the returns already filed.' }),
    ]);
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(screen.getByRole('dialog', { name: 'Disconnect HMRC?' })).toHaveTextContent(
      'The returns already filed, and their receipts, stay.',
    );
    await user.click(screen.getAllByRole('button', { name: 'Disconnect' }).at(-1)!);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/hmrc/disconnect')).toBe(true),
    );
  });

  it('offers Reconnect, with HMRC’s reason, once HMRC no longer accepts the grant', async () => {
    mockApi([
      on(E.connection, {
        connection: { ...connected, status: 'needs_reconnect', problem: 'HMRC no longer accepts Brade’s authority.' },
      }),
    ]);
    renderCard();
    expect(await screen.findByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(screen.getByText('HMRC no longer accepts Brade’s authority.')).toBeInTheDocument();
  });

  it('takes from the pop-up only a done/failed word in exactly that shape', () => {
    expect(parseHmrcMessage({ type: 'HMRC_CONNECT_SUCCESS' })).toEqual({ type: 'HMRC_CONNECT_SUCCESS' });
    expect(parseHmrcMessage({ type: 'HMRC_CONNECT_SUCCESS', code: 'x' })).toBeNull();
    expect(parseHmrcMessage({ type: 'STRIPE_CONNECT_SUCCESS' })).toBeNull();
    expect(parseHmrcMessage('HMRC_CONNECT_SUCCESS')).toBeNull();
  });
});
