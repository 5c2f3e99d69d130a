import type { Source } from '@brade/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * What a row is to the books (docs/finance.md): `voucher_redemption` is a service paid with a gift voucher sold
 * earlier (no money moves, so no figure counts it); `owner_money` is drawings, the owner's savings, money the owner
 * puts in and the owner's Self Assessment; `loan` is a loan's principal, in or out; `vat_settlement` is VAT paid to
 * or repaid by HMRC; `corporation_tax` sits below net income.
 */
export const LEDGER_KINDS = [
  'sale',
  'refund',
  'fee',
  'payout',
  'expense',
  'other_income',
  'transfer',
  'voucher_redemption',
  'owner_money',
  'loan',
  'vat_settlement',
  'corporation_tax',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type LedgerProvider = Source;
/** What a card sale paid for, when the provider's data says (docs/finance.md): null is an ordinary sale. */
export const SALE_PURPOSES = ['deposit', 'voucher_sale', 'voucher_redemption'] as const;
export type SalePurpose = (typeof SALE_PURPOSES)[number];

/**
 * The rows client identity is made of (docs/finance.md, "Clients"): a processor's sales and services paid by
 * voucher. Written as plain SQL so the partial indexes below and the queries of ledger/clients.ts match it.
 */
export const CLIENT_ROW = sql.raw(`provider <> 'bank' and kind in ('sale', 'voucher_redemption')`);

/**
 * Every imported transaction, signed from the owner's point of view (money in +, money out -), in pence.
 * `kind` is decided by ledger/classify.ts alone; `local_date` is the Europe/London day every figure groups by.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<LedgerProvider>().notNull(),
    externalId: text('external_id').notNull(),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    counterparty: text('counterparty'),
    clientKey: text('client_key'),
    category: text('category').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** On a bank credit that is a card processor's payout: which processor (decides transfer vs sales, payouts.ts). */
    payoutProcessor: text('payout_processor'),
    /** A processor payout and the bank credit it became point at each other once matched (ledger/reconcile.ts). */
    reconciledWith: uuid('reconciled_with'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /** The connection and the import run that last wrote the row (null for rows not imported by a sync run). */
    connectionId: uuid('connection_id'),
    syncRunId: uuid('sync_run_id'),
    /**
     * Who paid, as keyed hashes (HMAC-SHA256 with CLIENT_KEY, never the clear value; ledger/payer-keys.ts):
     * the processor's customer id, the card fingerprint (both scoped to the processor) and the payer's e-mail
     * (normalised, not scoped: it links one person across processors).
     */
    payerCustomerKey: text('payer_customer_key'),
    payerCardKey: text('payer_card_key'),
    payerEmailKey: text('payer_email_key'),
    salePurpose: text('sale_purpose').$type<SalePurpose>(),
    /**
     * The VAT in the row (docs/finance.md, "VAT"), signed like the amount, and its rate in basis points (2000 = 20 %;
     * the flat rate for a Flat Rate Scheme sale). Derived by ledger/vat-rows.ts alone; 0 when not registered.
     */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    vatPence: bigint('vat_pence', { mode: 'number' }).notNull().default(0),
    /**
     * The person who paid, across processors (ledger/clients.ts, docs/finance.md "Clients"): recomputed from the
     * payer keys after every import; null on rows that are not a processor's sale or voucher-paid service.
     */
    clientId: text('client_id'),
    /**
     * The processor's id of the team member who took a card payment (Square's `team_member_id`), named in
     * `ledger_team_members`; null where the processor does not say (docs/finance.md, "Who sold it").
     */
    teamMemberId: text('team_member_id'),
  },
  (t) => [
    uniqueIndex('ledger_owner_provider_external_key').on(t.userId, t.provider, t.externalId),
    // Every dashboard and report query filters by owner and day range and sums by kind: this index answers
    // them without touching the table.
    index('ledger_owner_day_kind_idx').on(t.userId, t.localDate, t.kind, t.amountPence, t.vatPence, t.clientKey),
    // Distinct clients of a range of days and each client's visits (ledger/clients.ts, ledger/retention.ts).
    index('ledger_owner_client_days_idx')
      .on(t.userId, t.localDate, t.clientId, t.kind, t.salePurpose)
      .where(sql`${t.clientId} is not null`),
    index('ledger_owner_payouts_idx').on(t.userId, t.payoutProcessor).where(sql`${t.payoutProcessor} is not null`),
    // The first and last day of each processor's rows, read at both ends of the index after every import
    // (ledger/payouts.ts) instead of scanning the owner's rows.
    index('ledger_owner_provider_day_idx').on(t.userId, t.provider, t.localDate),
    // An import finds the groups its payers already belong to by their keys, one probe a key, and rewrites a group
    // that merges with another by its id (ledger/clients.ts); only the rows client identity reads are indexed.
    index('ledger_owner_payer_customer_idx')
      .on(t.userId, t.payerCustomerKey)
      .where(sql`${t.payerCustomerKey} is not null and ${CLIENT_ROW}`),
    index('ledger_owner_payer_card_idx')
      .on(t.userId, t.payerCardKey)
      .where(sql`${t.payerCardKey} is not null and ${t.payerCustomerKey} is null and ${CLIENT_ROW}`),
    index('ledger_owner_payer_email_idx')
      .on(t.userId, t.payerEmailKey)
      .where(sql`${t.payerEmailKey} is not null and ${CLIENT_ROW}`),
    index('ledger_owner_client_idx').on(t.userId, t.clientId).where(sql`${t.clientId} is not null`),
    // Client rows whose group was never worked out (imported before client identity): their owner's next import
    // recomputes every group once. Empty in steady state, so it costs nothing to keep.
    index('ledger_owner_clientless_rows_idx').on(t.userId).where(sql`${t.clientId} is null and ${CLIENT_ROW}`),
  ],
);

/**
 * Revenue and expenses per owner and Europe/London day, rebuilt by the import for the days it touches (in the
 * same transaction): monthly and month-to-date figures add up at most a year of these rows instead of every
 * transaction (bench/dashboard-calls.mjs measures the difference).
 */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** Sales less refunds: the spec's revenue figures. */
    revenuePence: bigint('revenue_pence', { mode: 'number' }).notNull(),
    otherIncomePence: bigint('other_income_pence', { mode: 'number' }).notNull().default(0),
    expensesPence: bigint('expenses_pence', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

export const RULE_DIRECTIONS = ['debit', 'credit'] as const;
export type RuleDirection = (typeof RULE_DIRECTIONS)[number];

/**
 * The owner's own rules (docs/finance.md, "The owner's corrections"): a bank line from this counterparty (upper
 * case, spaces squeezed) in this direction goes to this category. The import applies them after the rule table.
 */
export const ledgerCategoryRules = pgTable(
  'ledger_category_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    counterpartyKey: text('counterparty_key').notNull(),
    /** The counterparty as the owner saw it when making the rule. */
    counterparty: text('counterparty').notNull(),
    direction: text('direction').$type<RuleDirection>().notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_rules_owner_counterparty_key').on(t.userId, t.counterpartyKey, t.direction)],
);

/**
 * One row per transaction the owner moved (by hand, or by a rule: `rule_id`), with what the books had decided, so
 * a re-import keeps the owner's category and a removed rule can put its rows back. The import refreshes
 * `original_*` with what it decides each time and then applies the correction.
 */
export const ledgerCorrections = pgTable(
  'ledger_corrections',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    originalCategory: text('original_category').notNull(),
    originalKind: text('original_kind').$type<LedgerKind>().notNull(),
    ruleId: uuid('rule_id').references(() => ledgerCategoryRules.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_corrections_rule_idx').on(t.ruleId), index('ledger_corrections_owner_idx').on(t.userId)],
);

/**
 * What a card sale paid for, line by line, as its processor says (docs/finance.md, "What was sold"): Square's order
 * line items, SumUp's products, the service a Stripe charge's metadata names. Rewritten with its sale on every import
 * (upserted by position, so the owner's move of one item stays). A line without a name (a till amount keyed without
 * an item) has no category: its share is the processor's "without item detail" line. `amount_pence` is what the
 * provider gave for the line; the reports share the sale's own amount (and its VAT) over the lines in proportion.
 */
export const ledgerSaleItems = pgTable(
  'ledger_sale_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The sale's Europe/London day, so a range of days reads its items by one index. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    name: text('name'),
    variation: text('variation'),
    /** The name as items are grouped and matched (ledger/service-catalogue.ts itemKeyOf). */
    itemKey: text('item_key'),
    quantity: integer('quantity').notNull().default(1),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    /** The service catalogue's category (its key), decided at import; null for a line without a name. */
    category: text('category'),
    /** The owner moved this one item to this category (docs/finance.md, "The owner's corrections"). */
    ownerCategory: text('owner_category'),
  },
  (t) => [
    uniqueIndex('ledger_sale_items_line_key').on(t.transactionId, t.position),
    index('ledger_sale_items_owner_day_idx').on(t.userId, t.localDate),
    index('ledger_sale_items_owner_item_idx').on(t.userId, t.itemKey),
  ],
);

/**
 * The owner's rules for sold items: every item of this name (its key) goes to this category, past and future, unless
 * the owner moved that one item by hand. Removing one puts the items back where the catalogue has them.
 */
export const ledgerItemRules = pgTable(
  'ledger_item_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    /** The item's name as the owner saw it when making the rule. */
    itemName: text('item_name').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_item_rules_owner_item_key').on(t.userId, t.itemKey)],
);

/** The owner's own name for a sales category (its key); the catalogue's name where there is none. */
export const ledgerCategoryNames = pgTable(
  'ledger_category_names',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    name: text('name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * The team members a processor's directory names (Square's Team API), as last read by an import: the team breakdown
 * shows their names beside the sales their ids carry (docs/finance.md, "Who sold it").
 */
export const ledgerTeamMembers = pgTable(
  'ledger_team_members',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<LedgerProvider>().notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider, t.externalId] })],
);
