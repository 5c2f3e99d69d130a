import { formatPounds, type GoalProgressResponse, monthName } from '@brade/contract';

type Margin = GoalProgressResponse['margin'];

/** '21.1%': percentages with one decimal, as the reports give them; never clipped to a slider's range. */
export const percentText = (percent: number) => `${percent.toFixed(1)}%`;

/** 'August 2026' for '2026-08'. */
export const longMonth = (month: string) => `${monthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;

/** '31 August' for '2026-08-31'. */
export const dayAndMonth = (day: string) => `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7)))}`;

/** How a figure stands against its goal (docs/finance.md, "Goal progress"): met, or how far under, in points. */
export function againstGoal(percent: number | null, goal: number): string {
  if (percent === null) return `Goal ${goal}%`;
  if (percent >= goal) return `Goal ${goal}% met`;
  const points = Math.round((goal - percent) * 10) / 10;
  return `${points.toFixed(1)} points under the ${goal}% goal`;
}

/** What a figure is held against until the owner saves goals: a suggestion, with no verdict. */
export const SUGGESTED_GOAL = 'Suggested goal';

/** Said instead of a verdict while the import has not reached the period: its figures will still change. */
export const STILL_IMPORTING = 'Still importing: these figures will change';

/**
 * 'Net income £5,455.30 = revenue £9,322.46 + other income £530.00 − expenses £4,397.16': every figure the net
 * income is made of, so the card adds up (docs/finance.md, "The figures").
 */
export function netIncomeSum(margin: Margin): string {
  const other = margin.other_income === 0 ? '' : ` + other income ${formatPounds(margin.other_income)}`;
  return `Net income ${formatPounds(margin.net_income)} = revenue ${formatPounds(margin.revenue)}${other} − expenses ${formatPounds(margin.expenses)}`;
}

const SHOWN_COSTS = 3;

/**
 * The regular bills and pay still to come this month, named with their amounts (docs/finance.md, "Goal progress"):
 * '£1,533.33 expected before month end: Jane Smith £1,500.00, Sparkle Cleaning £33.33'.
 */
export function expectedCostsText(expected: Margin['expected']): string {
  if (expected.items.length === 0) return 'No regular bills or pay expected before month end';
  const named = expected.items.slice(0, SHOWN_COSTS).map((item) => `${item.name} ${formatPounds(item.amount)}`);
  const more = expected.items.length - SHOWN_COSTS;
  const rest = more > 0 ? ` and ${more} more` : '';
  return `${formatPounds(expected.total)} expected before month end: ${named.join(', ')}${rest}`;
}

/**
 * The month's verdict: the margin once the costs still expected are paid, on the sales so far, against the owner's
 * goal. On a suggested goal, only the margin after them (the card says the goal is a suggestion); null when that
 * leaves nothing to say.
 */
export function marginVerdictText(margin: Margin, saved: boolean): string | null {
  if (margin.percent === null || margin.expected.percent === null) {
    return saved ? `No revenue yet this month · goal ${margin.goal}%` : 'No revenue yet this month';
  }
  const after =
    margin.expected.items.length > 0 ? `After them, on sales so far: ${percentText(margin.expected.percent)}` : null;
  if (!saved) return after;
  const judged = againstGoal(margin.expected.percent, margin.goal);
  return after ? `${after} · ${judged}` : judged;
}

/** 'October 2026: 17.7% · Goal 15% met': the last whole month against the margin goal (no verdict if suggested). */
export function lastMonthMarginText(margin: Margin, saved: boolean): string {
  const { month, percent } = margin.last_month;
  if (percent === null) return `${longMonth(month)}: no revenue`;
  return saved
    ? `${longMonth(month)}: ${percentText(percent)} · ${againstGoal(percent, margin.goal)}`
    : `${longMonth(month)}: ${percentText(percent)}`;
}

/** The line under the month's sales: the pace per open day still needed, or that the target is reached. */
export function paceText(sales: GoalProgressResponse['sales']): string {
  if (sales.met) return 'Target reached: nothing more needed this month';
  if (sales.needed_per_open_day === null) {
    return `${formatPounds(sales.shortfall)} short, with no open days left this month`;
  }
  const days =
    sales.remaining_open_days === 1 ? 'the 1 open day' : `each of the ${sales.remaining_open_days} open days`;
  return `${formatPounds(sales.needed_per_open_day)} a day needed on ${days} left (${formatPounds(sales.shortfall)} to go)`;
}

/** The share of the target reached, 0–100, for the progress bar (the figures beside it are never clipped). */
export const targetShare = (sales: GoalProgressResponse['sales']) =>
  sales.target <= 0 ? 100 : Math.max(0, Math.min(100, (sales.to_date / sales.target) * 100));

/** '1–27 November so far' for '2026-11-27'; '1 November so far' on the 1st. */
export function monthSoFar(asOf: string): string {
  const day = Number(asOf.slice(8, 10));
  return `${day === 1 ? '1' : `1–${day}`} ${monthName(Number(asOf.slice(5, 7)))} so far`;
}
