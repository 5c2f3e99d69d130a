import { z } from 'zod';
import { lazy } from '../lazy.js';
import type { NewClientRetention } from './retention.js';

/**
 * The month so far against the owner's goals (docs/finance.md, "Goal progress"): margin to date against the margin
 * goal, and sales to date against the revenue target with the pace needed per remaining open day. Pounds with two
 * decimals, percentages with one; net of VAT for a VAT-registered business, as every figure is.
 */
export const GoalProgressResponseSchema = lazy(() =>
  z.object({
    /** The month measured ('YYYY-MM') and the Europe/London day it runs to (today). */
    month: z.string().regex(/^\d{4}-\d{2}$/),
    as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /**
     * Whose goals these are: the owner's once saved in Settings, else suggested from the owner's books (`suggested_from`
     * names the whole months the suggested revenue target averages). Verdicts on suggested goals are not shown.
     */
    goals: z.object({ saved: z.boolean(), suggested_from: z.array(z.string().regex(/^\d{4}-\d{2}$/)) }),
    margin: z.object({
      /** Net income ÷ revenue from the 1st to today, one decimal; null without revenue. Never clipped. */
      percent: z.number().nullable(),
      goal: z.number(),
      /**
       * The month's verdict: whether the margin still reaches the goal once the costs the books expect before the month
       * ends are paid (`expected.percent`), on the sales so far; null without revenue.
       */
      met: z.boolean().nullable(),
      revenue: z.number(),
      /** Room rent, interest and other income so far: in net income, not in revenue. */
      other_income: z.number(),
      expenses: z.number(),
      /** Revenue + other income − expenses, so far. */
      net_income: z.number(),
      /**
       * The regular bills and payroll of the last three months still to come this month (docs/finance.md, "Goal
       * progress"), largest first, and the margin once they are paid, on the sales so far.
       */
      expected: z.object({
        total: z.number(),
        items: z.array(z.object({ name: z.string(), category: z.string(), amount: z.number() })),
        percent: z.number().nullable(),
      }),
      /** The last whole month against the same goal. */
      last_month: z.object({
        month: z.string().regex(/^\d{4}-\d{2}$/),
        percent: z.number().nullable(),
        met: z.boolean().nullable(),
      }),
    }),
    sales: z.object({
      /** Revenue (sales less refunds) from the 1st to today. */
      to_date: z.number(),
      target: z.number(),
      met: z.boolean(),
      /** What the month still needs to reach the target; 0 once reached. */
      shortfall: z.number(),
      /** Open days from today (included) to the month's last day. */
      remaining_open_days: z.number().int(),
      /** The shortfall spread over the remaining open days; 0 once reached; null when short with no open day left. */
      needed_per_open_day: z.number().nullable(),
    }),
  }),
);
export type GoalProgressResponse = z.infer<typeof GoalProgressResponseSchema>;

/** A goal is met when the figure reaches it (docs/finance.md, "Goal progress"); null when there is no figure. */
export function goalMet(value: number | null, goal: number): boolean | null {
  return value === null ? null : value >= goal;
}

/**
 * The latest month whose new-client retention was measured (someone was new in it): what the dashboard and the
 * Monthly Summary hold against the retention goal. Undefined when no month is measurable yet.
 */
export function latestMeasuredRetention(months: readonly NewClientRetention[]): NewClientRetention | undefined {
  for (let i = months.length - 1; i >= 0; i -= 1) {
    if (months[i]!.percent !== null) return months[i];
  }
  return undefined;
}
