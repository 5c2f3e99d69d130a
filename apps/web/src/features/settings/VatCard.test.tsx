import { SETTINGS_ENDPOINTS as E, VAT_MESSAGES } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { theme } from '../../ui/theme';
import { VatCard } from './VatCard';

const user = userEvent.setup({ delay: null });

const notRegistered = {
  vat_settings: {
    scheme: 'not_registered' as const,
    flat_rate_percent: null,
    registered_from: null,
    stagger: 'mar_jun_sep_dec' as const,
    category_rates: [],
    vrn: null,
  },
};

function renderCard(notify = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <VatCard id="u-1" notify={notify} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return notify;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → VAT', () => {
  it('shows Not registered, and saves the Flat Rate Scheme with its rate, date and quarters', async () => {
    const fetchMock = mockApi([
      on(E.getVatSettings, notRegistered),
      on(E.updateVatSettings, { message: VAT_MESSAGES.saved }),
    ]);
    const notify = renderCard();
    expect(await screen.findByRole('radio', { name: 'Not registered' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Flat Rate Scheme' }));
    await user.type(screen.getByLabelText('Registration took effect on'), '2025-06-01');
    await user.type(screen.getByLabelText('Flat rate (%)'), '13');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'VAT settings saved successfully!'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/database/update-vat-settings/u-1')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      scheme: 'flat_rate',
      flat_rate_percent: 13,
      registered_from: '2025-06-01',
      stagger: 'mar_jun_sep_dec',
      category_rates: [],
      vrn: null,
    });
  });
});
