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

/** The sliders' ranges and steps (docs/product.md, "Constants and looks"). */
export const GOAL_LIMITS = {
  margin_goal: { min: 0, max: 100, step: 1 },
  revenue_target: { min: 0, max: 20_000, step: 10 },
  retention_rate: { min: 0, max: 30, step: 1 },
} as const;

/**
 * Beyond the spec: a revenue target typed beside the slider may go past its £20,000, up to £1,000,000 (a salon
 * taking £31,591 a month needs a target above the slider's end). Same £10 steps.
 */
export const REVENUE_TARGET_TYPED_MAX = 1_000_000;

/** The highest value each goal may be saved with: the slider's, but the typed revenue target's for revenue. */
export const GOAL_MAXIMA = {
  margin_goal: GOAL_LIMITS.margin_goal.max,
  revenue_target: REVENUE_TARGET_TYPED_MAX,
  retention_rate: GOAL_LIMITS.retention_rate.max,
} as const;

/** A suggested revenue target is a round figure: the average rounded to the nearest £100. */
export const SUGGESTED_TARGET_ROUNDING = 100;
