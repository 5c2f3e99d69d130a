import { randomUUID } from 'node:crypto';
import { ERROR_CODES, MESSAGES } from '@brade/contract';
import { confirmEmail, createUser, findUserByEmail, replacePendingSignup } from '../accounts/users.js';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../http/http-error.js';
import { signupAttemptMail, signupCodeMail } from '../mail/templates.js';
import { checkSignupCode, issueSignupCode, secondsUntilResend } from './one-time-codes.js';
import { hashPassword } from './passwords.js';
import { assertNotBlocked, consume, recordFailure } from './rate-limit.js';
import { type IssuedSession, startSession } from './sessions.js';

export interface SignupInput {
  email: string;
  password: string;
  fullName: string;
}

/**
 * Creates the account (unconfirmed) and mails a code. An address that already has a confirmed account gets
 * the same answer, with a fresh id that leads nowhere, and its owner is told by e-mail: sign-up never
 * reveals who has an account.
 */
export async function signUp(ctx: AppContext, input: SignupInput, ip: string): Promise<{ id: string }> {
  const { db } = ctx.database;
  await consume(db, ctx.limits.signupPerIp, ip);
  await consume(db, ctx.limits.signupPerAccount, input.email);
  const passwordHash = await hashPassword(input.password);

  const existing = await findUserByEmail(db, input.email);
  if (existing?.emailConfirmedAt) {
    await ctx.mailer.send(existing.email, signupAttemptMail(existing.fullName, `${ctx.config.publicUrl}/login`));
    return { id: randomUUID() };
  }
  if (existing) {
    await db.transaction(async (tx) => {
      await replacePendingSignup(tx, existing.id, input.fullName, passwordHash);
      if ((await secondsUntilResend(tx, existing.id)) === 0) {
        const code = await issueSignupCode(tx, ctx.config.appSecret, existing.id);
        await ctx.mailer.enqueue(tx, existing.email, signupCodeMail(input.fullName, code));
      }
    });
    ctx.mailer.kick();
    return { id: existing.id };
  }
  const user = await db.transaction(async (tx) => {
    const created = await createUser(tx, { email: input.email, fullName: input.fullName, passwordHash });
    const code = await issueSignupCode(tx, ctx.config.appSecret, created.id);
    await ctx.mailer.enqueue(tx, created.email, signupCodeMail(created.fullName, code));
    return created;
  });
  ctx.mailer.kick();
  ctx.log.info({ userId: user.id }, 'sign-up: account created, code sent');
  return { id: user.id };
}

const invalidOtp = () => new HttpError(400, ERROR_CODES.invalidOtp, MESSAGES.otp.invalid);

/** Confirms the address with the newest code and signs the owner in. */
export async function verifySignupCode(
  ctx: AppContext,
  email: string,
  code: string,
  ip: string,
): Promise<IssuedSession> {
  const { db } = ctx.database;
  await consume(db, ctx.limits.verifyPerIp, ip);
  await assertNotBlocked(db, ctx.limits.verifyFailuresPerAccount, email);
  const user = await findUserByEmail(db, email);
  const session = user?.emailConfirmedAt
    ? null
    : user &&
      (await db.transaction(async (tx) => {
        // The attempt counter must survive a wrong guess, so the check commits before any refusal is thrown.
        if (!(await checkSignupCode(tx, ctx.config.appSecret, user.id, code))) return null;
        await confirmEmail(tx, user.id);
        return startSession({ db: tx, accessKey: ctx.accessKey }, user.id, 'normal');
      }));
  if (!session) {
    await recordFailure(db, ctx.limits.verifyFailuresPerAccount, email);
    ctx.log.warn({ userId: user?.id }, 'sign-up code refused');
    throw invalidOtp();
  }
  ctx.log.info({ userId: session.id }, 'sign-up confirmed');
  return session;
}

/** Sends a new code at most once a minute; unknown or confirmed addresses get the same plain answer. */
export async function resendSignupCode(ctx: AppContext, email: string, ip: string): Promise<void> {
  const { db } = ctx.database;
  await consume(db, ctx.limits.resendPerIp, ip);
  const user = await findUserByEmail(db, email);
  if (!user || user.emailConfirmedAt) return;
  const wait = await secondsUntilResend(db, user.id);
  if (wait > 0) {
    throw new HttpError(
      429,
      ERROR_CODES.otpThrottled,
      `Please wait ${wait} seconds before asking for a new code.`,
      undefined,
      { 'retry-after': String(wait) },
    );
  }
  await db.transaction(async (tx) => {
    const code = await issueSignupCode(tx, ctx.config.appSecret, user.id);
    await ctx.mailer.enqueue(tx, user.email, signupCodeMail(user.fullName, code));
  });
  ctx.mailer.kick();
}
