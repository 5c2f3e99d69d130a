import { AUTH_ENDPOINTS, ERROR_CODES } from '@brade/contract';
import { refuseDemoWrite } from '../accounts/owner-guard.js';
import { findUserByEmail, findUserById, setPasswordHash } from '../accounts/users.js';
import { HttpError } from '../http/http-error.js';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.js';
import { consume } from '../rate-limits/rate-limit.js';
import { type AccessClaims, readAccessToken } from './access-tokens.js';
import type { AuthDeps } from './auth-deps.js';
import { cancelEmailChanges } from './email-change.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword } from './passwords.js';
import { consumeRecoveryToken, issueRecoveryToken } from './recovery-links.js';
import { revokeUserSessions, sessionOfRefreshToken, startSession } from './sessions.js';

/**
 * Always answers the same, at once: the lookup and the e-mail happen after the reply, so neither the answer
 * nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset(ctx: AuthDeps, email: string, ip: string) {
  await consume(ctx.database.db, ctx.limits.resetPerIp, ip);
  ctx.afterReply.run('password reset e-mail', () => sendResetLink(ctx, email));
}

async function sendResetLink(ctx: AuthDeps, email: string): Promise<void> {
  const { db } = ctx.database;
  const user = await findUserByEmail(db, email);
  if (!user?.emailConfirmedAt || user.isDemo) return;
  try {
    await consume(db, ctx.limits.resetMailsPerAccount, user.id);
  } catch {
    ctx.log.warn({ userId: user.id }, 'password reset: per-account mail limit reached, no e-mail sent');
    return;
  }
  const token = await issueRecoveryToken(db, user.id);
  const link = `${ctx.config.publicUrl}${AUTH_ENDPOINTS.recover.path}?token=${token}`;
  await ctx.mailer.send(user.email, passwordResetMail(user.fullName, link));
  ctx.log.info({ userId: user.id }, 'password reset link sent');
}

/**
 * Where every reset link lands, whatever `redirect_to` said: the recovery tokens travel in the URL's fragment,
 * which browsers carry across redirects, so any other same-origin page that redirects onwards could hand them
 * to another site (docs/security-decisions.md).
 */
export const recoveryLandingUrl = (publicUrl: string) => `${publicUrl}/set-new-password`;

/** The e-mailed link: trades the one-time token for a 15-minute recovery-only session in the page's hash. */
export async function openRecoveryLink(ctx: AuthDeps, token: string, ip: string) {
  await consume(ctx.database.db, ctx.limits.recoveryPerIp, ip);
  const target = recoveryLandingUrl(ctx.config.publicUrl);
  const userId = await consumeRecoveryToken(ctx.database.db, token);
  if (!userId) return `${target}#error=access_denied&error_code=link_expired`;
  const session = await startSession({ db: ctx.database.db, accessKey: ctx.accessKey }, userId, 'recovery');
  const hash = new URLSearchParams({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_in: String(session.expires_in),
    type: 'recovery',
  });
  return `${target}#${hash.toString()}`;
}

const invalidPair = () =>
  new HttpError(401, ERROR_CODES.invalidToken, 'This link has expired or was already used. Please ask for a new one.');

/** Both tokens must be live and belong to the same session. */
async function confirmTokenPair(ctx: AuthDeps, accessToken: string, refreshToken: string): Promise<AccessClaims> {
  const claims = await readAccessToken(ctx.accessKey, accessToken);
  if (!claims) throw invalidPair();
  const session = await sessionOfRefreshToken(ctx.database.db, refreshToken);
  if (!session || session.id !== claims.sessionId || session.userId !== claims.userId) throw invalidPair();
  return claims;
}

export async function reauthenticate(ctx: AuthDeps, accessToken: string, refreshToken: string, ip: string) {
  await consume(ctx.database.db, ctx.limits.recoveryPerIp, ip);
  const claims = await confirmTokenPair(ctx, accessToken, refreshToken);
  return { id: claims.userId };
}

/**
 * Sets the new password from a recovery session, then ends every session of the owner, the recovery one
 * included (no automatic sign-in after a reset), and tells the owner by e-mail.
 */
export async function setPasswordFromRecovery(
  ctx: AuthDeps,
  input: { password: string; access_token: string; refresh_token: string },
  ip: string,
) {
  await consume(ctx.database.db, ctx.limits.recoveryPerIp, ip);
  const claims = await confirmTokenPair(ctx, input.access_token, input.refresh_token);
  if (claims.kind !== 'recovery') throw invalidPair();
  const user = await findUserById(ctx.database.db, claims.userId);
  if (!user) throw invalidPair();
  refuseDemoWrite(user, 'its password');
  await assertPasswordAllowed(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  await ctx.database.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id, 'password_reset');
    await cancelEmailChanges(tx, user.id);
    await ctx.mailer.enqueue(tx, user.email, passwordChangedMail(user.fullName));
  });
  ctx.log.info({ userId: user.id }, 'password reset completed; all sessions revoked');
}
