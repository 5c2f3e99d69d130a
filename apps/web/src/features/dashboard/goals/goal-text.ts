import { formatPounds, type GoalProgressResponse, monthName } from '@brade/contract';

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

/**
 * The margin so far against its goal. A month in progress has not yet paid its wages, rent and fees, so its margin
 * is said to be above or below the goal so far, never "met"; the last whole month is the one judged
 * (docs/finance.md, "Goal progress").
 */
export function marginSoFarText(margin: GoalProgressResponse['margin']): string {
  if (margin.percent === null) return `No revenue yet this month · goal ${margin.goal}%`;
  const standing = margin.percent >= margin.goal ? 'Above' : 'Below';
  return `${standing} your ${margin.goal}% goal so far · net income ${formatPounds(margin.net_income)}`;
}

/** 'October 2026: 17.7% · Goal 15% met': the last whole month against the margin goal. */
export function lastMonthMarginText(margin: GoalProgressResponse['margin']): string {
  const { month, percent } = margin.last_month;
  if (percent === null) return `${longMonth(month)}: no revenue`;
  return `${longMonth(month)}: ${percentText(percent)} · ${againstGoal(percent, margin.goal)}`;
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
