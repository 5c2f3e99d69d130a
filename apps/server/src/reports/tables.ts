import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * One row per owner and month whose Monthly Summary was sent: inserting it is the claim, so however many app
 * instances sweep, each summary goes out once (docs/architecture.md, "E-mails").
 */
export const monthlySummaries = pgTable(
  'monthly_summaries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM', the Europe/London month the summary covers. */
    month: text('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
