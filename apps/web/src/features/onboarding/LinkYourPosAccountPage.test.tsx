import { STORAGE_KEYS } from '@brade/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shell/query-client';
import { mockPaths } from '../../test/api-mock';
import { jsonResponse, renderAt } from '../../test/render';
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
    mockPaths({
      '/api/database/get-access-tokens/u-1': jsonResponse(200, { sales_access_tokens: {}, expenses_access_tokens: {} }),
      '/api/integrations/sync-status/u-1': jsonResponse(200, { connections: [] }),
      '/api/gocardless/choose-a-bank': jsonResponse(200, { banks: [{ id: 'B1', name: 'Sandbox Finance' }] }),
    });
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
