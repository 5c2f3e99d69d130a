import {
  addMonths,
  DEFAULT_FINANCIAL_GOALS,
  type FinancialGoalsResponse,
  firstDayOf,
  lastDayOf,
  monthOf,
  REVENUE_TARGET_TYPED_MAX,
  SUGGESTED_TARGET_ROUNDING,
} from '@brade/contract';
import type { Db } from '../db/client.js';
import { readSavedGoals } from '../settings/financial-goals.js';
import { firstBookDay } from './books-until.js';
import { totalsForRanges } from './figures.js';

/**
 * The goals in effect (docs/finance.md, "Goals the owner chose, and suggested ones"): the owner's once saved in
 * Settings, else suggested from the books. In the ledger, above settings, because a suggestion reads the books.
 */

/** How many whole months before this one a suggested revenue target averages. */
export const SUGGESTION_MONTHS = 3;

/**
 * The revenue target suggested from the owner's books (docs/finance.md, "Goal progress"): the average revenue of
 * the last three whole months that had any, to the nearest £100, within what a target may be; the months it
 * averages. Without such a month, the spec's default and no months. The caller leaves out a month the books do not
 * cover whole.
 */
export function suggestedRevenueTarget(months: ReadonlyArray<{ month: string; revenuePence: number }>): {
  target: number;
  from: string[];
} {
  const counted = months.filter((m) => m.revenuePence > 0);
  if (counted.length === 0) return { target: DEFAULT_FINANCIAL_GOALS.revenue_target, from: [] };
  const average = counted.reduce((sum, m) => sum + m.revenuePence, 0) / counted.length / 100;
  const rounded = Math.round(average / SUGGESTED_TARGET_ROUNDING) * SUGGESTED_TARGET_ROUNDING;
  return { target: Math.min(REVENUE_TARGET_TYPED_MAX, rounded), from: counted.map((m) => m.month) };
}

/**
 * The goals in effect for `today`: the owner's once saved, else suggested ones, the revenue target from the owner's
 * own books and the margin and retention at the spec's defaults (the industry's own references, 7–9 % and 10–15 %).
 */
export async function goalsInEffect(db: Db, userId: string, today: string): Promise<FinancialGoalsResponse> {
  // Both are one index probe: asked at once, so a suggestion costs one round trip more than saved goals.
  const [saved, first] = await Promise.all([readSavedGoals(db, userId), firstBookDay(db, userId)]);
  if (saved) return { financial_goals: saved, saved: true, suggested_from: [] };
  // The month the books begin in is not whole (an import reaches back so many days): it is not averaged.
  const months = Array.from({ length: SUGGESTION_MONTHS }, (_, i) =>
    addMonths(monthOf(today), i - SUGGESTION_MONTHS),
  ).filter((month) => first !== null && month > monthOf(first));
  if (months.length === 0) {
    return { financial_goals: { ...DEFAULT_FINANCIAL_GOALS }, saved: false, suggested_from: [] };
  }
  const totals = await totalsForRanges(
    db,
    userId,
    months.map((m) => ({ from: firstDayOf(m), to: lastDayOf(m) })),
    false,
  );
  const suggestion = suggestedRevenueTarget(
    months.map((month, i) => ({ month, revenuePence: totals[i]!.revenuePence })),
  );
  return {
    financial_goals: { ...DEFAULT_FINANCIAL_GOALS, revenue_target: suggestion.target },
    saved: false,
    suggested_from: suggestion.from,
  };
}
