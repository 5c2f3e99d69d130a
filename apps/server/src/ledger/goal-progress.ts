import { addDays, firstDayOf, type GoalProgressResponse, goalMet, lastDayOf, monthOf } from '@brade/contract';
import { and, between, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { readFinancialGoals } from '../settings/financial-goals.js';
import { marginPercent, netIncomePence, toPounds, totalsForRanges } from './figures.js';
import { ledgerDailyTotals as daily } from './tables.js';

/** How many past weeks decide which days of the week the salon opens (docs/finance.md, "Goal progress"). */
export const OPEN_DAY_WEEKS = 8;

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * The days of the week (0 Sunday … 6 Saturday) on which the salon took sales in most of the last 8 weeks before
 * today, i.e. on at least 5 of those 8 days (docs/finance.md, "Goal progress"). Today is left out: its day is not over.
 */
export function openWeekdays(daysWithSales: readonly string[], today: string): Set<number> {
  const from = addDays(today, -7 * OPEN_DAY_WEEKS);
  const counts = new Array<number>(7).fill(0);
  for (const day of new Set(daysWithSales)) {
    if (day >= from && day < today) counts[weekdayOf(day)]! += 1;
  }
  return new Set(counts.flatMap((count, weekday) => (count * 2 > OPEN_DAY_WEEKS ? [weekday] : [])));
}

/** Open days from today (included: its takings so far are in the sales to date) to the month's last day. */
export function remainingOpenDays(today: string, isOpen: (day: string) => boolean): number {
  let count = 0;
  for (let day = today, last = lastDayOf(monthOf(today)); day <= last; day = addDays(day, 1)) {
    if (isOpen(day)) count += 1;
  }
  return count;
}

export interface SalesPace {
  met: boolean;
  /** What the month still needs to reach the target; 0 once reached. */
  shortfallPence: number;
  /** The shortfall over the open days left, rounded up to the penny; 0 once reached; null with no open day left. */
  perOpenDayPence: number | null;
}

/** The pace needed to reach the revenue target (docs/finance.md, "Goal progress"). */
export function salesPace(targetPence: number, toDatePence: number, openDaysLeft: number): SalesPace {
  const shortfallPence = Math.max(0, targetPence - toDatePence);
  if (shortfallPence === 0) return { met: true, shortfallPence: 0, perOpenDayPence: 0 };
  return {
    met: false,
    shortfallPence,
    perOpenDayPence: openDaysLeft === 0 ? null : Math.ceil(shortfallPence / openDaysLeft),
  };
}

/** The Europe/London days with sales in the 8 weeks before today, from the daily totals (net, like every figure). */
async function recentDaysWithSales(db: Db, userId: string, today: string): Promise<string[]> {
  const rows = await db
    .select({ day: daily.localDate })
    .from(daily)
    .where(
      and(
        eq(daily.userId, userId),
        between(daily.localDate, addDays(today, -7 * OPEN_DAY_WEEKS), addDays(today, -1)),
        gt(daily.revenuePence, 0),
      ),
    );
  return rows.map((r) => r.day);
}

/**
 * This month so far against the owner's margin goal and revenue target (`GET /api/database/get-goal-progress/{id}`),
 * with the reports' own sums: the daily totals, net of VAT where registered (docs/finance.md, "Goal progress").
 */
export async function goalProgress(db: Db, userId: string, today: string): Promise<GoalProgressResponse> {
  const month = monthOf(today);
  const [[totals], goals, salesDays] = await Promise.all([
    totalsForRanges(db, userId, [{ from: firstDayOf(month), to: today }], false),
    readFinancialGoals(db, userId),
    recentDaysWithSales(db, userId, today),
  ]);
  const open = openWeekdays(salesDays, today);
  const openDaysLeft = remainingOpenDays(today, (day) => open.has(weekdayOf(day)));
  const margin = marginPercent(totals!);
  const pace = salesPace(goals.revenue_target * 100, totals!.revenuePence, openDaysLeft);
  return {
    month,
    as_of: today,
    margin: {
      percent: margin,
      goal: goals.margin_goal,
      met: goalMet(margin, goals.margin_goal),
      revenue: toPounds(totals!.revenuePence),
      net_income: toPounds(netIncomePence(totals!)),
    },
    sales: {
      to_date: toPounds(totals!.revenuePence),
      target: goals.revenue_target,
      met: pace.met,
      shortfall: toPounds(pace.shortfallPence),
      remaining_open_days: openDaysLeft,
      needed_per_open_day: pace.perOpenDayPence === null ? null : toPounds(pace.perOpenDayPence),
    },
  };
}
