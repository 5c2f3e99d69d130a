import type { Source } from '@brade/contract';
import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    uniqueIndex('ledger_owner_provider_external_key').on(t.userId, t.provider, t.externalId),
    // Every dashboard and report query filters by owner and day range and sums by kind: this index answers
    // them without touching the table.
    index('ledger_owner_day_kind_idx').on(t.userId, t.localDate, t.kind, t.amountPence, t.clientKey),
    // Distinct clients of a range of days, read from the index alone.
    index('ledger_owner_sale_clients_idx').on(t.userId, t.localDate, t.clientKey).where(sql`${t.kind} = 'sale'`),
    index('ledger_owner_payouts_idx').on(t.userId, t.payoutProcessor).where(sql`${t.payoutProcessor} is not null`),
    // The first and last day of each processor's rows, read at both ends of the index after every import
    // (ledger/payouts.ts) instead of scanning the owner's rows.
    index('ledger_owner_provider_day_idx').on(t.userId, t.provider, t.localDate),
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
