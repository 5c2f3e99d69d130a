import {
  addMonths,
  DEFAULT_FINANCIAL_GOALS,
  type FinancialGoals,
  type FinancialGoalsResponse,
  firstDayOf,
  lastDayOf,
  monthOf,
  REVENUE_TARGET_TYPED_MAX,
  SUGGESTED_TARGET_ROUNDING,
} from '@brade/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { firstBookDay } from '../ledger/books-until.js';
import { totalsForRanges } from '../ledger/figures.js';
import { financialGoals } from './tables.js';

/** The goals the owner saved; null until they save some (a default is not the owner's choice). */
export async function readSavedGoals(db: Db, userId: string): Promise<FinancialGoals | null> {
  const [row] = await db.select().from(financialGoals).where(eq(financialGoals.userId, userId));
  if (!row) return null;
  return { margin_goal: row.marginGoal, revenue_target: row.revenueTarget, retention_rate: row.retentionRate };
}

/** The owner's goals, else the spec's defaults (BradeBot's reading). */
export async function readFinancialGoals(db: Db, userId: string): Promise<FinancialGoals> {
  return (await readSavedGoals(db, userId)) ?? { ...DEFAULT_FINANCIAL_GOALS };
}

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
  const saved = await readSavedGoals(db, userId);
  if (saved) return { financial_goals: saved, saved: true, suggested_from: [] };
  // The month the books begin in is not whole (an import reaches back so many days): it is not averaged.
  const first = await firstBookDay(db, userId);
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

export async function saveFinancialGoals(db: Db, userId: string, goals: FinancialGoals): Promise<void> {
  const values = {
    marginGoal: goals.margin_goal,
    revenueTarget: goals.revenue_target,
    retentionRate: goals.retention_rate,
    updatedAt: new Date(),
  };
  await db
    .insert(financialGoals)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: financialGoals.userId, set: values });
}
