import { randomUUID } from 'node:crypto';
import { ERROR_CODES, MESSAGES } from '@brade/contract';
import { createUser, findUserByEmail } from '../accounts/users.js';
import { HttpError } from '../http/http-error.js';
import { signupAttemptMail, signupCodeMail } from '../mail/templates.js';
import { assertNotPaused, consume, recordFailureWithPause, tryConsume } from '../rate-limits/rate-limit.js';
import type { AuthDeps } from './auth-deps.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword } from './passwords.js';
import { type IssuedSession, startSession } from './sessions.js';
import {
  addCode,
  attemptForResend,
  attemptMatchingCode,
  closeAttempts,
  countLiveAttempts,
  createAttempt,
  lockAddress,
  MAX_LIVE_ATTEMPTS,
} from './signup-attempts.js';

export interface SignupInput {
  email: string;
  password: string;
  fullName: string;
}

/**
 * Answers with a fresh id at once, for any address: the lookup, the attempt and the e-mail all happen after
 * the answer, so neither it nor its timing tells whether the address is unknown, waiting or has an account.
 * Nothing here can change an existing account or another attempt (docs/security-decisions.md).
 */
export async function signUp(ctx: AuthDeps, input: SignupInput, ip: string): Promise<{ id: string }> {
  const { db } = ctx.database;
  await consume(db, ctx.limits.signupPerIp, ip);
  await consume(db, ctx.limits.signupPerAccount, input.email);
  await assertPasswordAllowed(input.password, 'password');
  const id = randomUUID();
  ctx.afterReply.run('sign-up', () => startAttempt(ctx, id, input));
  return { id };
}

async function startAttempt(ctx: AuthDeps, id: string, input: SignupInput): Promise<void> {
  const { db } = ctx.database;
  const owner = await findUserByEmail(db, input.email);
  // The demo account's address is printed on the sign-in page: anyone's sign-up with it is mailed nowhere.
  if (owner?.isDemo) return;
  if (owner) {
    if (await tryConsume(db, ctx.limits.codeMailsPerAddress, input.email)) {
      await ctx.mailer.send(owner.email, signupAttemptMail(owner.fullName, `${ctx.config.publicUrl}/login`));
    }
    return;
  }
  const passwordHash = await hashPassword(input.password);
  const started = await db.transaction(async (tx) => {
    await lockAddress(tx, input.email);
    if ((await countLiveAttempts(tx, input.email)) >= MAX_LIVE_ATTEMPTS) return 'too many live attempts';
    if (!(await tryConsume(tx, ctx.limits.codeMailsPerAddress, input.email))) return 'code e-mail limit reached';
    const code = await createAttempt(tx, ctx.config.appSecret, {
      id,
      email: input.email,
      fullName: input.fullName,
      passwordHash,
    });
    await ctx.mailer.enqueue(tx, input.email, signupCodeMail(code));
    return null;
  });
  if (started) ctx.log.info({ attemptId: id }, `sign-up: nothing sent (${started})`);
}

const invalidOtp = () => new HttpError(400, ERROR_CODES.invalidOtp, MESSAGES.otp.invalid);

/**
 * Confirms the attempt the code was mailed for (only the named attempt's codes, when the browser names it) and
 * signs the owner in. Wrong guesses count per address across attempts; ten in ten minutes pause verification
 * of that address for ten minutes. A wrong guess never spends a code, so no outsider can kill one.
 */
export async function verifySignupCode(
  ctx: AuthDeps,
  input: { email: string; code: string; attemptId?: string | undefined },
  ip: string,
): Promise<IssuedSession> {
  const { db } = ctx.database;
  await consume(db, ctx.limits.verifyPerIp, ip);
  await assertNotPaused(db, ctx.limits.verifyFailuresPerAddress, input.email);
  const session = await db.transaction(async (tx) => {
    await lockAddress(tx, input.email);
    const attempt = await attemptMatchingCode(tx, ctx.config.appSecret, input.email, input.code, input.attemptId);
    if (!attempt) return null;
    // The address found an owner another way meanwhile (another attempt, an e-mail change): nothing to confirm.
    if (await findUserByEmail(tx, input.email)) {
      await closeAttempts(tx, input.email);
      return null;
    }
    const user = await createUser(tx, {
      id: attempt.id,
      email: attempt.email,
      fullName: attempt.fullName,
      passwordHash: attempt.passwordHash,
      confirmed: true,
    });
    await closeAttempts(tx, input.email);
    return startSession({ db: tx, accessKey: ctx.accessKey }, user.id, 'normal');
  });
  if (!session) {
    await recordFailureWithPause(db, ctx.limits.verifyFailuresPerAddress, input.email);
    ctx.log.warn({ ip }, 'sign-up code refused');
    throw invalidOtp();
  }
  ctx.log.info({ userId: session.id }, 'sign-up confirmed');
  return session;
}

/**
 * Answers the same at once for every address; afterwards, a waiting attempt gets a further code unless it had
 * one in the last minute or the address has had its five code e-mails this hour. Earlier codes stay valid.
 */
export async function resendSignupCode(
  ctx: AuthDeps,
  input: { email: string; attemptId?: string | undefined },
  ip: string,
): Promise<void> {
  await consume(ctx.database.db, ctx.limits.resendPerIp, ip);
  ctx.afterReply.run('sign-up code resend', () => resendCode(ctx, input.email, input.attemptId));
}

async function resendCode(ctx: AuthDeps, email: string, attemptId: string | undefined): Promise<void> {
  const { db } = ctx.database;
  if (await findUserByEmail(db, email)) return;
  await db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const attempt = await attemptForResend(tx, email, attemptId);
    if (!attempt) return;
    const revives = attempt.expiresAt <= new Date();
    if (revives && (await countLiveAttempts(tx, email)) >= MAX_LIVE_ATTEMPTS) return;
    if (!(await tryConsume(tx, ctx.limits.codeMailsPerAddress, email))) return;
    await ctx.mailer.enqueue(tx, email, signupCodeMail(await addCode(tx, ctx.config.appSecret, attempt.id)));
  });
}
