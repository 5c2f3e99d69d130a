import type { NineBoxes } from '@brade/contract';
import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/tables.js';

export type VatReturnState = 'submitting' | 'filed' | 'failed';

/** HMRC's receipt for a return it took (its answer's body and headers). */
export interface StoredReceipt {
  processingDate: string;
  formBundleNumber: string;
  paymentIndicator: 'DD' | 'BANK' | null;
  chargeRefNumber: string | null;
  receiptId: string | null;
  receiptTimestamp: string | null;
  correlationId: string | null;
}

/**
 * Each attempt to file a VAT return from Brade (docs/hmrc.md, "Filing safely"): the boxes sent and HMRC's receipt.
 * At most one attempt per owner, VRN and period is `submitting` or `filed` at a time (the partial unique index): a
 * second tab or instance cannot start another. A `submitting` row whose lease ran out (its process died) may be
 * taken over; a `failed` one frees the period for another try.
 */
export const vatReturns = pgTable(
  'vat_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vrn: text('vrn').notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    state: text('state').$type<VatReturnState>().notNull(),
    boxes: jsonb('boxes').$type<NineBoxes>().notNull(),
    receipt: jsonb('receipt').$type<StoredReceipt>(),
    errorCode: text('error_code'),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    filedAt: timestamp('filed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vat_returns_one_per_period_key')
      .on(t.userId, t.vrn, t.periodKey)
      .where(sql`${t.state} in ('submitting', 'filed')`),
    index('vat_returns_owner_idx').on(t.userId, t.periodEnd),
  ],
);

/**
 * The owner's obligations as HMRC last gave them (the VAT view, the reminders and the Monthly Summary read them
 * without calling HMRC), replaced at each read.
 */
export const vatObligations = pgTable(
  'vat_obligations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vrn: text('vrn').notNull(),
    periodKey: text('period_key').notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    due: date('due', { mode: 'string' }).notNull(),
    status: text('status').$type<'O' | 'F'>().notNull(),
    received: date('received', { mode: 'string' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vrn, t.periodKey] })],
);

/** "VAT return due in 7 days" reminders sent: one per owner and period (the insert is the claim). */
export const vatReturnReminders = pgTable(
  'vat_return_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodEnd] })],
);
