import type { ExpensesMode, HmrcExpenseCategory, QuarterType } from '@brade/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../accounts/tables.js';
import { ledgerTransactions } from '../../ledger/tables.js';

/**
 * A sole trader's Income Tax details (docs/finance.md, "Income Tax"): their National Insurance number, the quarter
 * type, how expenses are sent, the HMRC business these books belong to, and their qualifying income when the books
 * cannot tell it. No row: nothing said yet (standard quarters, expenses by category).
 */
export const incomeTaxSettings = pgTable('income_tax_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nino: text('nino'),
  quarterType: text('quarter_type').$type<QuarterType>().notNull().default('standard'),
  expenses: text('expenses').$type<ExpensesMode>().notNull().default('itemised'),
  businessId: text('business_id'),
  tradingName: text('trading_name'),
  qualifyingIncomePence: bigint('qualifying_income_pence', { mode: 'number' }),
  qualifyingIncomeTaxYear: text('qualifying_income_tax_year'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The owner's own placing of one of their expense categories under an HMRC category (overrides the mapping). */
export const incomeTaxCategoryMap = pgTable(
  'income_tax_category_map',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    hmrcCategory: text('hmrc_category').$type<HmrcExpenseCategory>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * The part of an expense the owner marked as not allowable for tax (the owner's own drawings paid as wages, the
 * private share of a bill), in pence net of VAT; it goes with the row to whatever category the row is in.
 */
export const incomeTaxDisallowable = pgTable(
  'income_tax_disallowable',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPence: bigint('amount_pence', { mode: 'number' }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('income_tax_disallowable_owner_idx').on(t.userId)],
);

/** The cumulative summary Brade sent, as sent (HMRC's request body), and what HMRC held when read back. */
export interface SentSummary {
  periodDates: { periodStartDate: string; periodEndDate: string };
  periodIncome: Record<string, number>;
  periodExpenses: Record<string, number>;
  periodDisallowableExpenses?: Record<string, number>;
}

export type UpdateState = 'sending' | 'sent' | 'failed';

/**
 * Each quarterly update Brade sent or tried to send (docs/hmrc.md, "Income Tax"). At most one per owner and tax year
 * is `sending` at a time (the partial unique index), so two tabs or instances do not send at once; one whose lease
 * ran out (its process died) may be taken over. The latest `sent` row of a period is what "changed since sent"
 * compares the books with.
 */
export const incomeTaxUpdates = pgTable(
  'income_tax_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nino: text('nino').notNull(),
    businessId: text('business_id').notNull(),
    taxYear: text('tax_year').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    expenses: text('expenses').$type<ExpensesMode>().notNull(),
    state: text('state').$type<UpdateState>().notNull(),
    summary: jsonb('summary').$type<SentSummary>().notNull(),
    hmrcHolds: jsonb('hmrc_holds').$type<SentSummary>(),
    correlationId: text('correlation_id'),
    errorCode: text('error_code'),
    error: text('error'),
    /** Sent to the local simulator (the page's "Sandbox" badge). */
    sandbox: boolean('sandbox').notNull().default(false),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('income_tax_updates_one_sending').on(t.userId, t.taxYear).where(sql`${t.state} = 'sending'`),
    index('income_tax_updates_owner_idx').on(t.userId, t.periodEnd),
  ],
);

/**
 * The owner's obligations as HMRC last gave them, replaced at each read: the reminders and the Monthly Summary read
 * them without calling HMRC (a call needs the owner's browser for its fraud-prevention headers).
 */
export const incomeTaxObligations = pgTable(
  'income_tax_obligations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: text('business_id').notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    due: date('due', { mode: 'string' }).notNull(),
    status: text('status').$type<'open' | 'fulfilled'>().notNull(),
    received: date('received', { mode: 'string' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessId, t.end] })],
);

/** "Quarterly update due by …" reminders sent: one per owner and period end (the insert is the claim). */
export const quarterlyUpdateReminders = pgTable(
  'quarterly_update_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodEnd] })],
);
