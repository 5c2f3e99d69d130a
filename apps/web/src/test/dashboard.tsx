import {
  type ConnectableProcessor,
  type ConnectionSummary,
  INTEGRATION_ENDPOINTS,
  LEDGER_ENDPOINTS,
  pathOf,
  type ResponseOf,
  SETTINGS_ENDPOINTS,
} from '@brade/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import DashboardPage from '../features/dashboard/DashboardPage';
import { theme } from '../ui/theme';
import { type EndpointAnswer, on } from './api-mock';
import { jsonResponse } from './render';

/**
 * The Overview's calls and their answers for the dashboard's component tests (features/dashboard/*.test.tsx): every
 * call answered as a salon mid-November 2025 would see it, each answer replaceable; the page rendered in a router.
 */

export const ENDPOINTS = {
  sales: LEDGER_ENDPOINTS.getCurrentMonthSalesTotal,
  expenses: LEDGER_ENDPOINTS.getCurrentMonthExpensesTotal,
  perClient: LEDGER_ENDPOINTS.getCurrentMonthRevenuePerClient,
  monthlySales: LEDGER_ENDPOINTS.getMonthlySales,
  monthlyExpenses: LEDGER_ENDPOINTS.getMonthlyExpenses,
  goals: SETTINGS_ENDPOINTS.getFinancialGoals,
} as const;
export type Key = keyof typeof ENDPOINTS;
export const PATHS = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([key, endpoint]) => [key, pathOf(endpoint, { id: 'u-1' })]),
) as Record<Key, string>;

/** Beyond the spec's six: the bank balance the last import read, and the connections' import progress. */
export const CASH_IN_THE_BANK = INTEGRATION_ENDPOINTS.getCashInTheBank;
export const CASH = pathOf(CASH_IN_THE_BANK, { id: 'u-1' });
export const SYNC_STATUS = INTEGRATION_ENDPOINTS.syncStatus;
export const SYNC = pathOf(SYNC_STATUS, { id: 'u-1' });
/** Issue 17: retention and this month's goal progress, each a card of its own. */
export const RETENTION = LEDGER_ENDPOINTS.getRetention;
export const GOAL_PROGRESS = LEDGER_ENDPOINTS.getGoalProgress;
export const GOAL_PATHS = [pathOf(RETENTION, { id: 'u-1' }), pathOf(GOAL_PROGRESS, { id: 'u-1' })];

/** Six measured months; the latest, October, above the 12 % goal and beyond the slider's 30 %. */
export const RETENTION_ANSWER: ResponseOf<typeof RETENTION> = {
  new_client: [
    { month: '2025-05', new_clients: 40, returned: 10, percent: 25 },
    { month: '2025-06', new_clients: 38, returned: 11, percent: 28.9 },
    { month: '2025-07', new_clients: 0, returned: 0, percent: null },
    { month: '2025-08', new_clients: 41, returned: 13, percent: 31.7 },
    { month: '2025-09', new_clients: 35, returned: 12, percent: 34.3 },
    { month: '2025-10', new_clients: 30, returned: 11, percent: 36.7 },
  ],
  overall: [{ date: '2025-08-31', clients: 180, seen_again: 117, percent: 65 }],
  national_new_client_percent: 30,
};
export const GOAL_PROGRESS_ANSWER: ResponseOf<typeof GOAL_PROGRESS> = {
  month: '2025-11',
  as_of: '2025-11-22',
  goals: { saved: true, suggested_from: [] },
  margin: {
    percent: 7.4,
    goal: 10,
    met: false,
    revenue: 4321.5,
    other_income: 0,
    expenses: 4001.71,
    net_income: 319.79,
    expected: {
      total: 120,
      items: [{ name: 'HARROGATE ESTATES', category: 'Rent', amount: 120 }],
      percent: 4.8,
    },
    last_month: { month: '2025-10', percent: 11.2, met: true },
  },
  sales: {
    to_date: 4200,
    target: 6000,
    met: false,
    shortfall: 1800,
    remaining_open_days: 9,
    needed_per_open_day: 200,
  },
};

export const MONTHS = ['2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05'];
export const GREEN = 'rgb(46, 125, 50)';
export const RED = 'rgb(198, 40, 40)';

/** Each endpoint's typed answer, or a Response for what the contract does not describe (a failure, a wrong shape). */
export type Overrides = { [K in Key]?: ResponseOf<(typeof ENDPOINTS)[K]> | Response };

export function answers(overrides: Overrides = {}): EndpointAnswer[] {
  const or = <K extends Key>(key: K, reply: ResponseOf<(typeof ENDPOINTS)[K]>) =>
    on(ENDPOINTS[key], overrides[key] ?? reply);
  return [
    or('sales', { value: 4321.5, percent_change: 12.5 }),
    or('expenses', { value: 1234.56, percent_change: 3.2 }),
    or('perClient', { value: 48.75, percent_change: -1.04 }),
    or('monthlySales', { monthly_sales: MONTHS.map((month, i) => ({ month, amount: 5000 + i * 250.5 })) }),
    or('monthlyExpenses', { monthly_expenses: MONTHS.map((month, i) => ({ month, amount: 2000 + i * 100 })) }),
    or('goals', {
      financial_goals: { margin_goal: 10, revenue_target: 7500, retention_rate: 12 },
      saved: true,
      suggested_from: [],
    }),
    on(CASH_IN_THE_BANK, { cash_in_the_bank: null }),
    // A salon with a card provider and its bank, both imported.
    on(SYNC_STATUS, () => jsonResponse(200, { connections: [connection('stripe'), connection('gocardless')] })),
    on(RETENTION, RETENTION_ANSWER),
    on(GOAL_PROGRESS, GOAL_PROGRESS_ANSWER),
  ];
}

export function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

export function renderDashboard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/main-menu/dashboard',
        element: (
          <QueryClientProvider client={client}>
            <DashboardPage />
          </QueryClientProvider>
        ),
      },
      { path: '*', Component: Where },
    ],
    { initialEntries: ['/main-menu/dashboard'] },
  );
  render(
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

export const tile = (name: string) => screen.getByRole('region', { name });
export const shownValue = (name: string) => within(tile(name)).getByTestId('tile-value');
export const changeOf = (name: string) => within(tile(name)).getByTestId('tile-change');
export const captionOf = (name: string) => within(tile(name)).getByTestId('tile-caption');
/** The tiles once every call settled; the first render of a file loads MUI and the page, slow on a loaded machine. */
export const loaded = () => screen.findByRole('region', { name: 'Monthly revenue' });

export const connection = (
  processor: ConnectableProcessor,
  overrides: Partial<ConnectionSummary> = {},
): ConnectionSummary => ({
  processor,
  status: 'connected',
  sandbox: true,
  since: '2025-11-22T11:59:00Z',
  // A connection whose first import finished, with all its history in, unless a test says otherwise.
  last_sync: '2025-11-22T11:00:00Z',
  next_sync: null,
  sync: { state: 'idle', imported: 0, last_error: null },
  consent_expires_at: null,
  institution: processor === 'gocardless' ? 'Mock Bank' : null,
  institution_id: null,
  history: { from: null, complete: true, recent_from: null },
  ...overrides,
});
