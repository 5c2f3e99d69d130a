import { type FinancialGoals, GOAL_LIMITS, GOAL_MESSAGES, REVENUE_TARGET_TYPED_MAX } from '@brade/contract';

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
  /** Beyond the spec: the highest amount that may be typed beside the slider (the revenue target's £1,000,000). */
  typedMax?: number;
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
    typedMax: REVENUE_TARGET_TYPED_MAX,
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

/**
 * A typed revenue target: whole pounds (commas, spaces and a '£' allowed), from £0 to £1,000,000 in steps of £10, as
 * the server takes it; else the sentence saying so.
 */
export function parseTypedTarget(text: string): { value: number } | { error: string } {
  const cleaned = text.replace(/[£,\s]/g, '');
  const value = /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  if (!Number.isInteger(value) || value > REVENUE_TARGET_TYPED_MAX || value % GOAL_LIMITS.revenue_target.step !== 0) {
    return { error: GOAL_MESSAGES.revenue_target };
  }
  return { value };
}
