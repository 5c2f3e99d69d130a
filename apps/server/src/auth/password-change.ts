import { ERROR_CODES, PROFILE_MESSAGES } from '@brade/contract';
import { setPasswordHash, type User } from '../accounts/users.js';
import { HttpError, unauthorized } from '../http/http-error.js';
import { passwordChangedMail, signedOutEverywhereMail } from '../mail/templates.js';
import { clearCounter, recordFailure } from '../rate-limits/rate-limit.js';
import { CREDENTIAL_LIMITS } from './credential-limits.js';
import { cancelEmailChanges, type EmailChangeDeps } from './email-change.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { revokeUserSessions } from './sessions.js';

/** What changing the password uses; the app context (app-context.ts) has these fields. */
type PasswordChangeDeps = Pick<EmailChangeDeps, 'database' | 'mailer' | 'log'>;

/**
 * The profile's password change. Beyond the spec's id and new_password, the current password is required
 * (docs/security-decisions.md): a stolen session alone cannot take the account. Every other session ends, any
 * waiting e-mail change is cancelled, and the owner is told.
 */
export async function changePassword(
  ctx: PasswordChangeDeps,
  owner: User,
  input: { currentPassword: string; newPassword: string },
  keepSessionId: string,
) {
  await confirmCurrentPassword(ctx, owner, input.currentPassword);
  await assertPasswordAllowed(input.newPassword, 'new_password');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.database.db.transaction(async (tx) => {
    await setPasswordHash(tx, owner.id, passwordHash);
    await revokeUserSessions(tx, owner.id, 'password_change', keepSessionId);
    await cancelEmailChanges(tx, owner.id);
    await ctx.mailer.enqueue(tx, owner.email, passwordChangedMail(owner.fullName));
  });
  ctx.log.info({ userId: owner.id }, 'password changed from the profile; other sessions revoked');
}

/** A wrong current password is a 400; the fifth in 15 minutes ends every session and tells the owner. */
async function confirmCurrentPassword(ctx: PasswordChangeDeps, owner: User, currentPassword: string): Promise<void> {
  const { db } = ctx.database;
  const limit = CREDENTIAL_LIMITS.currentPasswordFailures;
  if (await verifyPassword(owner.passwordHash, currentPassword)) return;
  const failures = await recordFailure(db, limit, owner.id);
  if (failures < limit.max) {
    const message = PROFILE_MESSAGES.password.currentWrong;
    throw new HttpError(400, ERROR_CODES.validation, message, { current_password: message });
  }
  await db.transaction(async (tx) => {
    await revokeUserSessions(tx, owner.id, 'current_password_guessing');
    await cancelEmailChanges(tx, owner.id);
    await ctx.mailer.enqueue(tx, owner.email, signedOutEverywhereMail(owner.fullName));
  });
  await clearCounter(db, limit, owner.id);
  ctx.log.warn({ userId: owner.id }, 'too many wrong current passwords: every session ended');
  throw unauthorized(PROFILE_MESSAGES.password.signedOutEverywhere);
}
