import { LEDGER_ENDPOINTS, REPORT_ENDPOINTS, type Report, reportToCsv, STORAGE_KEYS } from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartData } from 'chart.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchedPaths, mockApi, on, setWindowWidth } from '../../test/api-mock';
import { jsonResponse, sentBody } from '../../test/render';
import { PARTIAL_DASH } from '../../ui/charts/chart-series';
import { theme } from '../../ui/theme';
import ReportsPage from './ReportsPage';

// Chart.js needs a real canvas; the stand-in records what the chart was given.
const charts = vi.hoisted(() => [] as Array<{ data: ChartData<'line'>; label: string }>);
vi.mock('react-chartjs-2', () => ({
  Line: (props: { data: ChartData<'line'>; 'aria-label': string }) => {
    charts.push({ data: props.data, label: props['aria-label'] });
    return <canvas role="img" aria-label={props['aria-label']} />;
  },
}));

const REPORT_PATH = '/api/database/get-report/u-1';
const MONTHLY = ['2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'];
const THIS_YEAR = ['2026-01', '2026-02', '2026-03', '2026-04'];

const aprilSales: Report = {
  type: 'sales',
  title: 'Sales Report',
  month: 4,
  year: 2026,
  period: { from: '2026-04-01', to: '2026-04-15' },
  report_to: { name: 'Hart & Co Hair', address_lines: ['14 Market Street, Harrogate', 'HG1 1BT'] },
  rows: [
    {
      description: 'Cut & finish',
      amount: 50,
      subtext: '1 transaction',
      header: false,
      total: false,
      net_income: false,
    },
    { description: '=Refunds', amount: -10, subtext: '1 transaction', header: false, total: false, net_income: false },
    { description: 'Total', amount: 40, header: false, total: true, net_income: false },
  ],
};

const amounts = (base: number) => [...MONTHLY, ...THIS_YEAR].map((month, i) => ({ month, amount: base + i * 100 }));

function answers(report: () => Response | Promise<Response> = () => jsonResponse(200, { report: aprilSales })) {
  return [
    on(LEDGER_ENDPOINTS.getMonthlySales, { monthly_sales: amounts(5000) }),
    on(LEDGER_ENDPOINTS.getMonthlyExpenses, { monthly_expenses: amounts(2000) }),
    on(REPORT_ENDPOINTS.getReport, report),
  ];
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <ReportsPage />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

/** Captures what the page hands the browser: blob contents behind object URLs, and the links it clicks. */
function captureFiles() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  // jsdom has no object URLs of its own; these are put back after each test.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    next += 1;
    const url = `blob:http://localhost/${next}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  const downloads: Array<{ name: string; blob: Blob }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
  return { blobs, downloads };
}

function fakeTab() {
  const tab = {
    opener: {} as unknown,
    closed: false,
    document: { title: '', body: { textContent: '' } },
    location: { href: 'about:blank' },
    close: vi.fn(() => {
      tab.closed = true;
    }),
  };
  return tab;
}

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const monthRow = (label: string) => screen.getByRole('listitem', { name: label });
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.id, 'u-1');
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-04-15T12:00:00Z'));
  setWindowWidth(1440);
  charts.length = 0;
});
afterEach(() => {
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Reports screen', () => {
  it('has the title, the three tabs (and the VAT tab, beyond the spec) and this year’s months newest first, each with both actions', async () => {
    mockApi(answers());
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Reports' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Sales Report', 'Expense Report', 'Income Statement', 'VAT']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/Cash basis: money received and paid in each month\./)).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Sales Report months' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/ 2026$/).textContent)).toEqual([
      'April 2026',
      'March 2026',
      'February 2026',
      'January 2026',
    ]);
    for (const row of rows) {
      expect(within(row).getByRole('button', { name: 'View PDF' })).toBeEnabled();
      expect(within(row).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    }
    expect(within(monthRow('April 2026')).getByText('Month to date')).toBeInTheDocument();
    expect(list).toHaveStyle({ maxHeight: '400px', width: '400px', maxWidth: '100%', overflowY: 'auto' });
  });

  it('switches the list to the chosen report', async () => {
    mockApi(answers());
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Income Statement' }));
    expect(screen.getByRole('tab', { name: 'Income Statement' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Income Statement');
    expect(screen.getByRole('list', { name: 'Income Statement months' })).toBeInTheDocument();
  });

  it('charts revenue and expenses for this year’s months only', async () => {
    mockApi(answers());
    renderPage();
    await screen.findByRole('region', { name: 'Revenue and expenses' });
    // Chart.js's code loads with the first chart drawn (ui/charts/LineNearView.tsx): wait for it.
    await waitFor(() => expect(charts.length).toBeGreaterThan(0));
    const chart = charts.at(-1)!;
    expect(chart.data.labels).toEqual(['Jan 26', 'Feb 26', 'Mar 26', 'Apr 26']);
    const [revenue, expenses] = chart.data.datasets;
    expect(revenue).toMatchObject({ label: 'Revenue', data: [5800, 5900, 6000, 6100], tension: 0 });
    expect(expenses).toMatchObject({ label: 'Expenses', data: [2800, 2900, 3000, 3100], fill: 'origin' });
    expect(chart.label).toContain('Apr 26 (1–15 Apr so far) revenue £6,100.00, expenses £3,100.00');
  });

  it('marks April (15 days) as so far: dashed into a hollow point, named with its dates', async () => {
    mockApi(answers());
    renderPage();
    const region = await screen.findByRole('region', { name: 'Revenue and expenses' });
    expect(within(region).getByTestId('partial-key')).toHaveTextContent('Dashed: 1–15 Apr so far');
    // Chart.js's code loads with the first chart drawn (ui/charts/LineNearView.tsx): wait for it.
    await waitFor(() => expect(charts.length).toBeGreaterThan(0));
    const chart = charts.at(-1)!;
    for (const series of chart.data.datasets) {
      const dash = (series.segment as { borderDash: (context: { p1DataIndex: number }) => number[] | undefined })
        .borderDash;
      expect(dash({ p1DataIndex: 3 })).toEqual(PARTIAL_DASH);
      expect(dash({ p1DataIndex: 2 })).toBeUndefined();
      expect((series.pointBackgroundColor as string[])[3]).toBe('#FFFFFF');
    }
    expect(chart.label).toContain('Mar 26 revenue £6,000.00');
  });

  it('says so when this year has no figures yet, and logs a failed series', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      on(LEDGER_ENDPOINTS.getMonthlySales, jsonResponse(500, { error: 'Something broke' })),
      on(LEDGER_ENDPOINTS.getMonthlyExpenses, {
        monthly_expenses: THIS_YEAR.map((month) => ({ month, amount: 0 })),
      }),
    ]);
    renderPage();
    expect(await screen.findByText('No revenue or expenses recorded in 2026 yet.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Could not load monthly sales', expect.anything());
  });
});

describe('Download CSV', () => {
  it("asks for the month's report and saves it as {type}_report_{month}_{year}.csv", async () => {
    const fetchMock = mockApi(answers());
    const { downloads } = captureFiles();
    const user = userEvent.setup();
    renderPage();
    await user.click(within(monthRow('April 2026')).getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const reportCall = fetchedPaths(fetchMock).indexOf(REPORT_PATH);
    expect(sentBody(fetchMock, reportCall)).toEqual({ type: 'sales', month: 4, year: 2026 });
    expect(downloads[0]!.name).toBe('sales_report_april_2026.csv');
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const text = new TextDecoder().decode(await bytesOf(downloads[0]!.blob));
    expect(text).toBe(reportToCsv(aprilSales));
    expect(text).toBe("Description,Amount\r\nCut & finish,50.00\r\n'=Refunds,-10.00\r\nTotal,40.00\r\n");
  });

  it('asks for the tab’s report type', async () => {
    const fetchMock = mockApi(
      answers(() => jsonResponse(200, { report: { ...aprilSales, type: 'expense', month: 2 } })),
    );
    const { downloads } = captureFiles();
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Expense Report' }));
    await user.click(within(monthRow('February 2026')).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(sentBody(fetchMock, fetchedPaths(fetchMock).indexOf(REPORT_PATH))).toEqual({
      type: 'expense',
      month: 2,
      year: 2026,
    });
    expect(downloads[0]!.name).toBe('expense_report_february_2026.csv');
  });

  it("shows the server's sentence when the report is refused, and a sentence of its own when offline", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      answers(() =>
        jsonResponse(400, {
          error: 'Reports cover only the current calendar year up to the current month.',
          code: 'validation_failed',
        }),
      ),
    );
    captureFiles();
    const user = userEvent.setup();
    renderPage();
    await user.click(within(monthRow('March 2026')).getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Reports cover only the current calendar year up to the current month.',
    );

    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.click(within(monthRow('March 2026')).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "We couldn't prepare the Sales Report for March 2026. Please try again.",
      ),
    );
  });

  it('refuses an answer that is not a report', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(answers(() => jsonResponse(200, { report: { rows: 'none' } })));
    const { downloads } = captureFiles();
    const user = userEvent.setup();
    renderPage();
    await user.click(within(monthRow('April 2026')).getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't prepare the Sales Report for April 2026.");
    expect(downloads).toEqual([]);
    // Another report starts afresh.
    await user.click(screen.getByRole('tab', { name: 'Expense Report' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('disables the button while the report is being prepared', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi(answers(() => new Promise<Response>((resolve) => (answer = resolve))));
    const { downloads } = captureFiles();
    const user = userEvent.setup();
    renderPage();
    const button = within(monthRow('April 2026')).getByRole('button', { name: 'Download CSV' });
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAccessibleName('Download CSV');
    answer(jsonResponse(200, { report: aprilSales }));
    await waitFor(() => expect(button).toBeEnabled());
    expect(downloads).toHaveLength(1);
  });
});

// These load and run jsPDF under jsdom, which can take seconds on a busy machine.
describe('View PDF', () => {
  it('opens a tab at once, then shows the PDF in it (wider than 1024px)', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi(answers(() => new Promise<Response>((resolve) => (answer = resolve))));
    const { blobs, downloads } = captureFiles();
    const tab = fakeTab();
    const open = vi.fn(() => tab as unknown as Window);
    vi.stubGlobal('open', open);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(monthRow('April 2026')).getByRole('button', { name: 'View PDF' }));

    // The tab exists before the report has even arrived, so no pop-up blocker stops it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.document.body.textContent).toBe('Preparing your Sales Report…');
    answer(jsonResponse(200, { report: aprilSales }));

    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    const pdf = blobs.get(tab.location.href)!;
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await bytesOf(pdf)).slice(0, 5))).toBe('%PDF-');
    expect(downloads).toEqual([]);
  });

  it('downloads {type}_report_{month}.pdf at 1024px or less, without opening a tab', async () => {
    setWindowWidth(390);
    mockApi(answers());
    const { downloads } = captureFiles();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(monthRow('April 2026')).getByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(open).not.toHaveBeenCalled();
    expect(downloads[0]!.name).toBe('sales_report_april.pdf');
    expect(new TextDecoder().decode((await bytesOf(downloads[0]!.blob)).slice(0, 5))).toBe('%PDF-');
  });

  it('downloads instead when the browser blocks the new tab', async () => {
    mockApi(answers());
    const { downloads } = captureFiles();
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(within(monthRow('April 2026')).getByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual(['sales_report_april.pdf']));
  });

  it('closes the waiting tab and explains when the report fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(answers(() => jsonResponse(500, { error: 'Something went wrong on our side. Please try again.' })));
    captureFiles();
    const tab = fakeTab();
    vi.stubGlobal(
      'open',
      vi.fn(() => tab as unknown as Window),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(within(monthRow('January 2026')).getByRole('button', { name: 'View PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(tab.close).toHaveBeenCalled();
  });

  it('opens the year select for a press on its stand-in once: back from a month on a phone, it stays closed', async () => {
    setWindowWidth(390);
    mockApi(answers());
    const user = userEvent.setup();
    renderPage();
    // Pressed before the select's code is there: the stand-in asks it to open as it arrives.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Year' }), { button: 0 });
    const listbox = await screen.findByRole('listbox', {}, { timeout: 3000 });
    await user.click(within(listbox).getByRole('option', { name: '2026' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.click(within(monthRow('April 2026')).getByRole('button', { name: 'April 2026' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Reports', level: 1 });
    await screen.findByRole('combobox', { name: 'Year' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
