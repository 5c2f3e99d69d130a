import { ERROR_CODES, MESSAGES } from '@brade/contract';
import { eq } from 'drizzle-orm';
import { findUserByEmail } from '../accounts/users.js';
import type { AppContext } from '../app-context.js';
import { HttpError, unauthorized } from '../http/http-error.js';
import { readAccessToken } from './access-tokens.js';
import { verifyPassword } from './passwords.js';
import { assertNotBlocked, consume, recordFailure } from './rate-limit.js';
import { sha256 } from './secret-hashing.js';
import { type IssuedSession, revokeSession, rotateRefreshToken, startSession } from './sessions.js';
import { refreshTokens } from './tables.js';

/** One message and the same work for an unknown e-mail and a wrong password. */
export async function signIn(ctx: AppContext, email: string, password: string, ip: string): Promise<IssuedSession> {
  const { db } = ctx.database;
  await consume(db, ctx.limits.signinPerIp, ip);
  await assertNotBlocked(db, ctx.limits.signinFailuresPerAccount, email);
  const user = await findUserByEmail(db, email);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
    await recordFailure(db, ctx.limits.signinFailuresPerAccount, email);
    ctx.log.warn({ userId: user?.id, ip }, 'sign-in failed');
    throw new HttpError(401, ERROR_CODES.invalidCredentials, MESSAGES.signin.invalid);
  }
  if (!user.emailConfirmedAt) {
    throw new HttpError(
      403,
      ERROR_CODES.emailNotConfirmed,
      'Please confirm your e-mail address first: sign up again to get a new code.',
    );
  }
  const session = await startSession({ db, accessKey: ctx.accessKey }, user.id, 'normal');
  ctx.log.info({ userId: user.id }, 'sign-in');
  return session;
}

export async function refreshSession(ctx: AppContext, refreshToken: string, ip: string): Promise<IssuedSession> {
  await consume(ctx.database.db, ctx.limits.refreshPerIp, ip);
  const result = await rotateRefreshToken({ db: ctx.database.db, accessKey: ctx.accessKey }, refreshToken);
  if (!result.ok) {
    if (result.reason === 'reused') ctx.log.warn({ ip }, 'refresh token replayed: session family revoked');
    throw new HttpError(401, ERROR_CODES.invalidToken, 'Your session has ended. Please sign in again.');
  }
  return result.session;
}

/** Ends the session named by either token; answering the same whatever was sent keeps sign-out simple and safe. */
export async function signOut(
  ctx: AppContext,
  tokens: { refresh_token?: string | undefined; access_token?: string | undefined },
) {
  const { db } = ctx.database;
  if (tokens.refresh_token) {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(tokens.refresh_token)));
    if (row) await revokeSession(db, row.sessionId, 'sign_out');
  }
  if (tokens.access_token) {
    const claims = await readAccessToken(ctx.accessKey, tokens.access_token);
    if (claims) await revokeSession(db, claims.sessionId, 'sign_out');
  }
  if (!tokens.refresh_token && !tokens.access_token) throw unauthorized('No session was given to sign out.');
}
