import { z } from 'zod';
import type { NewClientRetention } from './retention.js';

/**
 * The month so far against the owner's goals (docs/finance.md, "Goal progress"): margin to date against the margin
 * goal, and sales to date against the revenue target with the pace needed per remaining open day. Pounds with two
 * decimals, percentages with one; net of VAT for a VAT-registered business, as every figure is.
 */
export const GoalProgressResponseSchema = z.object({
  /** The month measured ('YYYY-MM') and the Europe/London day it runs to (today). */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  margin: z.object({
    /** Net income ÷ revenue from the 1st to today, one decimal; null without revenue. Never clipped. */
    percent: z.number().nullable(),
    goal: z.number(),
    /** Whether the margin so far is at or above the goal; null without revenue. */
    met: z.boolean().nullable(),
    revenue: z.number(),
    net_income: z.number(),
    /**
     * The last whole month against the same goal: a month so far runs before its wages, rent and card fees have
     * all gone out, so its margin reads high until the month ends; the last month is the one to judge.
     */
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
});
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
