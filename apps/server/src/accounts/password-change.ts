import type { AppContext } from '../app-context.js';
import { hashPassword } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { passwordChangedMail } from '../mail/templates.js';
import { setPasswordHash, type User } from './users.js';

/**
 * The profile's password change: the spec sends only the new password with the Bearer token, so the live
 * session is the proof of identity. Every other session ends (DESIGN.md section 7) and the owner is told.
 */
export async function changePassword(ctx: AppContext, owner: User, newPassword: string, keepSessionId: string) {
  const passwordHash = await hashPassword(newPassword);
  await ctx.database.db.transaction(async (tx) => {
    await setPasswordHash(tx, owner.id, passwordHash);
    await revokeUserSessions(tx, owner.id, 'password_change', keepSessionId);
    await ctx.mailer.enqueue(tx, owner.email, passwordChangedMail(owner.fullName));
  });
  ctx.mailer.kick();
  ctx.log.info({ userId: owner.id }, 'password changed from the profile; other sessions revoked');
}
