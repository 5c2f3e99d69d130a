import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { sessions } from '../auth/tables.js';

/** One turn BradeBot remembers: the question, the reply and what the question asked (for follow-ups). */
export interface RememberedTurn {
  question: string;
  reply: string;
}

/**
 * BradeBot's memory of a conversation (docs/assistant.md, "Memory"), keyed by the auth session that asked, so
 * visitors of the shared demo account never see each other's: the last few turns and the last question's reading.
 * Forgotten 30 minutes after its last turn, and with its session.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    turns: jsonb('turns').$type<RememberedTurn[]>().notNull(),
    /** The analyst's reading of the last question (assistant/reading.ts `Reading`), or null. */
    lastIntent: jsonb('last_intent'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('assistant_conversations_updated_idx').on(t.updatedAt)],
);
