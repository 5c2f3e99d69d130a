/**
 * Financial goals without zod, so the dashboard can import the defaults without the schema library
 * (docs/product.md, "What the app keeps": margin 8 %, revenue target £6,000, retention 15 %).
 */
export interface FinancialGoals {
  margin_goal: number;
  revenue_target: number;
  retention_rate: number;
}

export const DEFAULT_FINANCIAL_GOALS: FinancialGoals = { margin_goal: 8, revenue_target: 6000, retention_rate: 15 };

export const GOAL_LIMITS = {
  margin_goal: { min: 0, max: 100, step: 1 },
  revenue_target: { min: 0, max: 20_000, step: 10 },
  retention_rate: { min: 0, max: 30, step: 1 },
} as const;
