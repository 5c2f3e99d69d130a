import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { hashCode, newSixDigitCode, sameHash } from './secret-hashing.js';
import { signupAttempts, signupCodes } from './tables.js';

export const CODE_LIFETIME_MINUTES = 10;
export const MAX_LIVE_ATTEMPTS = 3;
/** A code is mailed at most once a minute per attempt; an older attempt may be re-sent a code for a day. */
export const RESEND_INTERVAL_SECONDS = 60;
const RESENDABLE_HOURS = 24;

export type SignupAttempt = typeof signupAttempts.$inferSelect;

const codeExpiry = () => new Date(Date.now() + CODE_LIFETIME_MINUTES * 60_000);

/**
 * Serialises the sign-up work of one address inside the caller's transaction, so two requests at once cannot
 * both find room for a third live attempt, or both confirm.
 */
export async function lockAddress(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signup:${email}`}, 0))`);
}

export async function countLiveAttempts(tx: Db, email: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(signupAttempts)
    .where(
      and(eq(signupAttempts.email, email), isNull(signupAttempts.closedAt), gt(signupAttempts.expiresAt, sql`now()`)),
    );
  return Number(row?.n ?? 0);
}

/** Stores a new attempt with its first code; returns the code to mail. */
export async function createAttempt(
  tx: Db,
  secret: string,
  attempt: { id: string; email: string; fullName: string; passwordHash: string },
): Promise<string> {
  await tx.insert(signupAttempts).values({ ...attempt, expiresAt: codeExpiry() });
  return addCode(tx, secret, attempt.id);
}

/** A further code for the attempt; earlier codes of any attempt stay valid until they expire. */
export async function addCode(tx: Db, secret: string, attemptId: string): Promise<string> {
  const code = newSixDigitCode();
  const expiresAt = codeExpiry();
  await tx.insert(signupCodes).values({ attemptId, codeHash: hashCode(secret, attemptId, code), expiresAt });
  await tx.update(signupAttempts).set({ expiresAt }).where(eq(signupAttempts.id, attemptId));
  return code;
}

/**
 * The attempt a resend is for: the one named (the browser that signed up knows its id), else the newest, if it
 * is still open, recent, and was not sent a code in the last minute.
 */
export async function attemptForResend(tx: Db, email: string, attemptId: string | undefined) {
  const [attempt] = await tx
    .select()
    .from(signupAttempts)
    .where(
      and(
        eq(signupAttempts.email, email),
        attemptId ? eq(signupAttempts.id, attemptId) : undefined,
        isNull(signupAttempts.closedAt),
        gt(signupAttempts.createdAt, sql`now() - make_interval(hours => ${RESENDABLE_HOURS})`),
      ),
    )
    .orderBy(desc(signupAttempts.createdAt))
    .limit(1);
  if (!attempt) return null;
  const [last] = await tx
    .select({ seconds: sql<number>`extract(epoch from now() - max(${signupCodes.createdAt}))::float8` })
    .from(signupCodes)
    .where(eq(signupCodes.attemptId, attempt.id));
  return Number(last?.seconds) >= RESEND_INTERVAL_SECONDS ? attempt : null;
}

/**
 * The open attempt a code belongs to, among the address's live codes (only the named attempt's, when one is
 * named). Each code is keyed to its attempt, so a code never confirms another attempt.
 */
export async function attemptMatchingCode(
  tx: Db,
  secret: string,
  email: string,
  code: string,
  attemptId: string | undefined,
): Promise<SignupAttempt | null> {
  const live = await tx
    .select({ attempt: signupAttempts, codeHash: signupCodes.codeHash })
    .from(signupCodes)
    .innerJoin(signupAttempts, eq(signupAttempts.id, signupCodes.attemptId))
    .where(
      and(
        eq(signupAttempts.email, email),
        attemptId ? eq(signupAttempts.id, attemptId) : undefined,
        isNull(signupAttempts.closedAt),
        isNull(signupCodes.consumedAt),
        gt(signupCodes.expiresAt, sql`now()`),
      ),
    );
  return live.find((row) => sameHash(row.codeHash, hashCode(secret, row.attempt.id, code)))?.attempt ?? null;
}

/** Once the address has an account, every attempt for it is over and its codes are spent. */
export async function closeAttempts(tx: Db, email: string): Promise<void> {
  const closed = await tx
    .update(signupAttempts)
    .set({ closedAt: new Date() })
    .where(and(eq(signupAttempts.email, email), isNull(signupAttempts.closedAt)))
    .returning({ id: signupAttempts.id });
  if (closed.length === 0) return;
  await tx
    .update(signupCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        inArray(
          signupCodes.attemptId,
          closed.map((row) => row.id),
        ),
        isNull(signupCodes.consumedAt),
      ),
    );
}

/** Attempts dead for a day are removed with their codes; their ids never became accounts. */
export async function sweepSignupAttempts(db: Db): Promise<void> {
  await db.delete(signupAttempts).where(lt(signupAttempts.expiresAt, sql`now() - interval '1 day'`));
}
