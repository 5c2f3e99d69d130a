import { VAT_RETURN_ENDPOINTS as E, VAT_DECLARATION, type VatReturnDraft } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '../../../test/api-mock';
import { theme } from '../../../ui/theme';
import { VatReturnPanel } from './VatReturnPanel';

const user = userEvent.setup({ delay: null });
const period = { start: '2026-01-01', end: '2026-03-31', period_key: '26A1' };
const draft: VatReturnDraft = {
  period: { start: '2026-01-01', end: '2026-03-31', due: '2026-05-07' },
  period_key: '26A1',
  scheme: 'standard',
  boxes: { box1: 153.17, box2: 0, box3: 153.17, box4: 61, box5: 92.17, box6: 765, box7: 1366, box8: 0, box9: 0 },
  boxes_with_rows: [1, 4, 6, 7],
  flat_rate_test: null,
  warnings: ['1 payment (£45.00) in this period is Uncategorised.'],
  declaration: VAT_DECLARATION,
  cannot_file: null,
  receipt: null,
};
const receipt = {
  period_key: '26A1',
  processing_date: '2026-04-20T10:00:00.000+0000',
  form_bundle_number: '123456789012',
  charge_ref_number: 'XV0000000001',
  payment_indicator: 'DD' as const,
  receipt_id: null,
  filed_at: '2026-04-20T10:00:00.000Z',
};

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <VatReturnPanel id="u-1" period={period} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the VAT return of one period', () => {
  it('shows the nine boxes and the warnings, and files only once the declaration, word for word, is ticked', async () => {
    const fetchMock = mockApi([
      on(E.draft, draft),
      on(E.submit, { receipt, message: 'Your VAT return has been filed with HMRC.' }),
    ]);
    renderPanel();
    const table = await screen.findByRole('table', { name: 'The nine boxes' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.getAttribute('data-box')),
    ).toEqual([null, '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(within(table).getAllByText('£153.17')).toHaveLength(2);
    expect(within(table).getByText('£1,366')).toBeInTheDocument();
    expect(screen.getByText('1 payment (£45.00) in this period is Uncategorised.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit to HMRC' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: VAT_DECLARATION }));
    // Box 2 from the owner moves boxes 3 and 5.
    await user.clear(screen.getByRole('textbox', { name: 'Box 2 in pounds' }));
    await user.type(screen.getByRole('textbox', { name: 'Box 2 in pounds' }), '10.50');
    await user.click(submit);

    expect(await screen.findByTestId('vat-receipt')).toHaveTextContent('123456789012');
    expect(screen.getByTestId('vat-receipt')).toHaveTextContent('XV0000000001');
    // HMRC's processing time in London (BST in April): 11:00:00.
    expect(screen.getByTestId('vat-receipt')).toHaveTextContent('HMRC processed it20 April 2026 at 11:00:00');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/hmrc/vat/submit/u-1')!;
    const body = JSON.parse(String(call[1]!.body));
    expect(body).toMatchObject({
      start: '2026-01-01',
      end: '2026-03-31',
      period_key: '26A1',
      acquisitions_vat: 10.5,
      declaration: true,
      boxes: { box2: 10.5, box3: 163.67, box5: 102.67 },
    });
    expect(body.client).toMatchObject({ user_agent: expect.any(String), timezone: expect.stringMatching(/^UTC[+-]/) });
  });

  it('says why it cannot be filed (the demo account, a period not ended) and offers no Submit', async () => {
    mockApi([
      on(E.draft, { ...draft, cannot_file: 'The demo account shows its returns read-only: it cannot file with HMRC.' }),
    ]);
    renderPanel();
    expect(
      await screen.findByText('The demo account shows its returns read-only: it cannot file with HMRC.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit to HMRC' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows HMRC’s refusal in its own words and keeps the return to file again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      on(E.draft, draft),
      on(
        E.submit,
        new Response(
          JSON.stringify({
            error: 'HMRC already has a return for this period: it accepts one per period, so nothing more was filed.',
            code: 'hmrc_duplicate_submission',
          }),
          {
            status: 409,
            headers: { 'content-type': 'application/json' },
          },
        ),
      ),
    ]);
    renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: VAT_DECLARATION }));
    await user.click(screen.getByRole('button', { name: 'Submit to HMRC' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'HMRC already has a return for this period: it accepts one per period, so nothing more was filed.',
        ),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Submit to HMRC' })).toBeEnabled();
  });
});
