import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/** Which providers an owner has linked. Tokens and sync state arrive with the provider adapters. */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'square' | 'sumup' | 'bank'>().notNull(),
    status: text('status').$type<'connected' | 'disconnected'>().notNull().default('connected'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('connections_owner_provider_key').on(t.userId, t.provider)],
);
