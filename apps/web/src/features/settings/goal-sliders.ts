import { type FinancialGoals, GOAL_LIMITS } from '@brade/contract';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

export interface GoalSlider {
  key: keyof FinancialGoals;
  label: string;
  /** The reference text beside each slider (docs/product.md, "Constants and looks"). */
  reference: string;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
}

const percent = (value: number) => `${value}%`;

/**
 * The three goals of docs/product.md, "Screens and routes" and "Constants and looks", in the order the screen shows
 * them.
 */
export const GOAL_SLIDERS: readonly GoalSlider[] = [
  {
    key: 'margin_goal',
    label: 'Margin goal',
    reference: 'Industry standard: 7-9%',
    ...GOAL_LIMITS.margin_goal,
    format: percent,
  },
  {
    key: 'revenue_target',
    label: 'Revenue target',
    reference: 'Industry standard: £6,000',
    ...GOAL_LIMITS.revenue_target,
    format: (value) => pounds.format(value),
  },
  {
    key: 'retention_rate',
    label: 'Retention rate',
    reference: 'Industry standard: 10%-15%',
    ...GOAL_LIMITS.retention_rate,
    format: percent,
  },
];

export function sameGoals(a: FinancialGoals, b: FinancialGoals): boolean {
  return GOAL_SLIDERS.every(({ key }) => a[key] === b[key]);
}
