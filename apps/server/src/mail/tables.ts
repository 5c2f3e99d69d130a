import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MailAttachment } from './templates.js';

/** Every e-mail is written here first and delivered from here, so a crash or an SMTP outage loses none. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html').notNull(),
    /** Files sent with the e-mail (the Monthly Summary's PDF), base64 so the row stays plain JSON. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    status: text('status').$type<'pending' | 'sent' | 'stored' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** When the code or link in the body stops working (null: nothing secret in it). */
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    /** Set once body and attachments are blanked: at once after SMTP delivery, at the secret's expiry otherwise. */
    contentRemovedAt: timestamp('content_removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);
