import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

export type HmrcConnectionStatus = 'connected' | 'needs_reconnect';

/**
 * The owner's grant of authority at HMRC (docs/hmrc.md, "Connecting"): one row per owner, the tokens sealed by the
 * token cipher (integrations/token-cipher.ts), the scopes HMRC granted and when its 18 months run out. A refresh is
 * made by one request at a time, the one holding `refresh_lease_until` (HMRC's refresh tokens work once).
 */
export const hmrcConnections = pgTable(
  'hmrc_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<HmrcConnectionStatus>().notNull(),
    /** Sealed JSON {accessToken, refreshToken, accessExpiresAt}; null once HMRC refused it. */
    credentials: text('credentials'),
    scopes: text('scopes').array().notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    /** The grant's 18 months: refresh tokens stop working then, however often renewed. */
    renewUntil: timestamp('renew_until', { withTimezone: true }).notNull(),
    /** Served by the local simulator (the UI's "Sandbox" badge). */
    sandbox: boolean('sandbox').notNull().default(false),
    problem: text('problem'),
    refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hmrc_connections_owner_key').on(t.userId)],
);

/**
 * Who did what with HMRC and when (docs/hmrc.md, "Audit"): connecting, disconnecting, every return filed or refused,
 * with the session and address it came from. Never updated; kept while the account lives.
 */
export const hmrcAuditLog = pgTable(
  'hmrc_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    sessionId: uuid('session_id'),
    clientIp: text('client_ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('hmrc_audit_owner_idx').on(t.userId, t.at)],
);
