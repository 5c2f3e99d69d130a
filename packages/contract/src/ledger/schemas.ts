import { z } from 'zod';
import { lazy } from '../lazy.js';
import { GOAL_LIMITS, GOAL_MAXIMA } from './goals.js';

/** A sale or expense line: a group of transactions (e.g. one category) with its total in pounds. */
export const LedgerItemSchema = lazy(() =>
  z.object({
    description: z.string(),
    amount: z.number(),
    subtext: z.string().optional(),
  }),
);
export type LedgerItem = z.infer<typeof LedgerItemSchema>;

export const SalesResponseSchema = lazy(() => z.object({ sales: z.array(LedgerItemSchema) }));
export const ExpensesResponseSchema = lazy(() => z.object({ expenses: z.array(LedgerItemSchema) }));

/** One Europe/London calendar month of the last 12, oldest first (docs/finance.md). */
export const MonthlyAmountSchema = lazy(() =>
  z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: z.number() }),
);
export type MonthlyAmount = z.infer<typeof MonthlyAmountSchema>;
export const MonthlySalesResponseSchema = lazy(() => z.object({ monthly_sales: z.array(MonthlyAmountSchema) }));
export const MonthlyExpensesResponseSchema = lazy(() => z.object({ monthly_expenses: z.array(MonthlyAmountSchema) }));

const DAY = lazy(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** A range of Europe/London days; `until` ('HH:MM') stops its last day at that time of day. */
export const ComparedPeriodSchema = lazy(() =>
  z.object({
    from: DAY,
    to: DAY,
    until: z
      .string()
      .regex(/^\d{2}:\d{2}$/)
      .optional(),
  }),
);

/**
 * What a headline figure compares (docs/finance.md, "Comparisons"): the month so far and the same part of the
 * previous month (the whole of it on a month's last day), and the open days in each (docs/finance.md, "Open days").
 */
export const HeadlineComparisonSchema = lazy(() =>
  z.object({
    current: ComparedPeriodSchema,
    previous: ComparedPeriodSchema,
    open_days: z.object({ current: z.number().int().min(0), previous: z.number().int().min(0) }),
  }),
);
export type HeadlineComparison = z.infer<typeof HeadlineComparisonSchema>;

/**
 * Month-to-date figure and its change against the same part of the previous month, in percent with one decimal;
 * null when the previous figure is 0. Beyond the spec's two fields: what is compared, and a hint naming the one
 * transaction or category behind most of the change (null when none is).
 */
export const HeadlineFigureSchema = lazy(() =>
  z.object({
    value: z.number(),
    percent_change: z.number().nullable(),
    comparison: HeadlineComparisonSchema.optional(),
    hint: z.string().nullable().optional(),
    /** Revenue per client: the share of takings it is measured on (docs/finance.md, "Clients"); null without sales. */
    coverage: z.string().nullable().optional(),
    /**
     * The revenue tile only: the month's other income so far (room rent, interest; docs/finance.md, "The figures"),
     * which net income counts and revenue does not, by category, largest first; null when there is none. The
     * dashboard shows it under the tiles so that net income can be worked out from figures on the page.
     */
    other_income: z
      .object({
        amount: z.number(),
        categories: z.array(z.object({ category: z.string(), amount: z.number() })),
      })
      .nullable()
      .optional(),
  }),
);

/**
 * What a client figure is measured on (docs/finance.md, "Clients"): only payers a processor identified are clients,
 * so revenue per client, new clients and retention say how much of the takings that covers.
 */
export function clientCoverageNote(percent: number | null): string | null {
  if (percent === null) return null;
  return percent >= 100 ? 'Every payer is known.' : `From the ${percent} % of takings whose payer is known.`;
}
export type HeadlineFigure = z.infer<typeof HeadlineFigureSchema>;

export const FinancialGoalsSchema = lazy(() =>
  z.object({
    margin_goal: z.number().min(GOAL_LIMITS.margin_goal.min).max(GOAL_LIMITS.margin_goal.max),
    revenue_target: z.number().min(GOAL_LIMITS.revenue_target.min).max(GOAL_MAXIMA.revenue_target),
    retention_rate: z.number().min(GOAL_LIMITS.retention_rate.min).max(GOAL_LIMITS.retention_rate.max),
  }),
);

/**
 * The goals in effect: the owner's once saved, else goals suggested from the owner's own books (docs/finance.md,
 * "Goal progress"). Beyond the spec's `financial_goals`: `saved` (a default is not the owner's choice: until saved,
 * the screens call them suggested and give no verdict) and `suggested_from`, the whole months the suggested revenue
 * target averages (empty when saved, or when the books have no month to average and the spec's default stands).
 */
export const FinancialGoalsResponseSchema = lazy(() =>
  z.object({
    financial_goals: FinancialGoalsSchema,
    saved: z.boolean(),
    suggested_from: z.array(z.string().regex(/^\d{4}-\d{2}$/)),
  }),
);
export type FinancialGoalsResponse = z.infer<typeof FinancialGoalsResponseSchema>;

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** Parses a month given as 1-12 (number or numeric string) or an English name ('March', 'mar'); null if neither. */
export function parseMonth(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= 12 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (/^\d{1,2}$/.test(text)) return parseMonth(Number(text));
  if (text.length < 3) return null;
  const index = MONTH_NAMES.findIndex((name) => name === text || (text.length === 3 && name.startsWith(text)));
  return index === -1 ? null : index + 1;
}

export const MIN_REPORT_YEAR = 2000;

export const MonthRequestSchema = lazy(() =>
  z.object({
    month: z
      .union([z.number(), z.string().max(20)], { error: 'Month is required' })
      .refine((m) => parseMonth(m) !== null, 'Month must be 1 to 12 or an English month name')
      .transform((m) => parseMonth(m)!),
    year: z
      .union([z.number(), z.string().max(6)], { error: 'Year is required' })
      .transform((y) => (typeof y === 'string' && /^\d{4}$/.test(y.trim()) ? Number(y) : y))
      .refine(
        (y) =>
          typeof y === 'number' && Number.isInteger(y) && y >= MIN_REPORT_YEAR && y <= new Date().getUTCFullYear() + 1,
        `Year must be a whole number from ${MIN_REPORT_YEAR} to next year`,
      )
      .transform((y) => y as number),
  }),
);
export type MonthRequest = z.infer<typeof MonthRequestSchema>;
