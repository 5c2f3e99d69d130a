import { INTEGRATION_ENDPOINTS, STORAGE_KEYS } from '@brade/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shell/query-client';
import { mockApi, on } from '../../test/api-mock';
import { renderAt } from '../../test/render';
import LinkYourPosAccountPage from './LinkYourPosAccountPage';

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('/link-your-pos-account', () => {
  it('offers the integration cards of Settings and a way to the dashboard', async () => {
    mockApi([
      on(INTEGRATION_ENDPOINTS.getAccessTokens, { sales_access_tokens: {}, expenses_access_tokens: {} }),
      on(INTEGRATION_ENDPOINTS.syncStatus, { connections: [] }),
      on(INTEGRATION_ENDPOINTS.chooseABank, { banks: [{ id: 'B1', name: 'Sandbox Finance' }] }),
    ]);
    renderAt(<LinkYourPosAccountPage />, { path: '/link-your-pos-account' });
    expect(screen.getByRole('heading', { name: 'Link your accounts' })).toBeInTheDocument();
    for (const name of ['Stripe', 'Square', 'SumUp', 'Business Account']) {
      const card = await screen.findByRole('region', { name });
      await waitFor(() => expect(within(card).getByTestId('integration-status')).toHaveTextContent('Not connected'));
    }
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/main-menu');
  });

  it('asks a signed-out visitor to sign in first', async () => {
    localStorage.clear();
    renderAt(<LinkYourPosAccountPage />, { path: '/link-your-pos-account' });
    expect(await screen.findByTestId('destination')).toHaveTextContent('/login');
  });
});
