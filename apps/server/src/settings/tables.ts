import { boolean, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/** The owner's goals; no row means the defaults (8 %, £6,000, 15 %). */
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
