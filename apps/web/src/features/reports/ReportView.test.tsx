import { BOOKS_ENDPOINTS, REPORT_ENDPOINTS, type Report, type TeamBreakdownResponse } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, on } from '../../test/api-mock';
import { jsonResponse } from '../../test/render';
import { theme } from '../../ui/theme';
import { ReportView } from './ReportView';

const row = (description: string, amount: number | null, flags: Partial<Report['rows'][number]> = {}) => ({
  description,
  amount,
  header: false,
  total: false,
  net_income: false,
  ...flags,
});
const was = (previous: number, last_year: number) => ({ compare: { previous, last_year } });

/** October in progress: by category, then item, against 1–15 September and 1–15 October last year. */
const octoberSales: Report = {
  type: 'sales',
  title: 'Sales Report',
  month: 10,
  year: 2026,
  period: { from: '2026-10-01', to: '2026-10-15' },
  report_to: { name: 'Hart & Co Hair', address_lines: [] },
  rows: [
    row('Colour', 160, { subtext: '2 transactions', ...was(100, 0) }),
    row('Full head colour', 130, { level: 1, ...was(100, 0) }),
    row('Root touch-up', 30, { level: 1, ...was(0, 0) }),
    row('Retail products', 25, { subtext: '1 transaction', ...was(50, 20) }),
    row('Olaplex No.3', 25, { level: 1, ...was(50, 20) }),
    row('SumUp card sales without item detail', 40, { subtext: '1 transaction', ...was(40, 10) }),
    row('Total', 225, { total: true, ...was(190, 30) }),
  ],
  comparison: {
    previous: { label: '1–15 Sep 2026 to 09:00', from: '2026-09-01', to: '2026-09-15', until: '09:00' },
    last_year: { label: '1–15 Oct 2025 to 09:00', from: '2025-10-01', to: '2025-10-15', until: '09:00' },
  },
};

const team: TeamBreakdownResponse = {
  period: { from: '2026-10-01', to: '2026-10-15' },
  team: [
    {
      team_member_id: 'tm_megan',
      name: 'Megan Khan',
      provider: 'square',
      sales: 150,
      payments: 2,
      services: 3,
      clients: 2,
      average_ticket: 75,
    },
  ],
  not_attributed: { sales: 75, payments: 2 },
  note: 'Square names who took each payment on its till; Stripe and SumUp do not, so those sales are not attributed.',
};

const categories = {
  categories: [
    { key: 'colour', name: 'Colour', default_name: 'Colour' },
    { key: 'retail', name: 'Retail products', default_name: 'Retail products' },
  ],
};

function renderView(readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <ReportView
          id="u-1"
          type="sales"
          month={{ month: 10, year: 2026, label: 'October 2026', current: true }}
          readOnly={readOnly}
        />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  JSON.parse(String(fetchMock.mock.calls.find((call) => String(call[0]).includes(path))?.[1]?.body));

describe('a sales report on the page', () => {
  it('lists each category with its items under it, and the comparison columns with the change in £ and %', async () => {
    mockApi([
      on(REPORT_ENDPOINTS.getReport, { report: octoberSales }),
      on(REPORT_ENDPOINTS.getTeamBreakdown, team),
      on(BOOKS_ENDPOINTS.getSalesCategories, categories),
    ]);
    renderView();
    const table = await screen.findByRole('table', { name: 'Sales Report, October 2026' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Line',
      'Amount',
      '1–15 Sep 2026 to 09:00',
      'Change',
      '%',
      '1–15 Oct 2025 to 09:00',
      'Change',
      '%',
    ]);
    const cells = (name: string) =>
      within(within(table).getByRole('button', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // £160 against £100: +£60.00, +60.0 %; nothing a year ago, so no percentage.
    expect(cells('Colour').slice(1)).toEqual(['£160.00', '£100.00', '+£60.00', '+60.0%', '£0.00', '+£160.00', '—']);
    expect(cells('Olaplex No.3').slice(1)).toEqual([
      '£25.00',
      '£50.00',
      '-£25.00',
      '-50.0%',
      '£20.00',
      '+£5.00',
      '+25.0%',
    ]);
    // An item is indented under its category; the honest line without item detail is a line of its own.
    expect(within(table).getByRole('button', { name: 'Root touch-up' }).closest('tr')).toHaveAttribute(
      'data-level',
      '1',
    );
    expect(within(table).getByRole('button', { name: 'SumUp card sales without item detail' })).toBeInTheDocument();
    expect(
      screen.getByText(/Compared with 1–15 Sep 2026 to 09:00 and 1–15 Oct 2025 to 09:00: the same days/),
    ).toBeVisible();
  });

  it('opens an item’s sales within its category, and a team member’s sales from the Team breakdown', async () => {
    const fetchMock = mockApi([
      on(REPORT_ENDPOINTS.getReport, { report: octoberSales }),
      on(REPORT_ENDPOINTS.getTeamBreakdown, team),
      on(BOOKS_ENDPOINTS.getSalesCategories, categories),
      on(BOOKS_ENDPOINTS.getLineTransactions, {
        transactions: [],
        total_count: 0,
        total_amount: 0,
        total_vat: 0,
        page: 1,
        page_size: 50,
      }),
    ]);
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Full head colour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Colour: Full head colour, October 2026' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('get-line-transactions'))).toBe(true),
    );
    expect(bodyOf(fetchMock, 'get-line-transactions')).toMatchObject({
      group: 'revenue',
      category: 'Colour',
      item: 'Full head colour',
      month: 10,
      year: 2026,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    const teamTable = await screen.findByRole('table', { name: 'Team, October 2026' });
    expect(within(teamTable).getByText('Not attributed to a team member')).toBeVisible();
    expect(screen.getByText(team.note)).toBeVisible();
    fetchMock.mockClear();
    await userEvent.click(within(teamTable).getByRole('button', { name: 'Megan Khan' }));
    await screen.findByRole('dialog', { name: 'Megan Khan, October 2026' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('get-line-transactions'))).toBe(true),
    );
    expect(bodyOf(fetchMock, 'get-line-transactions')).toMatchObject({ group: 'revenue', team_member: 'tm_megan' });
  });

  it('says when no processor names who took a payment, instead of showing an empty table', async () => {
    const none = {
      ...team,
      team: [],
      not_attributed: { sales: 225, payments: 4 },
      note: "None of this month's sales says who took the payment. Square names the team member who took each payment on its till; Stripe and SumUp never do.",
    };
    mockApi([
      on(REPORT_ENDPOINTS.getReport, { report: octoberSales }),
      on(REPORT_ENDPOINTS.getTeamBreakdown, none),
      on(BOOKS_ENDPOINTS.getSalesCategories, categories),
    ]);
    renderView();
    expect(await screen.findByText(none.note)).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Team, October 2026' })).toBeNull();
  });

  it('renames a category, and shows the server’s sentence when the name is taken', async () => {
    let answer = () =>
      jsonResponse(400, { error: 'Another line of your reports already has that name.', code: 'validation' });
    const fetchMock = mockApi([
      on(REPORT_ENDPOINTS.getReport, { report: octoberSales }),
      on(REPORT_ENDPOINTS.getTeamBreakdown, team),
      on(BOOKS_ENDPOINTS.getSalesCategories, categories),
      on(BOOKS_ENDPOINTS.renameSalesCategory, () => answer()),
    ]);
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Colour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Colour' });
    const field = within(dialog).getByRole('textbox', { name: 'Category name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Rent');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Another line of your reports already has that name.')).toBeVisible();
    answer = () => jsonResponse(200, { message: 'Category renamed.', name: 'Tint & tone' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Tint & tone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename Colour' })).toBeNull());
    expect(bodyOf(fetchMock, 'rename-sales-category')).toEqual({ category: 'Colour', name: 'Rent' });
    const calls = fetchMock.mock.calls.filter((c) => String(c[0]).includes('rename-sales-category'));
    expect(JSON.parse(String(calls.at(-1)![1]!.body))).toEqual({ category: 'Colour', name: 'Tint & tone' });
  });

  it('offers no renaming to the demo account', async () => {
    mockApi([
      on(REPORT_ENDPOINTS.getReport, { report: octoberSales }),
      on(REPORT_ENDPOINTS.getTeamBreakdown, team),
      on(BOOKS_ENDPOINTS.getSalesCategories, categories),
    ]);
    renderView(true);
    await screen.findByRole('table', { name: 'Sales Report, October 2026' });
    expect(screen.queryByRole('button', { name: /^Rename / })).toBeNull();
  });
});
