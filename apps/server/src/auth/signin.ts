import { ERROR_CODES, MESSAGES } from '@brade/contract';
import { eq } from 'drizzle-orm';
import { findUserByEmail, type User } from '../accounts/users.js';
import { HttpError, unauthorized } from '../http/http-error.js';
import { manyFailedSigninsMail } from '../mail/templates.js';
import { consume, recordFailure, tryConsume } from '../rate-limits/rate-limit.js';
import {
  assertNoBackoff,
  clearBackoff,
  recordBackoffFailure,
  type SigninSlowdown,
  slowdownMs,
} from '../rate-limits/signin-throttle.js';
import { readAccessToken } from './access-tokens.js';
import type { AuthDeps } from './auth-deps.js';
import { verifyPassword } from './passwords.js';
import { sha256 } from './secret-hashing.js';
import { type IssuedSession, revokeSession, rotateRefreshToken, startSession } from './sessions.js';
import { refreshTokens } from './tables.js';

/**
 * One message and the same work for an unknown e-mail, an address still waiting for its code, and a wrong
 * password. Failures slow the guesser down (rate-limits/signin-throttle.ts) but never lock the owner out.
 */
export async function signIn(ctx: AuthDeps, email: string, password: string, ip: string): Promise<IssuedSession> {
  const { db } = ctx.database;
  const { signinPerIp, signinBackoff, signinSlowdown } = ctx.limits;
  await consume(db, signinPerIp, ip);
  await assertNoBackoff(db, signinBackoff, email, ip);
  const user = await findUserByEmail(db, email);
  // The demo's password is printed on the sign-in page: one visitor's failures must not slow it for everyone.
  if (!user?.isDemo) await holdBackIfTargeted(ctx, email, user);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user?.emailConfirmedAt) {
    await recordBackoffFailure(db, signinBackoff, email, ip);
    if (!user?.isDemo) await recordFailure(db, asLimit(signinSlowdown), email);
    ctx.log.warn({ userId: user?.id, ip }, 'sign-in failed');
    throw new HttpError(401, ERROR_CODES.invalidCredentials, MESSAGES.signin.invalid);
  }
  await clearBackoff(db, signinBackoff, email, ip);
  const session = await startSession({ db, accessKey: ctx.accessKey }, user.id, 'normal');
  ctx.log.info({ userId: user.id }, 'sign-in');
  return session;
}

const asLimit = (policy: SigninSlowdown) => ({
  name: policy.name,
  max: policy.afterFailures,
  windowSeconds: policy.windowSeconds,
});

/** Many failures for one account this hour: answer later (then normally), and tell the owner once a day. */
async function holdBackIfTargeted(ctx: AuthDeps, email: string, user: User | undefined): Promise<void> {
  const { db } = ctx.database;
  const delay = await slowdownMs(db, ctx.limits.signinSlowdown, email);
  if (delay === 0) return;
  if (user && (await tryConsume(db, ctx.limits.signinAlertMails, user.id))) {
    ctx.afterReply.run('sign-in alert e-mail', () => ctx.mailer.send(user.email, manyFailedSigninsMail(user.fullName)));
  }
  await ctx.sleep(delay);
}

export async function refreshSession(ctx: AuthDeps, refreshToken: string, ip: string): Promise<IssuedSession> {
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
  ctx: AuthDeps,
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
