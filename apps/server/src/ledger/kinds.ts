import { sql } from 'drizzle-orm';
import { type LedgerKind, ledgerTransactions as lt } from './tables.js';

/** docs/finance.md: what counts as revenue and as expenses, for every figure. */
export const REVENUE_KINDS: readonly LedgerKind[] = ['sale', 'refund', 'other_income'];
export const EXPENSE_KINDS: readonly LedgerKind[] = ['expense', 'fee'];

const kindList = (kinds: readonly LedgerKind[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/** Sum of revenue (pence) over the selected transactions. */
export const revenueSum = sql<string>`coalesce(sum(${lt.amountPence}) filter (where ${lt.kind} in (${kindList(REVENUE_KINDS)})), 0)`;
/** Sum of expenses (pence, positive) over the selected transactions. */
export const expenseSum = sql<string>`coalesce(-sum(${lt.amountPence}) filter (where ${lt.kind} in (${kindList(EXPENSE_KINDS)})), 0)`;
