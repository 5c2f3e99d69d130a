import { DEFAULT_FINANCIAL_GOALS, type FinancialGoals } from '@brade/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { financialGoals } from './tables.js';

export async function readFinancialGoals(db: Db, userId: string): Promise<FinancialGoals> {
  const [row] = await db.select().from(financialGoals).where(eq(financialGoals.userId, userId));
  if (!row) return { ...DEFAULT_FINANCIAL_GOALS };
  return { margin_goal: row.marginGoal, revenue_target: row.revenueTarget, retention_rate: row.retentionRate };
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
