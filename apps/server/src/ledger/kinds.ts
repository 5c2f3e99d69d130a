import { sql } from 'drizzle-orm';
import { type LedgerKind, ledgerTransactions as lt } from './tables.js';

/** docs/finance.md, "The figures": which rows each figure adds up, for every figure. */
export const SALES_KINDS: readonly LedgerKind[] = ['sale', 'refund'];
export const OTHER_INCOME_KINDS: readonly LedgerKind[] = ['other_income'];
/**
 * VAT settlements are the place VAT accounting takes out of the profit and loss once Brade knows the owner's VAT
 * status; until then they are an expense line of their own, "VAT paid to HMRC".
 */
export const EXPENSE_KINDS: readonly LedgerKind[] = ['expense', 'fee', 'vat_settlement'];
/** Below net income on the income statement; never an expense of the month. */
export const BELOW_NET_INCOME_KINDS: readonly LedgerKind[] = ['corporation_tax'];
/** Out of the profit and loss, shown in notes under the income statement. */
export const OWNER_MONEY_KINDS: readonly LedgerKind[] = ['owner_money'];
export const LOAN_KINDS: readonly LedgerKind[] = ['loan'];

const kindList = (kinds: readonly LedgerKind[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

const signedSum = (kinds: readonly LedgerKind[], sign: 1 | -1) =>
  sql<string>`coalesce(${sql.raw(sign === 1 ? '' : '-')}sum(${lt.amountPence}) filter (where ${lt.kind} in (${kindList(kinds)})), 0)`;

/** Sales less refunds (pence) over the selected transactions. */
export const revenueSum = signedSum(SALES_KINDS, 1);
/** Other income (pence) over the selected transactions. */
export const otherIncomeSum = signedSum(OTHER_INCOME_KINDS, 1);
/** Expenses (pence, positive) over the selected transactions. */
export const expenseSum = signedSum(EXPENSE_KINDS, -1);
