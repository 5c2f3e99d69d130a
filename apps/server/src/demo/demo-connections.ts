import { addMonths, firstDayOf, londonDateOf, monthOf } from '@brade/contract';
import { demo } from '@brade/sandbox';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sealCredentials } from '../integrations/connection-store.js';
import type { StoredCardTokens } from '../integrations/sync/run-sync.js';
import type { BankCredentials } from '../integrations/sync/sync-bank.js';
import { bankBalances, type ConnectionProvider, connections } from '../integrations/tables.js';
import type { TokenCipher } from '../integrations/token-cipher.js';
import { ledgerDailyTotals, ledgerTransactions } from '../ledger/tables.js';
import type { DemoSandbox } from './demo-sandbox.js';

/** The instant a London day starts: midnight GMT, or 23:00 UTC the day before in summer time. */
function startOf(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const anHourEarlier = new Date(utcMidnight - 3_600_000);
  return londonDateOf(anHourEarlier) === day ? anHourEarlier : new Date(utcMidnight);
}

/**
 * The demo's history window: from the first of the month DEMO_HISTORY_MONTHS before this one; the current and the
 * previous month come first, the older months after them (docs/sandbox.md).
 */
export function demoHistoryWindow(now: Date): { historyFrom: Date; recentFrom: Date } {
  const month = monthOf(londonDateOf(now));
  return {
    historyFrom: startOf(firstDayOf(addMonths(month, -demo.DEMO_HISTORY_MONTHS))),
    recentFrom: startOf(firstDayOf(addMonths(month, -1))),
  };
}

/**
 * Connects the demo owner to the demo's private simulators, as a real owner's connect flow would have: the
 * credentials sealed like any (token-cipher.ts), an import due now. A connection already there keeps its cursors
 * and history; its credentials are sealed again each start, so a broken or rotated copy heals. Books imported
 * before the demo went through the adapters (straight from the generator, with other ids), or through another
 * bank provider than today's, are cleared once and imported again.
 */
export async function ensureDemoConnections(
  db: Db,
  cipher: TokenCipher,
  userId: string,
  sandbox: DemoSandbox,
  now: Date,
): Promise<void> {
  const { connections: demoConnections } = sandbox;
  const obtainedAt = now.toISOString();
  const card = (c: demo.DemoCardConnection): StoredCardTokens => ({
    accessToken: c.accessToken,
    refreshToken: c.refreshToken,
    accountId: c.accountId,
    expiresAt: null,
    obtainedAt,
  });
  const bank: BankCredentials = {
    linkId: demoConnections.bank.linkId,
    accounts: demoConnections.bank.accounts,
  };
  const wanted: Array<{ provider: ConnectionProvider; accountId: string; credentials: unknown }> = [
    { provider: 'stripe', accountId: demoConnections.stripe.accountId, credentials: card(demoConnections.stripe) },
    { provider: 'square', accountId: demoConnections.square.accountId, credentials: card(demoConnections.square) },
    { provider: 'sumup', accountId: demoConnections.sumup.accountId, credentials: card(demoConnections.sumup) },
    { provider: 'bank', accountId: demoConnections.bank.linkId, credentials: bank },
  ];
  const window = demoHistoryWindow(now);
  await db.transaction(async (tx) => {
    let existing = await tx.select().from(connections).where(eq(connections.userId, userId));
    // Books imported straight from the generator (other ids), or a bank now served by another provider (its rows'
    // keys differ, so they would count twice): start the books again from the simulators.
    const bankMoved = existing.some(
      (row) => row.provider === 'bank' && row.demo && row.bankProvider !== demoConnections.bank.provider,
    );
    if (existing.some((row) => !row.demo) || bankMoved) {
      await tx.delete(ledgerTransactions).where(eq(ledgerTransactions.userId, userId));
      await tx.delete(ledgerDailyTotals).where(eq(ledgerDailyTotals.userId, userId));
      await tx.delete(bankBalances).where(eq(bankBalances.userId, userId));
      await tx.delete(connections).where(eq(connections.userId, userId));
      existing = [];
    }
    for (const { provider, accountId, credentials } of wanted) {
      const kept = existing.find((row) => row.provider === provider && row.demo && row.accountId === accountId);
      const [row] = kept
        ? await tx
            .update(connections)
            .set({ status: 'connected', updatedAt: now })
            .where(eq(connections.id, kept.id))
            .returning()
        : await tx
            .insert(connections)
            .values({
              userId,
              provider,
              demo: true,
              sandbox: true,
              accountId,
              connectedAt: now,
              updatedAt: now,
              institutionId: provider === 'bank' ? demoConnections.bank.institutionId : null,
              institutionName: provider === 'bank' ? demoConnections.bank.institutionName : null,
              bankProvider: provider === 'bank' ? demoConnections.bank.provider : null,
              historyFrom: window.historyFrom,
              backfillUntil: window.recentFrom,
              // Due now: the scheduler's first sweep (as the server starts listening) claims it.
              syncState: 'idle',
              nextSyncAt: now,
            })
            .onConflictDoUpdate({
              target: [connections.userId, connections.provider],
              set: {
                demo: true,
                accountId,
                syncCursor: null,
                backfillCursor: null,
                syncState: 'idle',
                nextSyncAt: now,
              },
            })
            .returning();
      await tx
        .update(connections)
        .set({ credentials: sealCredentials(cipher, row!, credentials) })
        .where(eq(connections.id, row!.id));
    }
  });
  // A start after a long pause: the hourly schedule has lapsed, so bring the books up to now at once.
  await db
    .update(connections)
    .set({ nextSyncAt: sql`least(${connections.nextSyncAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(connections.userId, userId), eq(connections.demo, true)));
}
