import { ACCOUNT_ENDPOINTS as E, PROFILE_MESSAGES } from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownerForWrite } from '../accounts/owner-guard.js';
import type { AppContext } from '../app-context.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { ownId } from '../http/signed-in.js';
import { consume } from '../rate-limits/rate-limit.js';
import { CREDENTIAL_LIMITS } from './credential-limits.js';
import { confirmEmailChange, EMAIL_CHANGE_LANDING, requestEmailChange } from './email-change.js';
import { changePassword } from './password-change.js';

/**
 * The Profile screen's changes of credentials (docs/product.md, "The calls"): the e-mail address, through a
 * confirmed link, and the password. The rest of the profile is the accounts domain's (accounts/profile-routes.ts).
 */
export function credentialRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const owner = (req: FastifyRequest, id: string, what: string) => ownerForWrite(db, ownId(req, id), what);

    registerEndpoint(app, ctx, E.updateEmail, async (req) => {
      const user = await owner(req, req.body.id, 'its e-mail address');
      await consume(db, CREDENTIAL_LIMITS.emailChange, user.id);
      await requestEmailChange(ctx, user, {
        email: req.body.email,
        refreshToken: req.body.refresh_token,
        sessionId: req.user!.sessionId,
      });
      return { message: PROFILE_MESSAGES.email.success };
    });

    registerEndpoint(app, ctx, E.updatePassword, async (req) => {
      const user = await owner(req, req.body.id, 'its password');
      await consume(db, CREDENTIAL_LIMITS.passwordChange, user.id);
      await changePassword(
        ctx,
        user,
        { currentPassword: req.body.current_password, newPassword: req.body.new_password },
        req.user!.sessionId,
      );
      return { message: PROFILE_MESSAGES.password.success };
    });

    // The link in the confirmation e-mail: no session needed, the single-use token is the proof.
    registerEndpoint(app, ctx, E.confirmEmailChange, async (req, reply) => {
      const outcome = req.query.token ? await confirmEmailChange(ctx, req.query.token) : 'invalid';
      return reply
        .header('referrer-policy', 'no-referrer')
        .redirect(`${EMAIL_CHANGE_LANDING}?email_change=${outcome}`, 303);
    });
  };
}
