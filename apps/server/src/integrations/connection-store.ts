import { type AccessTokensResponse, BANK_PROCESSOR, type ConnectionSummary, processorOf } from '@brade/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { OpenBankingProviderId } from './open-banking/open-banking-provider.js';
import { type ConnectionProvider, connections } from './tables.js';
import type { TokenCipher } from './token-cipher.js';

export type ConnectionRow = typeof connections.$inferSelect;
const TABLE = 'connections';

/** The API speaks of the bank by its open-banking processor's name (docs/product.md, "The calls": gocardless/*). */
export { processorOf, sourceOf as providerOf } from '@brade/contract';

export function readCredentials<T>(cipher: TokenCipher, row: ConnectionRow): T | null {
  if (!row.credentials) return null;
  return JSON.parse(cipher.decrypt(row.credentials, { table: TABLE, rowId: row.id, userId: row.userId })) as T;
}

export function sealCredentials(cipher: TokenCipher, row: Pick<ConnectionRow, 'id' | 'userId'>, value: unknown) {
  return cipher.encrypt(JSON.stringify(value), { table: TABLE, rowId: row.id, userId: row.userId });
}

/**
 * A new or renewed link: credentials sealed to the row, the cursor reset unless the caller carries one over (a
 * renewed bank consent continues where the last one stopped), and an import due now. Imported history stays;
 * upserts absorb the overlap.
 */
export async function saveConnection(
  db: Db,
  cipher: TokenCipher,
  input: {
    userId: string;
    provider: ConnectionProvider;
    credentials: unknown;
    accountId: string;
    sandbox: boolean;
    now: Date;
    institutionId?: string | null;
    institutionName?: string | null;
    consentExpiresAt?: Date | null;
    bankProvider?: OpenBankingProviderId | null;
    syncCursor?: Record<string, unknown> | null;
  },
): Promise<ConnectionRow> {
  return db.transaction(async (tx) => {
    const fields = {
      status: 'connected' as const,
      connectedAt: input.now,
      updatedAt: input.now,
      credentials: null,
      accountId: input.accountId,
      institutionId: input.institutionId ?? null,
      institutionName: input.institutionName ?? null,
      consentExpiresAt: input.consentExpiresAt ?? null,
      bankProvider: input.bankProvider ?? null,
      sandbox: input.sandbox,
      syncCursor: input.syncCursor ?? null,
      syncState: 'queued' as const,
      syncImported: 0,
      syncQueuedAt: input.now,
      syncLeaseUntil: null,
      syncRunId: null,
      consentReminderSentAt: null,
      nextSyncAt: input.now,
      lastError: null,
      lastErrorAt: null,
    };
    const [row] = await tx
      .insert(connections)
      .values({ userId: input.userId, provider: input.provider, ...fields })
      .onConflictDoUpdate({ target: [connections.userId, connections.provider], set: fields })
      .returning();
    const credentials = sealCredentials(cipher, row!, input.credentials);
    await tx.update(connections).set({ credentials }).where(eq(connections.id, row!.id));
    return { ...row!, credentials };
  });
}

export async function findConnection(
  db: Db,
  userId: string,
  provider: ConnectionProvider,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.userId, userId), eq(connections.provider, provider)));
  return row;
}

export async function connectionById(db: Db, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id));
  return row;
}

export async function listConnections(db: Db, userId: string): Promise<ConnectionRow[]> {
  return db.select().from(connections).where(eq(connections.userId, userId)).orderBy(connections.provider);
}

/** Disconnecting forgets the credentials and stops imports; the ledger keeps what was imported. */
export async function markDisconnected(db: Db, id: string, now: Date): Promise<ConnectionRow> {
  const [row] = await db
    .update(connections)
    .set({
      status: 'disconnected',
      credentials: null,
      syncCursor: null,
      syncState: 'idle',
      syncLeaseUntil: null,
      syncRunId: null,
      nextSyncAt: null,
      lastError: null,
      lastErrorAt: null,
      updatedAt: now,
    })
    .where(eq(connections.id, id))
    .returning();
  return row!;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function summaryOf(row: ConnectionRow): ConnectionSummary {
  return {
    processor: processorOf(row.provider),
    status: row.status,
    sandbox: row.sandbox,
    since: row.status === 'disconnected' ? null : iso(row.connectedAt),
    last_sync: iso(row.lastSyncedAt),
    next_sync: row.status === 'connected' ? iso(row.nextSyncAt) : null,
    sync: { state: row.syncState, imported: row.syncImported, last_error: row.lastError },
    history: {
      from: iso(row.historyFrom),
      complete: row.lastSyncedAt !== null && row.backfillUntil === null,
      recent_from: iso(row.backfillUntil),
    },
    consent_expires_at: iso(row.consentExpiresAt),
    institution: row.institutionName,
    institution_id: row.institutionId,
  };
}

/** The two maps of docs/product.md ("What the app keeps"): the card processors' connections under sales, the bank's under expenses. */
export function accessTokenMaps(rows: ConnectionRow[]): AccessTokensResponse {
  const answer: AccessTokensResponse = { sales_access_tokens: {}, expenses_access_tokens: {} };
  for (const row of rows) {
    const summary = summaryOf(row);
    if (summary.processor === BANK_PROCESSOR) answer.expenses_access_tokens[BANK_PROCESSOR] = summary;
    else answer.sales_access_tokens[summary.processor] = summary;
  }
  return answer;
}
