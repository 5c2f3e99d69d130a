import { z } from 'zod';
import { lazy } from '../lazy.js';
import { MonthRequestSchema } from './schemas.js';

/**
 * The groups of a report's lines (docs/finance.md, "The income statement"): the revenue section (sales and other
 * income), the expenses, Corporation Tax paid, and the two notes outside the profit and loss.
 */
export const LINE_GROUPS = ['revenue', 'expenses', 'corporation_tax', 'owner_money', 'loans'] as const;
export type LineGroupName = (typeof LINE_GROUPS)[number];

export const TRANSACTION_SORTS = ['date', 'description', 'counterparty', 'amount', 'category', 'provider'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** The largest page of a line's transactions one call returns. */
export const MAX_TRANSACTION_PAGE = 200;

export const BOOKS_MESSAGES = {
  groupInvalid: 'Line group must be revenue, expenses, corporation_tax, owner_money or loans',
  sortInvalid: 'Sort must be date, description, counterparty, amount, category or provider',
  pageInvalid: 'Page must be a whole number from 1',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${MAX_TRANSACTION_PAGE}`,
  transactionInvalid: 'Transaction id must be a UUID',
  ruleInvalid: 'Rule id must be a UUID',
  categoryInvalid: 'Choose one of the categories offered for this transaction.',
  notCorrectable: 'This transaction is decided by its card processor or its payout and cannot be moved.',
  corrected: 'Transaction moved.',
  ruleRemoved: 'Rule removed.',
} as const;

const uuid = (message: string) => z.uuid({ error: message }).transform((s) => s.toLowerCase());

/** One line of a month's report: its group and, for a category line, the category (the line's description). */
export const LineTransactionsRequestSchema = lazy(() =>
  MonthRequestSchema.extend({
    group: z.enum(LINE_GROUPS, { error: BOOKS_MESSAGES.groupInvalid }),
    /** Omitted: every transaction of the group (a Total row, Corporation Tax paid). */
    category: z.string().max(200).optional(),
    /** An item of a sales category (the sales report's lines under a category): the sales of that item. */
    item: z.string().max(200).optional(),
    /** A team member of the Team breakdown (their processor's id): the sales they took. */
    team_member: z.string().max(200).optional(),
    search: z.string().max(200).optional(),
    sort: z.enum(TRANSACTION_SORTS, { error: BOOKS_MESSAGES.sortInvalid }).default('date'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page: z
      .number({ error: BOOKS_MESSAGES.pageInvalid })
      .int(BOOKS_MESSAGES.pageInvalid)
      .min(1, BOOKS_MESSAGES.pageInvalid)
      .default(1),
    page_size: z
      .number({ error: BOOKS_MESSAGES.pageSizeInvalid })
      .int(BOOKS_MESSAGES.pageSizeInvalid)
      .min(1, BOOKS_MESSAGES.pageSizeInvalid)
      .max(MAX_TRANSACTION_PAGE, BOOKS_MESSAGES.pageSizeInvalid)
      .default(50),
  }),
);
export type LineTransactionsRequest = z.input<typeof LineTransactionsRequestSchema>;

export const LedgerTransactionSchema = lazy(() =>
  z.object({
    id: z.string(),
    /** The Europe/London day. */
    date: z.string(),
    description: z.string(),
    counterparty: z.string().nullable(),
    /** Pounds as paid, VAT included, signed as the line shows it (a sale +, an expense +, a refund −). */
    amount: z.number(),
    /** The VAT in that amount, in pounds, signed the same way (0 for a business that is not VAT-registered). */
    vat: z.number().nullable(),
    category: z.string(),
    provider: z.string(),
    /** Moved by the owner (by hand or by one of their rules). */
    corrected: z.boolean(),
    /** Whether the owner may move it (bank lines that are not card payouts). */
    correctable: z.boolean(),
  }),
);
export type LedgerTransaction = z.infer<typeof LedgerTransactionSchema>;

export const LineTransactionsResponseSchema = lazy(() =>
  z.object({
    transactions: z.array(LedgerTransactionSchema),
    /** Transactions matching the search, over every page. */
    total_count: z.number().int(),
    /** Their sum in pounds net of VAT, signed as the line shows it: the report line's own figure. */
    total_amount: z.number(),
    /** The VAT those transactions carry, in pounds (0 for a business that is not VAT-registered). */
    total_vat: z.number(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
export type LineTransactionsResponse = z.infer<typeof LineTransactionsResponseSchema>;

export const TransactionRefSchema = lazy(() => z.object({ transaction_id: uuid(BOOKS_MESSAGES.transactionInvalid) }));

/** What the correction dialog offers for one transaction. */
export const CorrectionOptionsResponseSchema = lazy(() =>
  z.object({
    category: z.string(),
    correctable: z.boolean(),
    /** Categories the transaction may move to (its direction's), in the rule table's order. */
    categories: z.array(z.string()),
    /**
     * Same counterparty and direction, this one included; for a sold item, every sale of an item of the same name.
     * Null for a transaction without a counterparty.
     */
    similar: z.object({ counterparty: z.string(), count: z.number().int() }).nullable(),
    /** A sold item moves between sales categories; a bank line between the rule table's. */
    kind: z.enum(['bank_line', 'item']).optional(),
  }),
);

export const CorrectTransactionRequestSchema = lazy(() =>
  TransactionRefSchema.extend({
    category: z.string({ error: BOOKS_MESSAGES.categoryInvalid }).min(1, BOOKS_MESSAGES.categoryInvalid).max(200),
    apply_to_similar: z.boolean().default(false),
  }),
);
export type CorrectTransactionRequest = z.input<typeof CorrectTransactionRequestSchema>;

export const CorrectTransactionResponseSchema = lazy(() =>
  z.object({
    message: z.string(),
    /** Transactions moved by this correction (1, or every similar one). */
    moved: z.number().int(),
    rule_id: z.string().nullable(),
  }),
);

export const CategoryRuleSchema = lazy(() =>
  z.object({
    id: z.string(),
    /** The bank's counterparty, or the sold item's name for an `item` rule. */
    counterparty: z.string(),
    /** A bank line paid out or in, or a sold item (every sale of that item; docs/finance.md, "What was sold"). */
    direction: z.enum(['debit', 'credit', 'item']),
    category: z.string(),
    /** Transactions the rule moved that still follow it. */
    transactions: z.number().int(),
    created_at: z.string(),
  }),
);
export type CategoryRule = z.infer<typeof CategoryRuleSchema>;
export const CategoryRulesResponseSchema = lazy(() => z.object({ rules: z.array(CategoryRuleSchema) }));

export const RemoveRuleRequestSchema = lazy(() =>
  z.object({
    rule_id: uuid(BOOKS_MESSAGES.ruleInvalid),
    /** Put the transactions the rule moved back where the books had them. */
    restore: z.boolean({ error: 'Restore must be true or false' }),
  }),
);
export const RemoveRuleResponseSchema = lazy(() => z.object({ message: z.string(), restored: z.number().int() }));

/** The years the Reports screen offers: this year and every earlier year with transactions, newest first. */
export const ReportYearsResponseSchema = lazy(() => z.object({ years: z.array(z.number().int()) }));
