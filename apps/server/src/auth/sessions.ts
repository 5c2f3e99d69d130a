import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ACCESS_TOKEN_SECONDS, type SessionKind, signAccessToken } from './access-tokens.js';
import { newOpaqueToken, sha256 } from './secret-hashing.js';
import { refreshTokens, sessions } from './tables.js';

/**
 * A normal session ends 30 days after sign-in, however often it refreshes; a recovery session lives 15 minutes
 * in all (docs/security-decisions.md).
 */
export const SESSION_DAYS = 30;
export const RECOVERY_MINUTES = 15;

export interface IssuedSession {
  id: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface SessionDeps {
  db: Db;
  accessKey: Uint8Array;
}

function expiryFor(kind: SessionKind): Date {
  const ms = kind === 'recovery' ? RECOVERY_MINUTES * 60_000 : SESSION_DAYS * 86_400_000;
  return new Date(Date.now() + ms);
}

async function issue(
  deps: SessionDeps,
  db: Db,
  userId: string,
  sessionId: string,
  kind: SessionKind,
): Promise<IssuedSession> {
  const refresh = newOpaqueToken();
  await db.insert(refreshTokens).values({ sessionId, tokenHash: sha256(refresh) });
  const ttl = kind === 'recovery' ? RECOVERY_MINUTES * 60 : ACCESS_TOKEN_SECONDS;
  const access = await signAccessToken(deps.accessKey, { userId, sessionId, kind }, ttl);
  return { id: userId, access_token: access, refresh_token: refresh, expires_in: ttl };
}

export async function startSession(
  deps: SessionDeps,
  userId: string,
  kind: SessionKind,
  db: Db = deps.db,
): Promise<IssuedSession> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, kind, expiresAt: expiryFor(kind) })
    .returning({ id: sessions.id });
  return issue(deps, db, userId, row!.id, kind);
}

export type RotateResult = { ok: true; session: IssuedSession } | { ok: false; reason: 'unknown' | 'ended' | 'reused' };

/**
 * Trades a refresh token for a new pair. A token that was already used means it leaked (or was replayed):
 * the whole family is revoked, so whoever holds the newer token is signed out too.
 */
export async function rotateRefreshToken(deps: SessionDeps, refreshToken: string): Promise<RotateResult> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ tokenId: refreshTokens.id, usedAt: refreshTokens.usedAt, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .for('update');
    if (!found) return { ok: false, reason: 'unknown' } as const;
    const { session } = found;
    if (session.revokedAt || session.expiresAt <= new Date() || session.kind !== 'normal') {
      return { ok: false, reason: 'ended' } as const;
    }
    if (found.usedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'refresh_token_reuse' })
        .where(eq(sessions.id, session.id));
      return { ok: false, reason: 'reused' } as const;
    }
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, found.tokenId));
    // The session's end stays where sign-in put it: refreshing never extends it.
    await tx.update(sessions).set({ lastActiveAt: new Date() }).where(eq(sessions.id, session.id));
    return { ok: true, session: await issue(deps, tx, session.userId, session.id, 'normal') } as const;
  });
}

/** The live session a refresh token belongs to, without rotating it (used to confirm a token pair). */
export async function sessionOfRefreshToken(db: Db, refreshToken: string) {
  const [row] = await db
    .select({ session: sessions, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (!row || row.usedAt || row.session.revokedAt || row.session.expiresAt <= new Date()) return null;
  return row.session;
}

/** The ids of every live session, as a subquery for other domains' conditions (a link that works while its session does). */
export function liveSessionIds(db: Db) {
  return db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`));
}

export async function isSessionLive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    );
  return Boolean(row);
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user except `keep` (a password change ends the others). */
export async function revokeUserSessions(db: Db, userId: string, reason: string, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}
