import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Reading } from './reading.js';
import { assistantConversations, type RememberedTurn } from './tables.js';

/** How long BradeBot remembers a conversation after its last turn (docs/assistant.md, "Memory"). */
export const MEMORY_MINUTES = 30;
/** How many turns it keeps. */
export const MEMORY_TURNS = 6;

export interface Conversation {
  turns: RememberedTurn[];
  lastIntent: Reading | null;
}

const cutoff = (now: Date) => new Date(now.getTime() - MEMORY_MINUTES * 60_000);

/** The session's conversation, or an empty one when it has none or its last turn is over 30 minutes old. */
export async function loadConversation(db: Db, sessionId: string, userId: string, now: Date): Promise<Conversation> {
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.sessionId, sessionId),
        eq(assistantConversations.userId, userId),
        gt(assistantConversations.updatedAt, cutoff(now)),
      ),
    );
  return row
    ? { turns: row.turns, lastIntent: (row.lastIntent as Reading | null) ?? null }
    : { turns: [], lastIntent: null };
}

/** Adds a turn (keeping the last few) and forgets every conversation whose last turn is over 30 minutes old. */
export async function rememberTurn(
  db: Db,
  who: { sessionId: string; userId: string },
  before: Conversation,
  turn: RememberedTurn,
  intent: Reading | null,
  now: Date,
): Promise<void> {
  const turns = [...before.turns, turn].slice(-MEMORY_TURNS);
  const values = { turns, lastIntent: intent ?? before.lastIntent, updatedAt: now };
  await db
    .insert(assistantConversations)
    .values({ sessionId: who.sessionId, userId: who.userId, ...values })
    .onConflictDoUpdate({ target: assistantConversations.sessionId, set: values });
  await db.delete(assistantConversations).where(lt(assistantConversations.updatedAt, cutoff(now)));
}
