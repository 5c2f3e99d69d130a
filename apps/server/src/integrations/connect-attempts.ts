import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/http-error.js';
import type { OpenBankingProviderId } from './open-banking/open-banking-provider.js';
import { type AttemptProvider, connectAttempts } from './tables.js';
import type { TokenCipher } from './token-cipher.js';

export const ATTEMPT_MINUTES = 10;
const TABLE = 'connect_attempts';

export interface StartedAttempt {
  /** The attempt's own id: the bank link's `requisition.id` in the spec's calls. */
  id: string;
  state: string;
  /** PKCE S256 challenge for the authorisation URL, when a verifier was made. */
  codeChallenge: string | null;
}

export interface ConsumedAttempt {
  id: string;
  redirectUri: string;
  codeVerifier: string | null;
  linkId: string | null;
  institutionId: string | null;
  institutionName: string | null;
  bankProvider: OpenBankingProviderId | null;
}

const hash = (state: string) => createHash('sha256').update(state).digest('hex');
const random = () => randomBytes(32).toString('base64url');

export const connectFailed = (code: string, message: string) => new HttpError(400, code, message);

/** A new unguessable `state` (256 bits) bound to this owner and provider, with a PKCE verifier if asked. */
export async function startAttempt(
  db: Db,
  cipher: TokenCipher,
  input: {
    userId: string;
    provider: AttemptProvider;
    redirectUri: string;
    pkce: boolean;
    now: Date;
    state?: string;
    linkId?: string | null;
    institutionId?: string;
    institutionName?: string;
    bankProvider?: OpenBankingProviderId;
  },
): Promise<StartedAttempt> {
  const state = input.state ?? random();
  const verifier = input.pkce ? random() : null;
  const [row] = await db
    .insert(connectAttempts)
    .values({
      stateHash: hash(state),
      userId: input.userId,
      provider: input.provider,
      redirectUri: input.redirectUri,
      linkId: input.linkId ?? null,
      institutionId: input.institutionId ?? null,
      institutionName: input.institutionName ?? null,
      bankProvider: input.bankProvider ?? null,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + ATTEMPT_MINUTES * 60_000),
    })
    .returning({ id: connectAttempts.id });
  if (verifier) {
    await db
      .update(connectAttempts)
      .set({ codeVerifier: cipher.encrypt(verifier, { table: TABLE, rowId: row!.id, userId: input.userId }) })
      .where(eq(connectAttempts.id, row!.id));
  }
  return {
    id: row!.id,
    state,
    codeChallenge: verifier ? createHash('sha256').update(verifier).digest('base64url') : null,
  };
}

/**
 * Uses up a `state`: it must exist, belong to this owner and provider, be under 10 minutes old and unused.
 * Marking it used is one conditional UPDATE, so two requests racing with the same state cannot both pass.
 */
export async function consumeAttempt(
  db: Db,
  cipher: TokenCipher,
  input: { userId: string; provider: AttemptProvider; now: Date; state: string; attemptId?: string },
): Promise<ConsumedAttempt> {
  // A card provider's return carries only the state; the bank's also names the attempt (the spec's requisition id),
  // which must be the one the state was issued for.
  const [found] = await db
    .select()
    .from(connectAttempts)
    .where(eq(connectAttempts.stateHash, hash(input.state)));
  const otherAttempt = input.attemptId !== undefined && found?.id !== input.attemptId;
  if (!found || found.userId !== input.userId || found.provider !== input.provider || otherAttempt) {
    throw connectFailed('connect_state_invalid', 'This connection link is not valid. Please connect again.');
  }
  if (found.usedAt) {
    throw connectFailed('connect_state_used', 'This connection link has already been used. Please connect again.');
  }
  if (found.expiresAt <= input.now) {
    throw connectFailed('connect_state_expired', 'This connection link has expired. Please connect again.');
  }
  const [claimed] = await db
    .update(connectAttempts)
    .set({ usedAt: input.now })
    .where(and(eq(connectAttempts.id, found.id), isNull(connectAttempts.usedAt)))
    .returning({ id: connectAttempts.id });
  if (!claimed) {
    throw connectFailed('connect_state_used', 'This connection link has already been used. Please connect again.');
  }
  return {
    id: found.id,
    redirectUri: found.redirectUri,
    codeVerifier: found.codeVerifier
      ? cipher.decrypt(found.codeVerifier, { table: TABLE, rowId: found.id, userId: found.userId })
      : null,
    linkId: found.linkId,
    institutionId: found.institutionId,
    institutionName: found.institutionName,
    bankProvider: found.bankProvider,
  };
}

/** Attempts are worthless after 10 minutes; the hourly sweep keeps the table small. */
export async function deleteExpiredAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(connectAttempts).where(lt(connectAttempts.expiresAt, new Date(now.getTime() - 60 * 60_000)));
}
