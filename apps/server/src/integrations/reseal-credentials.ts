import { and, eq, gt, isNotNull, notLike } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { connectAttempts, connections } from './tables.js';
import type { TokenCipher } from './token-cipher.js';

export interface SealedRow {
  id: string;
  userId: string;
  envelope: string | null;
}

/**
 * One column holding token-cipher.ts envelopes: the table name its rows are bound to, how to read and write it.
 * Another domain that seals with the same cipher (hmrc/) hands its own column to the job.
 */
export interface SealedColumn {
  table: string;
  /** Up to `limit` rows after `afterId` (by id) whose envelope is not under the current key. */
  stale(db: Db, currentPrefix: string, afterId: string, limit: number): Promise<SealedRow[]>;
  /** Writes `next` only if the row still holds `previous`; says whether it did. */
  replace(db: Db, id: string, previous: string, next: string): Promise<boolean>;
}

const SEALED_COLUMNS: SealedColumn[] = [
  {
    table: 'connections',
    stale: (db, prefix, afterId, limit) =>
      db
        .select({ id: connections.id, userId: connections.userId, envelope: connections.credentials })
        .from(connections)
        .where(
          and(
            isNotNull(connections.credentials),
            notLike(connections.credentials, prefix),
            gt(connections.id, afterId),
          ),
        )
        .orderBy(connections.id)
        .limit(limit),
    replace: async (db, id, previous, next) =>
      (
        await db
          .update(connections)
          .set({ credentials: next })
          .where(and(eq(connections.id, id), eq(connections.credentials, previous)))
          .returning({ id: connections.id })
      ).length > 0,
  },
  {
    table: 'connect_attempts',
    stale: (db, prefix, afterId, limit) =>
      db
        .select({ id: connectAttempts.id, userId: connectAttempts.userId, envelope: connectAttempts.codeVerifier })
        .from(connectAttempts)
        .where(
          and(
            isNotNull(connectAttempts.codeVerifier),
            notLike(connectAttempts.codeVerifier, prefix),
            gt(connectAttempts.id, afterId),
          ),
        )
        .orderBy(connectAttempts.id)
        .limit(limit),
    replace: async (db, id, previous, next) =>
      (
        await db
          .update(connectAttempts)
          .set({ codeVerifier: next })
          .where(and(eq(connectAttempts.id, id), eq(connectAttempts.codeVerifier, previous)))
          .returning({ id: connectAttempts.id })
      ).length > 0,
  },
];

const BATCH = 100;
const BEFORE_EVERY_UUID = '00000000-0000-0000-0000-000000000000';

export interface ResealOutcome {
  /** Envelopes now under the current key. */
  resealed: number;
  /** Envelopes under a key that is configured neither as current nor as retired: left as they were. */
  unreadable: number;
}

/**
 * The key-rotation job (docs/deployment.md, "Rotating keys"): after ENCRYPTION_KEY changes, with the old key in
 * ENCRYPTION_KEYS_RETIRED, every stored secret still sealed with a retired key is decrypted and sealed again
 * under the current one. A row is written only if it still holds the envelope that was read, so a token that an
 * import refreshed meanwhile, or a second instance running the same job, is never overwritten. Once every
 * instance has run it with nothing unreadable, the retired key can leave the configuration.
 */
export async function resealStaleCredentials(
  db: Db,
  cipher: TokenCipher,
  log: Logger,
  otherColumns: readonly SealedColumn[] = [],
): Promise<ResealOutcome> {
  const outcome: ResealOutcome = { resealed: 0, unreadable: 0 };
  const currentPrefix = `v1.${cipher.currentKeyId}.%`;
  for (const column of [...SEALED_COLUMNS, ...otherColumns]) {
    // Rows that cannot be opened stay stale: walking on by id keeps the loop finite.
    let afterId = BEFORE_EVERY_UUID;
    for (;;) {
      const stale = await column.stale(db, currentPrefix, afterId, BATCH);
      for (const row of stale) {
        const binding = { table: column.table, rowId: row.id, userId: row.userId };
        let plaintext: string;
        try {
          plaintext = cipher.decrypt(row.envelope!, binding);
        } catch (error) {
          outcome.unreadable += 1;
          log.error({ err: error, table: column.table, rowId: row.id }, 'stored credentials not re-encrypted');
          continue;
        }
        if (await column.replace(db, row.id, row.envelope!, cipher.encrypt(plaintext, binding))) outcome.resealed += 1;
      }
      if (stale.length < BATCH) break;
      afterId = stale[stale.length - 1]!.id;
    }
  }
  if (outcome.resealed > 0 || outcome.unreadable > 0) {
    log.info({ ...outcome, key: cipher.currentKeyId }, 'stored credentials re-encrypted under the current key');
  }
  return outcome;
}
