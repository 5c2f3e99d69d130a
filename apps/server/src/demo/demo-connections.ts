import { addMonths, firstDayOf, londonDateOf, monthOf } from '@brade/contract';
import type { demo } from '@brade/sandbox';
import type { Db } from '../db/client.js';
import { type DemoLink, saveDemoLinks } from '../integrations/demo-links.js';
import type { BankCredentials, StoredCardTokens } from '../integrations/stored-credentials.js';
import type { TokenCipher } from '../integrations/token-cipher.js';
import { clearBooks } from '../ledger/clear-books.js';
import type { DemoSandbox } from '../sandbox/demo-sandbox.js';

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
export function demoHistoryWindow(now: Date, historyMonths: number): { historyFrom: Date; recentFrom: Date } {
  const month = monthOf(londonDateOf(now));
  return {
    historyFrom: startOf(firstDayOf(addMonths(month, -historyMonths))),
    recentFrom: startOf(firstDayOf(addMonths(month, -1))),
  };
}

/**
 * Connects the demo owner to the demo's private simulators, as a real owner's connect flow would have: the
 * credentials sealed like any (token-cipher.ts), an import due now (integrations/demo-links.ts). A connection
 * already there keeps its cursors and history. Books imported before the demo went through the adapters (straight
 * from the generator, with other ids), or through another bank provider than today's, are cleared once and
 * imported again.
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
  const card = (provider: 'stripe' | 'square' | 'sumup'): DemoLink => {
    const c: demo.DemoCardConnection = demoConnections[provider];
    const credentials: StoredCardTokens = {
      accessToken: c.accessToken,
      refreshToken: c.refreshToken,
      accountId: c.accountId,
      expiresAt: null,
      obtainedAt,
    };
    return { provider, accountId: c.accountId, credentials, bank: null };
  };
  const { bank } = demoConnections;
  const bankCredentials: BankCredentials = {
    linkId: bank.linkId,
    accounts: bank.accounts,
  };
  const window = demoHistoryWindow(now, sandbox.historyMonths);
  await saveDemoLinks(db, cipher, {
    userId,
    links: [
      card('stripe'),
      card('square'),
      card('sumup'),
      {
        provider: 'bank',
        accountId: bank.linkId,
        credentials: bankCredentials,
        bank: { institutionId: bank.institutionId, institutionName: bank.institutionName, provider: bank.provider },
      },
    ],
    historyFrom: window.historyFrom,
    backfillUntil: window.recentFrom,
    now,
    clearBooks: (tx) => clearBooks(tx, userId),
  });
}
