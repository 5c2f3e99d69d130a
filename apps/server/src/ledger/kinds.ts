import { sql } from 'drizzle-orm';
import { type LedgerKind, ledgerTransactions as lt } from './tables.js';

/** docs/finance.md, "The figures": which rows each figure adds up, for every figure. */
export const SALES_KINDS: readonly LedgerKind[] = ['sale', 'refund'];
export const OTHER_INCOME_KINDS: readonly LedgerKind[] = ['other_income'];
/**
 * VAT settlements are an expense line of their own, "VAT paid to HMRC", for a business that is not VAT-registered;
 * for a registered one a settlement is wholly VAT (ledger/vat-rows.ts), so its net amount is 0 and it leaves the
 * profit and loss (`IN_PROFIT_AND_LOSS`).
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

/** A row's amount net of its VAT (docs/finance.md, "VAT"): every figure adds these. */
export const netAmount = sql`(${lt.amountPence} - ${lt.vatPence})`;
/** A row that is wholly VAT (a registered business's payment to HMRC) is out of the profit and loss. */
export const IN_PROFIT_AND_LOSS = sql`not (${lt.amountPence} = ${lt.vatPence} and ${lt.vatPence} <> 0)`;

const signedSum = (kinds: readonly LedgerKind[], sign: 1 | -1) =>
  sql<string>`coalesce(${sql.raw(sign === 1 ? '' : '-')}sum(${netAmount}) filter (where ${lt.kind} in (${kindList(kinds)})), 0)`;

/** Sales less refunds (pence, net of VAT) over the selected transactions. */
export const revenueSum = signedSum(SALES_KINDS, 1);
/** Other income (pence) over the selected transactions. */
export const otherIncomeSum = signedSum(OTHER_INCOME_KINDS, 1);
/** Expenses (pence, positive) over the selected transactions. */
export const expenseSum = signedSum(EXPENSE_KINDS, -1);
