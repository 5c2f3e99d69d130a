import { ACCOUNT_ENDPOINTS, ERROR_CODES, PROFILE_MESSAGES } from '@brade/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserByEmail, findUserById, setEmail, type User } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/http-error.js';
import type { Mailer } from '../mail/mailer.js';
import { confirmEmailChangeMail, emailChangedMail, emailChangeRequestedMail } from './email-change-mails.js';
import { newOpaqueToken, sha256 } from './secret-hashing.js';
import { liveSessionIds, sessionOfRefreshToken } from './sessions.js';
import { emailChangeRequests } from './tables.js';

/** What changing the e-mail address uses; the app context (app-context.ts) has these fields. */
export interface EmailChangeDeps {
  config: { publicUrl: string };
  database: { db: Db };
  mailer: Pick<Mailer, 'enqueue'>;
  log: Logger;
}

export const EMAIL_CHANGE_LINK_HOURS = 24;
export const CONFIRM_EMAIL_CHANGE_PATH = ACCOUNT_ENDPOINTS.confirmEmailChange.path;
/** Where the link lands in the SPA; the profile reads `email_change` to say what happened. */
export const EMAIL_CHANGE_LANDING = '/main-menu/profile';

const badRequest = (message: string) => new HttpError(400, ERROR_CODES.badRequest, message, { email: message });

/** Owned by another account, confirmed or not: the sentence says no more than that. */
async function addressTaken(db: Db, email: string, ownerId: string): Promise<boolean> {
  const holder = await findUserByEmail(db, email);
  return Boolean(holder && holder.id !== ownerId);
}

/**
 * Starts a change of e-mail: a single-use link (24 hours) to the new address, a notice to the current one.
 * Nothing about the account changes until the link is followed. The refresh token must belong to the
 * session that sent the access token, so a lone access token is not enough to move the account.
 */
export async function requestEmailChange(
  ctx: EmailChangeDeps,
  owner: User,
  input: { email: string; refreshToken: string; sessionId: string },
): Promise<void> {
  const { db } = ctx.database;
  const session = await sessionOfRefreshToken(db, input.refreshToken);
  if (session?.id !== input.sessionId) {
    throw new HttpError(400, ERROR_CODES.invalidToken, PROFILE_MESSAGES.email.staleSession);
  }
  if (input.email === owner.email.toLowerCase()) throw badRequest(PROFILE_MESSAGES.email.unchanged);
  if (await addressTaken(db, input.email, owner.id)) throw badRequest(PROFILE_MESSAGES.email.inUse);

  const token = newOpaqueToken();
  const link = `${ctx.config.publicUrl}${CONFIRM_EMAIL_CHANGE_PATH}?token=${token}`;
  await db.transaction(async (tx) => {
    // Only the newest request counts: an earlier link (perhaps to a mistyped address) dies.
    await tx
      .update(emailChangeRequests)
      .set({ consumedAt: new Date() })
      .where(and(eq(emailChangeRequests.userId, owner.id), isNull(emailChangeRequests.consumedAt)));
    await tx.insert(emailChangeRequests).values({
      userId: owner.id,
      sessionId: input.sessionId,
      newEmail: input.email,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 3_600_000),
    });
    await ctx.mailer.enqueue(tx, input.email, confirmEmailChangeMail(owner.fullName, link, EMAIL_CHANGE_LINK_HOURS));
    await ctx.mailer.enqueue(tx, owner.email, emailChangeRequestedMail(owner.fullName, input.email));
  });
  ctx.log.info({ userId: owner.id }, 'e-mail change requested');
}

export type EmailChangeOutcome = 'confirmed' | 'invalid' | 'in_use';

/**
 * Cancels every e-mail change still waiting for its link: a password change, a reset and a sign-out everywhere
 * call this, so whoever asked for the change with a stolen session loses it with the session.
 */
export async function cancelEmailChanges(tx: Db, userId: string): Promise<void> {
  await tx
    .update(emailChangeRequests)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.consumedAt)));
}

/**
 * The e-mailed link: spends the token and moves the account to the new address, then tells the old address.
 * A token that is unknown, used or expired, or whose requesting session has ended, changes nothing.
 */
export async function confirmEmailChange(ctx: EmailChangeDeps, token: string): Promise<EmailChangeOutcome> {
  const { db } = ctx.database;
  const outcome = await applyEmailChange(db, ctx, token).catch((err: unknown) => {
    // Someone took the address between the check and the update: the unique index refused it.
    if (isUniqueViolation(err)) return { result: 'in_use' as const };
    throw err;
  });
  if (outcome.result === 'confirmed') {
    ctx.log.info({ userId: outcome.userId }, 'e-mail change confirmed');
  }
  return outcome.result;
}

function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

async function applyEmailChange(db: Db, ctx: EmailChangeDeps, token: string) {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(emailChangeRequests)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(emailChangeRequests.tokenHash, sha256(token)),
          isNull(emailChangeRequests.consumedAt),
          sql`${emailChangeRequests.expiresAt} > now()`,
          inArray(emailChangeRequests.sessionId, liveSessionIds(tx)),
        ),
      )
      .returning();
    if (!request) return { result: 'invalid' as const };
    const owner = await findUserById(tx, request.userId);
    if (!owner) return { result: 'invalid' as const };
    if (await addressTaken(tx, request.newEmail, owner.id)) return { result: 'in_use' as const };
    await setEmail(tx, owner.id, request.newEmail);
    await ctx.mailer.enqueue(tx, owner.email, emailChangedMail(owner.fullName, request.newEmail));
    return { result: 'confirmed' as const, userId: owner.id };
  });
}
