import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newOpaqueToken, sha256 } from './secret-hashing.js';
import { oneTimeCodes } from './tables.js';

export const RECOVERY_LINK_MINUTES = 30;

/** Only the newest reset link of an owner works: issuing one retires the others. */
async function retireLiveLinks(db: Db, userId: string): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'recovery'), isNull(oneTimeCodes.consumedAt)));
}

/** A password-reset link token: 256 random bits, single use, 30 minutes. Earlier links die. */
export async function issueRecoveryToken(db: Db, userId: string): Promise<string> {
  const token = newOpaqueToken();
  await retireLiveLinks(db, userId);
  await db.insert(oneTimeCodes).values({
    userId,
    purpose: 'recovery',
    codeHash: sha256(token),
    expiresAt: new Date(Date.now() + RECOVERY_LINK_MINUTES * 60_000),
  });
  return token;
}

/** Consumes a reset-link token; returns its owner, or null when unknown, used or expired. */
export async function consumeRecoveryToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.codeHash, sha256(token)),
        eq(oneTimeCodes.purpose, 'recovery'),
        isNull(oneTimeCodes.consumedAt),
        sql`${oneTimeCodes.expiresAt} > now()`,
      ),
    )
    .returning({ userId: oneTimeCodes.userId });
  return row?.userId ?? null;
}
