import type { VatScheme, VatStagger, VatTreatment } from '@brade/contract';
import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * The owner's goals, once saved; no row means the owner never chose any, and the screens show suggested goals
 * (ledger/goals-in-effect.ts).
 */
export const financialGoals = pgTable('financial_goals', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  marginGoal: integer('margin_goal').notNull(),
  revenueTarget: integer('revenue_target').notNull(),
  retentionRate: integer('retention_rate').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The owner's notification choices; no row means every notification is on (DEFAULT_NOTIFICATION_SETTINGS). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  monthlySummary: boolean('monthly_summary').notNull(),
  actionRequired: boolean('action_required').notNull(),
  emailNotifications: boolean('email_notifications').notNull(),
  /** "VAT return due in 7 days" (docs/hmrc.md, "Reminders"). */
  vatReturnDue: boolean('vat_return_due').notNull().default(true),
  quarterlyUpdateDue: boolean('quarterly_update_due').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The business's VAT settings (docs/finance.md, "VAT"); no row means not registered. The flat rate is in basis
 * points (1300 = 13 %).
 */
export const vatSettings = pgTable('vat_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  scheme: text('scheme').$type<VatScheme>().notNull(),
  flatRateBp: integer('flat_rate_bp'),
  registeredFrom: date('registered_from', { mode: 'string' }),
  stagger: text('stagger').$type<VatStagger>().notNull(),
  /** The VAT registration number, nine digits (docs/hmrc.md, "The VAT number"). */
  vrn: text('vrn'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The owner's own VAT rate of a category, from the day it takes effect (the UK default before it). */
export const vatCategoryRates = pgTable(
  'vat_category_rates',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    treatment: text('treatment').$type<VatTreatment>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category, t.effectiveFrom] })],
);
