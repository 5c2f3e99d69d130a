import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type ConnectionProvider, connections } from './tables.js';

const CONSENT_NOTICE_MS = 7 * 24 * 60 * 60_000;

export interface ConsentReminderDeps {
  db: Db;
  clock: () => Date;
  notifyActionRequired: (userId: string, provider: ConnectionProvider, words: string) => Promise<void>;
}

/**
 * Once per consent, an Action Required e-mail when the bank consent ends within a week (docs/architecture.md,
 * "E-mails"). Marking the row is the claim: several app instances never send it twice.
 */
export async function remindEndingConsents(deps: ConsentReminderDeps): Promise<void> {
  const now = deps.clock();
  const ending = await deps.db
    .update(connections)
    .set({ consentReminderSentAt: now })
    .where(
      and(
        eq(connections.provider, 'bank'),
        eq(connections.status, 'connected'),
        isNull(connections.consentReminderSentAt),
        gt(connections.consentExpiresAt, now),
        lte(connections.consentExpiresAt, new Date(now.getTime() + CONSENT_NOTICE_MS)),
      ),
    )
    .returning({ userId: connections.userId, endsAt: connections.consentExpiresAt });
  for (const { userId, endsAt } of ending) {
    const day = endsAt!.toLocaleDateString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long' });
    await deps.notifyActionRequired(
      userId,
      'bank',
      `Your bank consent ends on ${day}. Connect your bank again before then to keep importing.`,
    );
  }
}
