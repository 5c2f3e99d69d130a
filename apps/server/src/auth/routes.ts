import { AUTH_ENDPOINTS as E } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerEndpoints } from '../http/register-endpoint.js';
import { credentialRoutes } from './credential-routes.js';
import { openRecoveryLink, reauthenticate, requestPasswordReset, setPasswordFromRecovery } from './password-reset.js';
import { refreshSession, signIn, signOut } from './signin.js';
import { resendSignupCode, signUp, verifySignupCode } from './signup.js';

/** The one answer to every resend, sent or not (docs/security-decisions.md). */
export const RESEND_ANSWER = 'If that e-mail is waiting for confirmation, a new code is on its way.';

/** The auth calls of docs/product.md, "The calls", plus the token refresh the SPA needs and the e-mailed reset link. */
export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(credentialRoutes(ctx));
    registerEndpoints(app, ctx, E, {
      signup: (req) =>
        signUp(
          ctx,
          { email: req.body.email, password: req.body.password, fullName: req.body.options.data.full_name },
          req.ip,
        ),
      verifyOtp: (req) =>
        verifySignupCode(ctx, { email: req.body.email, code: req.body.token, attemptId: req.body.id }, req.ip),
      resendOtp: async (req) => {
        await resendSignupCode(ctx, { email: req.body.email, attemptId: req.body.id }, req.ip);
        return { message: RESEND_ANSWER };
      },
      signin: (req) => signIn(ctx, req.body.email, req.body.password, req.ip),
      refreshToken: (req) => refreshSession(ctx, req.body.refresh_token, req.ip),
      signout: async (req) => {
        await signOut(ctx, req.body);
        return { message: 'Signed out.' };
      },
      requestPasswordReset: async (req) => {
        // redirect_to is accepted (the spec sends it) and ignored: the link always lands on /set-new-password.
        await requestPasswordReset(ctx, req.body.email, req.ip);
        return { message: "If an account exists for that e-mail, we've sent a link to reset the password." };
      },
      recover: async (req, reply) => {
        const location = await openRecoveryLink(ctx, req.query.token, req.ip);
        return reply.header('referrer-policy', 'no-referrer').redirect(location, 303);
      },
      reauthenticate: (req) => reauthenticate(ctx, req.body.access_token, req.body.refresh_token, req.ip),
      updatePassword: async (req) => {
        await setPasswordFromRecovery(ctx, req.body, req.ip);
        return { message: 'Password changed successfully.' };
      },
    });
  };
}
