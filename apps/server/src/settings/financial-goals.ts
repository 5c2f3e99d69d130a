import { DEFAULT_FINANCIAL_GOALS, type FinancialGoals } from '@brade/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
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
