import { IdParamsSchema } from '../auth/schemas.js';
import { GoalProgressResponseSchema } from '../ledger/goal-progress.js';
import { RetentionResponseSchema } from '../ledger/retention.js';
import {
  ExpensesResponseSchema,
  HeadlineFigureSchema,
  MonthlyExpensesResponseSchema,
  MonthlySalesResponseSchema,
  MonthRequestSchema,
  SalesResponseSchema,
} from '../ledger/schemas.js';
import { endpoints, lenient } from './endpoint.js';
import { HEADLINE_FALLBACK } from './lenient-readings.js';

const params = IdParamsSchema;

/** The read calls of docs/product.md, "The calls" over the ledger; every one scoped to the signed-in owner. */
export const LEDGER_ENDPOINTS = endpoints('ledger', {
  getAllSales: {
    summary: 'Sales lines by category, all time',
    method: 'GET',
    path: '/api/database/get-all-sales/:id',
    auth: 'session',
    params,
    answer: SalesResponseSchema,
  },
  getAllExpenses: {
    summary: 'Expense lines by category, all time',
    method: 'GET',
    path: '/api/database/get-all-expenses/:id',
    auth: 'session',
    params,
    answer: ExpensesResponseSchema,
  },
  getSalesForMonth: {
    summary: 'Sales lines by category for one month',
    method: 'POST',
    path: '/api/database/get-sales-for-month/:id',
    auth: 'session',
    params,
    body: MonthRequestSchema,
    answer: SalesResponseSchema,
  },
  getExpensesForMonth: {
    summary: 'Expense lines by category for one month',
    method: 'POST',
    path: '/api/database/get-expenses-for-month/:id',
    auth: 'session',
    params,
    body: MonthRequestSchema,
    answer: ExpensesResponseSchema,
  },
  getMonthlySales: {
    summary: 'Revenue of each of the last 12 months',
    method: 'GET',
    path: '/api/database/get-monthly-sales/:id',
    auth: 'session',
    params,
    ...lenient(MonthlySalesResponseSchema, { fallback: { monthly_sales: [] } }),
  },
  getMonthlyExpenses: {
    summary: 'Expenses of each of the last 12 months',
    method: 'GET',
    path: '/api/database/get-monthly-expenses/:id',
    auth: 'session',
    params,
    ...lenient(MonthlyExpensesResponseSchema, { fallback: { monthly_expenses: [] } }),
  },
  getCurrentMonthSalesTotal: {
    summary: 'The Monthly revenue tile: the month so far against the month before, like for like',
    method: 'GET',
    path: '/api/database/get-current-month-sales-total/:id',
    auth: 'session',
    params,
    ...lenient(HeadlineFigureSchema, { fallback: HEADLINE_FALLBACK }),
  },
  getCurrentMonthExpensesTotal: {
    summary: 'The Monthly expenses tile: the month so far against the month before, like for like',
    method: 'GET',
    path: '/api/database/get-current-month-expenses-total/:id',
    auth: 'session',
    params,
    ...lenient(HeadlineFigureSchema, { fallback: HEADLINE_FALLBACK }),
  },
  getCurrentMonthRevenuePerClient: {
    summary: 'The Revenue per client tile: the month so far against the month before',
    method: 'GET',
    path: '/api/database/get-current-month-revenue-per-client/:id',
    auth: 'session',
    params,
    ...lenient(HeadlineFigureSchema, { fallback: HEADLINE_FALLBACK }),
  },
  /** Beyond the spec's calls: new-client and overall retention, last 6 months (docs/finance.md, "Retention"). */
  getRetention: {
    summary: 'New-client and overall retention, month by month',
    method: 'GET',
    path: '/api/database/get-retention/:id',
    auth: 'session',
    params,
    answer: RetentionResponseSchema,
  },
  /**
   * Beyond the spec's calls: this month so far against the margin goal and the revenue target, with the pace needed
   * per remaining open day (docs/finance.md, "Goal progress").
   */
  getGoalProgress: {
    summary: "This month's progress against the owner's goals",
    method: 'GET',
    path: '/api/database/get-goal-progress/:id',
    auth: 'session',
    params,
    answer: GoalProgressResponseSchema,
  },
});

/**
 * The three headline figures by their one internal name, from the server's query to the dashboard's tile, in
 * the order the tiles show. The spec fixes only their URLs ('sales-total' is the revenue figure).
 */
export const HEADLINE_ENDPOINTS = {
  revenue: LEDGER_ENDPOINTS.getCurrentMonthSalesTotal,
  expenses: LEDGER_ENDPOINTS.getCurrentMonthExpensesTotal,
  revenuePerClient: LEDGER_ENDPOINTS.getCurrentMonthRevenuePerClient,
} as const;
export type HeadlineName = keyof typeof HEADLINE_ENDPOINTS;
