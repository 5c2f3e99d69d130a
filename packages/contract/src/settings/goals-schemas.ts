import { z } from 'zod';
import { lazy } from '../lazy.js';
import { GOAL_LIMITS, GOAL_MAXIMA } from '../ledger/goals.js';

type GoalKey = keyof typeof GOAL_LIMITS;

/**
 * The sentence for a goal outside its range or off its step (docs/product.md, "Validation" and "Constants and looks").
 */
export const GOAL_MESSAGES: Record<GoalKey, string> = {
  margin_goal: 'Margin goal must be a whole number from 0 to 100 (%).',
  revenue_target: 'Revenue target must be from £0 to £1,000,000, in steps of £10.',
  retention_rate: 'Retention rate must be a whole number from 0 to 30 (%).',
};

function goal(key: GoalKey) {
  const { min, step } = GOAL_LIMITS[key];
  const max = GOAL_MAXIMA[key];
  return z
    .number({ error: GOAL_MESSAGES[key] })
    .refine((value) => Number.isInteger(value / step) && value >= min && value <= max, GOAL_MESSAGES[key]);
}

export const UpdateFinancialGoalsRequestSchema = lazy(() =>
  z.object({
    financial_goals: z.object(
      {
        margin_goal: goal('margin_goal'),
        revenue_target: goal('revenue_target'),
        retention_rate: goal('retention_rate'),
      },
      { error: 'financial_goals must hold margin_goal, revenue_target and retention_rate.' },
    ),
  }),
);
export type UpdateFinancialGoalsRequest = z.infer<typeof UpdateFinancialGoalsRequestSchema>;
