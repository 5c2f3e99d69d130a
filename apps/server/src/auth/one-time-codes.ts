import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { hashCode, newOpaqueToken, newSixDigitCode, sameHash, sha256 } from './secret-hashing.js';
import { oneTimeCodes } from './tables.js';

export const CODE_LIFETIME_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_SECONDS = 60;
export const RECOVERY_LINK_MINUTES = 30;

/** Only the newest code or link of a kind works: issuing one retires the others. */
async function retireLiveCodes(db: Db, userId: string, purpose: 'signup' | 'recovery'): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
}

/** Issues a new sign-up code, killing any earlier one: only the newest code works. */
export async function issueSignupCode(db: Db, secret: string, userId: string): Promise<string> {
  const code = newSixDigitCode();
  await retireLiveCodes(db, userId, 'signup');
  await db.insert(oneTimeCodes).values({
    userId,
    purpose: 'signup',
    codeHash: hashCode(secret, userId, code),
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MINUTES * 60_000),
  });
  return code;
}

/** Seconds until another code may be sent (0 when it may be sent now). */
export async function secondsUntilResend(db: Db, userId: string): Promise<number> {
  const [latest] = await db
    .select({
      wait: sql<number>`extract(epoch from (${oneTimeCodes.createdAt} + make_interval(secs => ${RESEND_INTERVAL_SECONDS}) - now()))::float8`,
    })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'signup')))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return latest ? Math.max(0, Math.ceil(Number(latest.wait))) : 0;
}

/**
 * Checks a sign-up code: the newest live code must match. A wrong guess counts against the code and
 * five kill it. A match consumes it. Runs inside the caller's transaction.
 */
export async function checkSignupCode(db: Db, secret: string, userId: string, code: string): Promise<boolean> {
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, 'signup'),
        isNull(oneTimeCodes.consumedAt),
        sql`${oneTimeCodes.expiresAt} > now()`,
        sql`${oneTimeCodes.attempts} < ${CODE_MAX_ATTEMPTS}`,
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  if (!live) return false;
  if (!sameHash(live.codeHash, hashCode(secret, userId, code))) {
    await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, live.id));
    return false;
  }
  await db.update(oneTimeCodes).set({ consumedAt: new Date() }).where(eq(oneTimeCodes.id, live.id));
  return true;
}

/** A password-reset link token: 256 random bits, single use, 30 minutes. Earlier links die. */
export async function issueRecoveryToken(db: Db, userId: string): Promise<string> {
  const token = newOpaqueToken();
  await retireLiveCodes(db, userId, 'recovery');
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
