import { type ConnectionSummary, INTEGRATION_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../shell/query-client';
import { answer, fetchedPaths, mockApi, on } from '../../../test/api-mock';
import { postWindowMessage, stubWindowOpen } from '../../../test/fake-popup';
import { jsonResponse, sentBody } from '../../../test/render';
import { theme } from '../../../ui/theme';
import { IntegrationsSection } from './IntegrationsSection';
import { SYNC_POLL_MS } from './use-sync-status';

const ORIGIN = window.location.origin;
const SYNC = '/api/integrations/sync-status/u-1';
const BANK_LIST = { banks: [{ id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance' }] };

function summary(overrides: Partial<ConnectionSummary>): ConnectionSummary {
  return {
    processor: 'stripe',
    status: 'connected',
    sandbox: false,
    since: new Date(Date.now() - 3_600_000).toISOString(),
    last_sync: new Date(Date.now() - 5 * 60_000).toISOString(),
    next_sync: null,
    sync: { state: 'idle', imported: 0, last_error: null },
    consent_expires_at: null,
    institution: null,
    institution_id: null,
    ...overrides,
  };
}

function bodiesFor(connections: ConnectionSummary[]) {
  const sales = Object.fromEntries(
    connections.filter((c) => c.processor !== 'gocardless').map((c) => [c.processor, c]),
  );
  const bank = connections.find((c) => c.processor === 'gocardless');
  return {
    tokens: { sales_access_tokens: sales, expenses_access_tokens: bank ? { gocardless: bank } : {} },
    sync: { connections },
  };
}

function answersFor(connections: ConnectionSummary[]) {
  const { tokens, sync } = bodiesFor(connections);
  return [on(INTEGRATION_ENDPOINTS.getAccessTokens, tokens), on(INTEGRATION_ENDPOINTS.syncStatus, sync)];
}

const card = (name: string) => screen.getByRole('region', { name });
const statusOf = (name: string) => within(card(name)).getByTestId('integration-status').textContent;

function renderSection() {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <IntegrationsSection />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
});
afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Settings → Integrations', () => {
  it('shows the four cards with their status, the sync facts, the last error and the Sandbox badge', async () => {
    mockApi([
      ...answersFor([
        summary({ processor: 'stripe', sandbox: true }),
        summary({
          processor: 'sumup',
          status: 'needs_reconnect',
          sync: {
            state: 'failed',
            imported: 0,
            last_error: 'SumUp no longer accepts Brade’s access. Please connect again.',
          },
        }),
      ]),
      on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST),
    ]);
    renderSection();

    await waitFor(() => expect(statusOf('Stripe')).toBe('Connected'));
    expect(statusOf('Square')).toBe('Not connected');
    expect(statusOf('SumUp')).toBe('Needs reconnecting');
    expect(statusOf('Business Account')).toBe('Not connected');

    const stripe = within(card('Stripe'));
    expect(stripe.getByText('Sandbox')).toBeInTheDocument();
    expect(stripe.getByText('Last synced 5 minutes ago')).toBeInTheDocument();
    expect(stripe.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(within(card('Square')).getByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(within(card('Square')).queryByText('Sandbox')).toBeNull();
    expect(within(card('SumUp')).getByTestId('integration-last-error')).toHaveTextContent(
      'SumUp no longer accepts Brade’s access. Please connect again.',
    );
    expect(within(card('SumUp')).getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    expect(within(card('SumUp')).getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(within(card('SumUp')).queryByRole('button', { name: 'Connect' })).toBeNull();
    const bank = within(card('Business Account'));
    await waitFor(() => expect(bank.getByRole('option', { name: 'Sandbox Finance' })).toBeInTheDocument());
    // No bank linked (as onboarding leaves it after "My bank isn't listed"): a card says what is missing and how.
    expect(screen.getByTestId('bank-still-to-link')).toHaveTextContent('Your business bank account is not linked yet');
  });

  it('shows the connected bank in its select, fixed until disconnected', async () => {
    mockApi([
      ...answersFor([
        summary({
          processor: 'gocardless',
          sandbox: true,
          institution: 'Sandbox Finance',
          consent_expires_at: '2027-02-20T10:00:00Z',
        }),
      ]),
      on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST),
    ]);
    renderSection();
    await waitFor(() => expect(statusOf('Business Account')).toBe('Connected'));
    const bank = within(card('Business Account'));
    await waitFor(() => expect(bank.getByLabelText('Bank')).toHaveValue('SANDBOXFINANCE_SFIN0000'));
    expect(bank.getByLabelText('Bank')).toBeDisabled();
    expect(bank.getByText('Bank access until 20 February 2027')).toBeInTheDocument();
    expect(bank.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(bank.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    expect(bank.queryByTestId('integration-renewal')).toBeNull();
    expect(screen.queryByTestId('bank-still-to-link')).toBeNull();
  });

  it('offers Reconnect in a bank consent’s last week, asking the same bank for a new consent', async () => {
    const ends = new Date(Date.now() + 5 * 86_400_000);
    const fetchMock = mockApi([
      ...answersFor([
        summary({
          processor: 'gocardless',
          institution: 'Mock ASPSP',
          institution_id: 'GB:Mock ASPSP',
          consent_expires_at: ends.toISOString(),
        }),
      ]),
      on(INTEGRATION_ENDPOINTS.chooseABank, { banks: [{ id: 'GB:Mock ASPSP', name: 'Mock ASPSP' }] }),
      on(INTEGRATION_ENDPOINTS.buildABankLink, {
        requisition: { id: 'attempt-2', link: `${ORIGIN}/sandbox/enable-banking/welcome?sessionid=a2` },
      }),
    ]);
    const { opened } = stubWindowOpen();
    renderSection();
    await waitFor(() => expect(statusOf('Business Account')).toBe('Connected'));
    const bank = within(card('Business Account'));
    const day = ends.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    });
    expect(bank.getByTestId('integration-renewal')).toHaveTextContent(
      `Your bank access ends on ${day}. Reconnect to renew it; your imported history stays.`,
    );
    expect(bank.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    await userEvent.click(bank.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(opened[0]?.location.href).toContain('/sandbox/enable-banking/welcome'));
    const call = fetchedPaths(fetchMock).indexOf('/api/gocardless/build-a-link');
    expect(sentBody(fetchMock, call)).toMatchObject({ user_id: 'u-1', institution_id: 'GB:Mock ASPSP' });
    expect(localStorage.getItem(STORAGE_KEYS.requisitionId)).toBe('attempt-2');
  });

  it('keeps an ended bank link’s bank in the select, even one the new-links provider does not list', async () => {
    mockApi([
      ...answersFor([
        summary({
          processor: 'gocardless',
          status: 'needs_reconnect',
          institution: 'Sandbox Finance',
          institution_id: 'SANDBOXFINANCE_SFIN0000',
          sync: { state: 'failed', imported: 0, last_error: 'Your bank consent has ended.' },
        }),
      ]),
      on(INTEGRATION_ENDPOINTS.chooseABank, { banks: [{ id: 'GB:Mock ASPSP', name: 'Mock ASPSP' }] }),
    ]);
    renderSection();
    await waitFor(() => expect(statusOf('Business Account')).toBe('Needs reconnecting'));
    const bank = within(card('Business Account'));
    await waitFor(() => expect(bank.getByLabelText('Bank')).toHaveValue('SANDBOXFINANCE_SFIN0000'));
    expect(bank.getByLabelText('Bank')).toBeDisabled();
    expect(bank.getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    expect(bank.queryByTestId('integration-renewal')).toBeNull();
  });

  it('turns a card to Not connected after a successful delete-tokens call', async () => {
    const stripe = summary({ processor: 'stripe' });
    let disconnected = false;
    const fetchMock = mockApi([
      on(INTEGRATION_ENDPOINTS.getAccessTokens, () =>
        answer(
          INTEGRATION_ENDPOINTS.getAccessTokens,
          bodiesFor(disconnected ? [{ ...stripe, status: 'disconnected' }] : [stripe]).tokens,
        ),
      ),
      on(INTEGRATION_ENDPOINTS.syncStatus, () =>
        answer(
          INTEGRATION_ENDPOINTS.syncStatus,
          bodiesFor(disconnected ? [{ ...stripe, status: 'disconnected' }] : [stripe]).sync,
        ),
      ),
      on(INTEGRATION_ENDPOINTS.deleteTokens, () => {
        disconnected = true;
        return jsonResponse(200, { connection: { ...stripe, status: 'disconnected' } });
      }),
      on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST),
    ]);
    renderSection();
    await waitFor(() => expect(statusOf('Stripe')).toBe('Connected'));

    await userEvent.click(within(card('Stripe')).getByRole('button', { name: 'Disconnect' }));
    // Beyond the spec: it asks first, says that history is kept, and Cancel changes nothing.
    const dialog = screen.getByRole('dialog', { name: 'Disconnect Stripe?' });
    expect(dialog).toHaveAccessibleDescription(
      'Brade stops importing from Stripe. The transactions already imported stay in your figures and reports. To import again later, connect it again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchedPaths(fetchMock)).not.toContain('/api/database/delete-tokens');

    await userEvent.click(within(card('Stripe')).getByRole('button', { name: 'Disconnect' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Disconnect Stripe?' })).getByRole('button', { name: 'Disconnect' }),
    );
    await waitFor(() => expect(statusOf('Stripe')).toBe('Not connected'));
    const call = fetchedPaths(fetchMock).indexOf('/api/database/delete-tokens');
    expect(sentBody(fetchMock, call)).toEqual({ id: 'u-1', processor: 'stripe' });
    expect(within(card('Stripe')).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it.each([
    [
      403,
      'demo_read_only',
      'The demo account is read-only: its connections cannot be changed.',
      'The demo account is read-only.',
    ],
    [404, 'not_found', 'That connection was not found.', 'That connection was not found.'],
  ])('says why disconnecting failed (%s %s)', async (status, code, error, shown) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      ...answersFor([summary({ processor: 'square' })]),
      on(INTEGRATION_ENDPOINTS.deleteTokens, jsonResponse(status, { error, code })),
      on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST),
    ]);
    renderSection();
    await waitFor(() => expect(statusOf('Square')).toBe('Connected'));
    await userEvent.click(within(card('Square')).getByRole('button', { name: 'Disconnect' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Disconnect Square?' })).getByRole('button', { name: 'Disconnect' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Beyond the spec: a demo write says it is read-only rather than anything a retry could change.
    expect((await within(card('Square')).findByRole('alert')).textContent).toBe(shown);
    expect(statusOf('Square')).toBe('Connected');
  });

  it("asks for a bank first: 'Please select the bank you wish to connect.'", async () => {
    mockApi([...answersFor([]), on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST)]);
    const { open } = stubWindowOpen();
    renderSection();
    await waitFor(() => expect(statusOf('Business Account')).toBe('Not connected'));
    await userEvent.click(within(card('Business Account')).getByRole('button', { name: 'Connect' }));
    expect(within(card('Business Account')).getByRole('alert')).toHaveTextContent(
      'Please select the bank you wish to connect.',
    );
    expect(open).not.toHaveBeenCalled();
  });

  it("says 'Failed to connect your business account. Please try again.' when the bank link fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      ...answersFor([]),
      on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST),
      on(INTEGRATION_ENDPOINTS.buildABankLink, jsonResponse(502, { error: 'Your bank is not answering.', code: 'x' })),
    ]);
    stubWindowOpen();
    const user = userEvent.setup();
    renderSection();
    const bank = within(await screen.findByRole('region', { name: 'Business Account' }));
    await waitFor(() => expect(bank.getByRole('option', { name: 'Sandbox Finance' })).toBeInTheDocument());
    await user.selectOptions(bank.getByLabelText('Bank'), 'Sandbox Finance');
    await user.click(bank.getByRole('button', { name: 'Connect' }));
    expect(await bank.findByRole('alert')).toHaveTextContent(
      'Failed to connect your business account. Please try again.',
    );
  });

  it("says 'Failed to fetch bank list. Please try again.' when the list cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      ...answersFor([]),
      on(INTEGRATION_ENDPOINTS.chooseABank, jsonResponse(502, { error: 'Down', code: 'x' })),
    ]);
    renderSection();
    const bank = within(await screen.findByRole('region', { name: 'Business Account' }));
    expect(await bank.findByRole('alert')).toHaveTextContent('Failed to fetch bank list. Please try again.');
  });

  it('flips to Connected on the pop-up’s success; its error is logged and said on the card; other origins change nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let connected = false;
    const square = summary({ processor: 'square', sync: { state: 'idle', imported: 0, last_error: null } });
    mockApi([
      on(INTEGRATION_ENDPOINTS.getAccessTokens, () =>
        answer(INTEGRATION_ENDPOINTS.getAccessTokens, bodiesFor(connected ? [square] : []).tokens),
      ),
      on(INTEGRATION_ENDPOINTS.syncStatus, () =>
        answer(INTEGRATION_ENDPOINTS.syncStatus, bodiesFor(connected ? [square] : []).sync),
      ),
      on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST),
      on(INTEGRATION_ENDPOINTS.authorizationUrl, {
        url: `${ORIGIN}/sandbox/square/authorize`,
        state: 's',
      }),
    ]);
    const { opened } = stubWindowOpen();
    renderSection();
    await waitFor(() => expect(statusOf('Square')).toBe('Not connected'));

    const connect = () => userEvent.click(within(card('Square')).getByRole('button', { name: 'Connect' }));
    await connect();
    await waitFor(() => expect(opened[0]?.location.href).toContain('/sandbox/square/'));
    postWindowMessage(
      { type: 'SQUARE_CONNECT_ERROR', processor: 'square', reason: 'denied' },
      { origin: ORIGIN, source: opened[0] },
    );
    expect(errors).toHaveBeenCalledWith('The square connection did not complete', 'denied');
    // Beyond the spec: the reason in words on the card.
    expect(await within(card('Square')).findByRole('alert')).toHaveTextContent(
      'Nothing was connected: access was not allowed at Square. Connect again and allow access to link it.',
    );

    await connect();
    await waitFor(() => expect(opened[1]?.location.href).toContain('/sandbox/square/'));
    connected = true;
    postWindowMessage(
      { type: 'SQUARE_CONNECT_SUCCESS', processor: 'square' },
      { origin: 'http://evil.example', source: opened[1] },
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(statusOf('Square')).toBe('Not connected');

    postWindowMessage({ type: 'SQUARE_CONNECT_SUCCESS', processor: 'square' }, { origin: ORIGIN, source: opened[1] });
    await waitFor(() => expect(statusOf('Square')).toBe('Connected'));
    expect(within(card('Square')).queryByRole('alert')).toBeNull();
  });

  it.each([
    ['expired', 'This connection was started too long ago or in another browser. Connect again from here.'],
    ['refused', 'Your bank did not accept the connection. Connect again to start afresh.'],
    ['unreachable', 'Brade could not reach your bank. Please try again in a few minutes.'],
    [undefined, 'Failed to connect. Please try again.'],
  ])('says a %s bank connection in words on its card', async (reason, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      ...answersFor([]),
      on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST),
      on(INTEGRATION_ENDPOINTS.buildABankLink, {
        requisition: { id: 'req-1', link: `${ORIGIN}/sandbox/gocardless/link` },
      }),
    ]);
    const { opened } = stubWindowOpen();
    renderSection();
    const bank = within(await screen.findByRole('region', { name: 'Business Account' }));
    await waitFor(() => expect(bank.getByRole('option', { name: 'Sandbox Finance' })).toBeInTheDocument());
    await userEvent.selectOptions(bank.getByLabelText('Bank'), 'Sandbox Finance');
    await userEvent.click(bank.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(opened[0]?.location.href).toContain('/sandbox/gocardless/'));
    postWindowMessage(
      { type: 'GOCARDLESS_CONNECT_ERROR', processor: 'gocardless', ...(reason ? { reason } : {}) },
      { origin: ORIGIN, source: opened[0] },
    );
    expect(await within(card('Business Account')).findByRole('alert')).toHaveTextContent(text);
  });

  it('polls the import progress every 2 seconds and re-reads the dashboard when it finishes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = summary({
      processor: 'stripe',
      last_sync: null,
      sync: { state: 'running', imported: 1240, last_error: null },
    });
    const done = summary({ processor: 'stripe', last_sync: new Date().toISOString() });
    let finished = false;
    const fetchMock = mockApi([
      on(INTEGRATION_ENDPOINTS.getAccessTokens, () =>
        answer(INTEGRATION_ENDPOINTS.getAccessTokens, bodiesFor([finished ? done : running]).tokens),
      ),
      on(INTEGRATION_ENDPOINTS.syncStatus, () =>
        answer(INTEGRATION_ENDPOINTS.syncStatus, bodiesFor([finished ? done : running]).sync),
      ),
      on(INTEGRATION_ENDPOINTS.chooseABank, BANK_LIST),
    ]);
    queryClient.setQueryData(['dashboard', 'u-1', 'revenue'], { data: { value: 0, percent_change: 0 }, failed: false });
    renderSection();

    const stripe = within(await screen.findByRole('region', { name: 'Stripe' }));
    expect(await stripe.findByText('Importing… 1,240 transactions')).toBeInTheDocument();
    const polls = () => fetchedPaths(fetchMock).filter((path) => path === SYNC).length;
    const before = polls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SYNC_POLL_MS);
    });
    await waitFor(() => expect(polls()).toBe(before + 1));
    expect(queryClient.getQueryState(['dashboard', 'u-1', 'revenue'])?.isInvalidated).toBe(false);

    finished = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SYNC_POLL_MS);
    });
    expect(await within(card('Stripe')).findByText('Last synced just now')).toBeInTheDocument();
    expect(queryClient.getQueryState(['dashboard', 'u-1', 'revenue'])?.isInvalidated).toBe(true);

    // Nothing importing: no more polling.
    const settled = polls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SYNC_POLL_MS * 3);
    });
    expect(polls()).toBe(settled);
  });
});
