import {
  MessageResponseSchema,
  PasswordResetRequestSchema,
  ReauthenticateResponseSchema,
  RefreshRequestSchema,
  ResendOtpRequestSchema,
  SessionSchema,
  SigninRequestSchema,
  SignoutRequestSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  TokenPairSchema,
  UpdatePasswordRequestSchema,
  VerifyOtpRequestSchema,
} from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { openRecoveryLink, reauthenticate, requestPasswordReset, setPasswordFromRecovery } from './password-reset.js';
import { refreshSession, signIn, signOut } from './signin.js';
import { resendSignupCode, signUp, verifySignupCode } from './signup.js';

const tags = ['auth'];
/** The one answer to every resend, sent or not (docs/security-decisions.md). */
export const RESEND_ANSWER = 'If that e-mail is waiting for confirmation, a new code is on its way.';
const ok = { 200: MessageResponseSchema };

/** The auth calls of docs/product.md, "The calls", plus the token refresh the SPA needs and the e-mailed reset link. */
export function authRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/signup_user',
      { schema: { tags, body: SignupRequestSchema, response: { 200: SignupResponseSchema } } },
      (req) =>
        signUp(
          ctx,
          { email: req.body.email, password: req.body.password, fullName: req.body.options.data.full_name },
          req.ip,
        ),
    );

    app.post(
      '/api/verify_otp',
      { schema: { tags, body: VerifyOtpRequestSchema, response: { 200: SessionSchema } } },
      (req) => verifySignupCode(ctx, { email: req.body.email, code: req.body.token, attemptId: req.body.id }, req.ip),
    );

    app.post('/api/resend_otp', { schema: { tags, body: ResendOtpRequestSchema, response: ok } }, async (req) => {
      await resendSignupCode(ctx, { email: req.body.email, attemptId: req.body.id }, req.ip);
      return { message: RESEND_ANSWER };
    });

    app.post(
      '/api/signin_user',
      { schema: { tags, body: SigninRequestSchema, response: { 200: SessionSchema } } },
      (req) => signIn(ctx, req.body.email, req.body.password, req.ip),
    );

    app.post(
      '/api/refresh_token',
      { schema: { tags, body: RefreshRequestSchema, response: { 200: SessionSchema } } },
      (req) => refreshSession(ctx, req.body.refresh_token, req.ip),
    );

    app.post('/api/signout_user', { schema: { tags, body: SignoutRequestSchema, response: ok } }, async (req) => {
      await signOut(ctx, req.body);
      return { message: 'Signed out.' };
    });

    app.post(
      '/api/request_password_reset',
      { schema: { tags, body: PasswordResetRequestSchema, response: ok } },
      async (req) => {
        // redirect_to is accepted (the spec sends it) and ignored: the link always lands on /set-new-password.
        await requestPasswordReset(ctx, req.body.email, req.ip);
        return { message: "If an account exists for that e-mail, we've sent a link to reset the password." };
      },
    );

    app.get(
      '/api/auth/recover',
      {
        schema: {
          tags,
          querystring: z.object({
            token: z.string().max(200).default(''),
            redirect_to: z.string().max(2048).optional(),
          }),
        },
      },
      async (req, reply) => {
        const location = await openRecoveryLink(ctx, req.query.token, req.ip);
        return reply.header('referrer-policy', 'no-referrer').redirect(location, 303);
      },
    );

    app.post(
      '/api/reauthenticate',
      { schema: { tags, body: TokenPairSchema, response: { 200: ReauthenticateResponseSchema } } },
      (req) => reauthenticate(ctx, req.body.access_token, req.body.refresh_token, req.ip),
    );

    app.post(
      '/api/update_password',
      { schema: { tags, body: UpdatePasswordRequestSchema, response: ok } },
      async (req) => {
        await setPasswordFromRecovery(ctx, req.body, req.ip);
        return { message: 'Password changed successfully.' };
      },
    );
  };
}
