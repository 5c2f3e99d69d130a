import {
  ACCOUNT_ENDPOINTS,
  INCOME_TAX_ENDPOINTS as E,
  INCOME_TAX_MESSAGES,
  type IncomeTaxSettings,
  type ObligationsResponse,
  type QuarterlyFigures,
  STORAGE_KEYS,
} from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchedPaths, mockApi, on } from '../../test/api-mock';
import { USER_DETAILS } from '../../test/fixtures';
import { sentBody } from '../../test/render';
import { theme } from '../../ui/theme';
import { IncomeTaxEntry } from '../reports/IncomeTaxEntry';
import QuarterlyUpdatePage from './QuarterlyUpdatePage';

const user = userEvent.setup({ delay: null });
const settings: IncomeTaxSettings = {
  legal_form: 'sole_trader',
  nino: 'AB123456C',
  quarter_type: 'standard',
  expenses: 'itemised',
  business_id: 'XAIS00000000001',
  qualifying_income: { amount: 62_000, tax_year: '2024-25', source: 'owner' },
  owner_answer: { amount: 62_000, tax_year: '2024-25' },
  mtd: {
    applies: true,
    decides: '2026-27',
    sentence:
      'Making Tax Digital for Income Tax applies to you from 6 April 2026: your qualifying income in 2024-25 was £62,000.00 (as you told us), over the £50,000 threshold.',
  },
  question: null,
  category_map: [],
};
const period = (quarter: number, end: string, due: string, status: 'open' | 'due' | 'overdue' | 'sent') => ({
  tax_year: '2026-27',
  quarter,
  start: '2026-04-06',
  end,
  due,
  status,
  received: null,
  sent: null,
});
const obligations: ObligationsResponse = {
  source: 'hmrc',
  connection: 'connected',
  problem: null,
  business: { id: 'XAIS00000000001', trading_name: 'Hair by Sam' },
  businesses: [],
  tax_year: '2026-27',
  tax_years: ['2026-27', '2025-26'],
  quarter_type: 'standard',
  obligations: [
    period(1, '2026-07-05', '2026-08-07', 'due'),
    period(2, '2026-10-05', '2026-11-07', 'open'),
    period(3, '2027-01-05', '2027-02-07', 'open'),
    period(4, '2027-04-05', '2027-05-07', 'open'),
  ],
  today: '2026-07-20',
};
const figures: QuarterlyFigures = {
  start: '2026-04-06',
  end: '2026-07-05',
  tax_year: '2026-27',
  basis: 'Turnover and expenses are net of VAT, as your books count them (VAT-registered).',
  turnover: {
    amount: 580,
    categories: [{ category: 'Sales', amount: 580, count: 4, disallowable: 0, mapped_by_owner: false }],
  },
  other_income: {
    amount: 150,
    categories: [{ category: 'Room rent', amount: 150, count: 1, disallowable: 0, mapped_by_owner: false }],
  },
  expenses: [
    {
      hmrc_category: 'wagesAndStaffCosts',
      label: 'Wages, salaries and other staff costs',
      amount: 1050,
      disallowable: 300,
      categories: [{ category: 'Wages', amount: 800, count: 1, disallowable: 300, mapped_by_owner: false }],
    },
  ],
  total_expenses: 1050,
  total_disallowable: 300,
  net_profit: -20,
  left_out: [
    {
      category: 'Owner drawings',
      amount: -1500,
      count: 1,
      why: 'Your own money going in or out of the business is not its income or its cost.',
    },
  ],
  consolidated_allowed: true,
  warnings: [{ code: 'uncategorised', text: '1 payment (£48.00) in this period is Uncategorised.' }],
  last_sent: null,
  changed_since_sent: false,
};

function renderPage(element = <QuarterlyUpdatePage />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], {
    initialEntries: ['/main-menu/reports/quarterly-update'],
  });
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.email, 'sam@example.com');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Quarterly update page', () => {
  it('shows the details, the obligations and the figures, and sends only once the owner confirms', async () => {
    const fetchMock = mockApi([
      on(E.getSettings, { settings }),
      on(E.getObligations, obligations),
      on(E.getFigures, figures),
      on(E.sendUpdate, {
        message: 'Quarterly update sent to HMRC.',
        update: {
          id: 'x',
          tax_year: '2026-27',
          start: '2026-04-06',
          end: '2026-07-05',
          sent_at: '2026-07-20T10:00:00.000Z',
          expenses: 'itemised',
          turnover: 580,
          other_income: 150,
          total_expenses: 1050,
          total_disallowable: 300,
          correlation_id: null,
          hmrc_holds: null,
          sandbox: true,
        },
      }),
    ]);
    renderPage();
    expect(await screen.findByText(settings.mtd!.sentence)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Quarterly updates' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-status')),
    ).toEqual(['due', 'open', 'open', 'open']);
    const table = await screen.findByRole('table', { name: 'Quarterly update figures' });
    expect(within(table).getByRole('row', { name: /Turnover £580\.00/ })).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: /Wages, salaries and other staff costs.*£1,050\.00 £300\.00/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 payment (£48.00) in this period is Uncategorised.')).toBeInTheDocument();
    expect(screen.getByText(/Owner drawings, -£1,500\.00/)).toBeInTheDocument();
    expect(screen.getByTestId('end-of-year')).toHaveTextContent('final declaration, due by 31 January');
    const send = screen.getByRole('button', { name: 'Send to HMRC' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: INCOME_TAX_MESSAGES.confirmation }));
    await user.click(send);
    expect(await screen.findByText('Quarterly update sent to HMRC.')).toBeInTheDocument();
    const index = fetchedPaths(fetchMock).indexOf('/api/income-tax/send-update/u-1');
    expect(sentBody(fetchMock, index)).toMatchObject({
      start: '2026-04-06',
      end: '2026-07-05',
      expenses: 'itemised',
      confirmed: true,
      client: expect.objectContaining({ device_id: expect.any(String) }),
    });
  });

  it('asks an owner who has not said how the business is set up, and saves the answer', async () => {
    const fetchMock = mockApi([
      on(E.getSettings, { settings: { ...settings, legal_form: null } }),
      on(E.updateSettings, {
        settings: { ...settings, legal_form: 'limited_company' },
        message: INCOME_TAX_MESSAGES.saved,
      }),
    ]);
    renderPage();
    await user.selectOptions(await screen.findByLabelText('Legal form'), 'limited_company');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentBody(fetchMock, fetchedPaths(fetchMock).indexOf('/api/income-tax/update-settings/u-1'))).toEqual({
      legal_form: 'limited_company',
    });
    expect(fetchedPaths(fetchMock)).not.toContain('/api/income-tax/get-obligations/u-1');
  });

  it('tells a limited company that Income Tax updates are not theirs, and asks HMRC nothing', async () => {
    const fetchMock = mockApi([on(E.getSettings, { settings: { ...settings, legal_form: 'limited_company' } })]);
    renderPage();
    expect(await screen.findByText(/a limited company pays Corporation Tax/)).toBeInTheDocument();
    expect(fetchedPaths(fetchMock)).toEqual(['/api/income-tax/get-settings/u-1']);
  });

  it('shows the demo account its updates read-only', async () => {
    localStorage.setItem(STORAGE_KEYS.email, 'demo@brade.app');
    mockApi([
      on(E.getSettings, { settings }),
      on(E.getObligations, { ...obligations, source: 'brade', connection: 'not_connected', business: null }),
      on(E.getFigures, figures),
    ]);
    renderPage();
    expect(await screen.findByRole('table', { name: 'Quarterly update figures' })).toBeInTheDocument();
    expect(screen.getAllByText(INCOME_TAX_MESSAGES.readOnlyDemo).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Send to HMRC' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change the HMRC category/ })).toBeNull();
  });
});

describe('the way from Reports', () => {
  it.each([
    ['sole_trader', true],
    [null, true],
    ['limited_company', false],
    ['partnership', false],
  ] as const)('for a legal form of %s is %s', async (legalForm, shown) => {
    mockApi([on(ACCOUNT_ENDPOINTS.getUserDetails, { ...USER_DETAILS, legal_form: legalForm })]);
    renderPage(
      <>
        <IncomeTaxEntry id="u-1" />
        <span>ready</span>
      </>,
    );
    await screen.findByText('ready');
    if (shown) expect(await screen.findByRole('link', { name: 'Open the quarterly update' })).toBeInTheDocument();
    else {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('link', { name: 'Open the quarterly update' })).toBeNull();
    }
  });
});
