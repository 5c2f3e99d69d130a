import { addMonths, firstDayOf, type GoalProgressResponse, goalMet, lastDayOf, monthOf } from '@brade/contract';
import type { Db } from '../db/client.js';
import { expectedBeforeMonthEnd } from './expected-costs.js';
import { marginPercent, netIncomePence, toPounds, totalsForRanges } from './figures.js';
import { goalsInEffect } from './goals-in-effect.js';
import { openDaysBetween, salonCalendar } from './open-days.js';

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

/**
 * This month so far against the owner's margin goal and revenue target (`GET /api/database/get-goal-progress/{id}`),
 * with the reports' own sums: the daily totals, net of VAT where registered (docs/finance.md, "Goal progress"). The
 * goals are the owner's once saved, else suggested from the books. The margin is judged once the regular bills and
 * payroll the books expect before the month ends are paid. The open days left run from today (included: its takings
 * so far are in the sales to date) to the month's last day (docs/finance.md, "Open days").
 */
export async function goalProgress(db: Db, userId: string, today: string): Promise<GoalProgressResponse> {
  const month = monthOf(today);
  const lastMonth = addMonths(month, -1);
  const [[totals, lastTotals], inEffect, calendar, expected] = await Promise.all([
    totalsForRanges(
      db,
      userId,
      [
        { from: firstDayOf(month), to: today },
        { from: firstDayOf(lastMonth), to: lastDayOf(lastMonth) },
      ],
      false,
    ),
    goalsInEffect(db, userId, today),
    salonCalendar(db, userId, today),
    expectedBeforeMonthEnd(db, userId, today),
  ]);
  const goals = inEffect.financial_goals;
  const openDaysLeft = openDaysBetween(calendar, today, lastDayOf(month)).length;
  const expectedPence = expected.reduce((sum, cost) => sum + cost.expectedPence, 0);
  const margin = marginPercent(totals!);
  const marginAfter = marginPercent({ ...totals!, expensesPence: totals!.expensesPence + expectedPence });
  const lastMargin = marginPercent(lastTotals!);
  const pace = salesPace(goals.revenue_target * 100, totals!.revenuePence, openDaysLeft);
  return {
    month,
    as_of: today,
    goals: { saved: inEffect.saved, suggested_from: inEffect.suggested_from },
    margin: {
      percent: margin,
      goal: goals.margin_goal,
      met: goalMet(marginAfter, goals.margin_goal),
      revenue: toPounds(totals!.revenuePence),
      other_income: toPounds(totals!.otherIncomePence),
      expenses: toPounds(totals!.expensesPence),
      net_income: toPounds(netIncomePence(totals!)),
      expected: {
        total: toPounds(expectedPence),
        items: expected.map((cost) => ({
          name: cost.name,
          category: cost.category,
          amount: toPounds(cost.expectedPence),
        })),
        percent: marginAfter,
      },
      last_month: { month: lastMonth, percent: lastMargin, met: goalMet(lastMargin, goals.margin_goal) },
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
