import {
  type CashInTheBankResponse,
  type FinancialGoalsResponse,
  type GoalProgressResponse,
  HEADLINE_ENDPOINTS,
  type HeadlineFigure,
  type HeadlineName,
  INTEGRATION_ENDPOINTS,
  LEDGER_ENDPOINTS,
  type MonthlyAmount,
  type RetentionResponse,
  SETTINGS_ENDPOINTS,
} from '@brade/contract';
import { call } from './client';
import { type Loaded, loadOrFallback } from './fallback';

export type { Loaded };

/** "This month's revenue" for the log line of a failed headline. */
const HEADLINE_WORDS: Record<HeadlineName, string> = {
  revenue: "this month's revenue",
  expenses: "this month's expenses",
  revenuePerClient: "this month's revenue per client",
};

/** One headline tile's figure; on failure the contract's fallback (0, change 0). */
export function loadHeadline(name: HeadlineName, id: string): Promise<Loaded<HeadlineFigure>> {
  return loadOrFallback(HEADLINE_ENDPOINTS[name], { params: { id } }, HEADLINE_WORDS[name]);
}

export async function loadMonthlySales(id: string): Promise<Loaded<MonthlyAmount[]>> {
  const loaded = await loadOrFallback(LEDGER_ENDPOINTS.getMonthlySales, { params: { id } }, 'monthly sales');
  return { data: loaded.data.monthly_sales, failed: loaded.failed };
}

export async function loadMonthlyExpenses(id: string): Promise<Loaded<MonthlyAmount[]>> {
  const loaded = await loadOrFallback(LEDGER_ENDPOINTS.getMonthlyExpenses, { params: { id } }, 'monthly expenses');
  return { data: loaded.data.monthly_expenses, failed: loaded.failed };
}

/**
 * The goals the revenue chart draws its target from, and whether the owner saved them; "goals keep defaults" (read
 * as not saved: nothing says the owner chose them).
 */
export function loadFinancialGoals(id: string): Promise<Loaded<FinancialGoalsResponse>> {
  return loadOrFallback(SETTINGS_ENDPOINTS.getFinancialGoals, { params: { id } }, 'financial goals');
}

export interface CashInTheBank {
  booked: number;
  available: number | null;
  balanceDate: string | null;
  readAt: string;
  accounts: number;
}

/** GET /api/database/get-cash-in-the-bank/{id} (beyond the spec): null when no bank balance has been read. */
export async function loadCashInTheBank(id: string): Promise<CashInTheBank | null> {
  const cash: CashInTheBankResponse['cash_in_the_bank'] = (
    await call(INTEGRATION_ENDPOINTS.getCashInTheBank, { params: { id } })
  ).cash_in_the_bank;
  if (cash === null) return null;
  return {
    booked: cash.booked,
    available: cash.available,
    balanceDate: cash.balance_date,
    readAt: cash.read_at,
    accounts: cash.accounts.length,
  };
}

/** GET /api/database/get-retention/{id} (beyond the spec): new-client and overall retention, last 6 months. */
export async function loadRetention(id: string): Promise<RetentionResponse> {
  return call(LEDGER_ENDPOINTS.getRetention, { params: { id } });
}

/** GET /api/database/get-goal-progress/{id} (beyond the spec): this month so far against the goals. */
export async function loadGoalProgress(id: string): Promise<GoalProgressResponse> {
  return call(LEDGER_ENDPOINTS.getGoalProgress, { params: { id } });
}
