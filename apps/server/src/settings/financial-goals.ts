import { DEFAULT_FINANCIAL_GOALS, type FinancialGoals } from '@brade/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { financialGoals } from './tables.js';

export async function readFinancialGoals(db: Db, userId: string): Promise<FinancialGoals> {
  const [row] = await db.select().from(financialGoals).where(eq(financialGoals.userId, userId));
  if (!row) return { ...DEFAULT_FINANCIAL_GOALS };
  return { margin_goal: row.marginGoal, revenue_target: row.revenueTarget, retention_rate: row.retentionRate };
}
