import { ACCOUNT_ENDPOINTS as E, normalisePostcode, PROFILE_MESSAGES } from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ownId } from '../auth/authenticate.js';
import { consume } from '../auth/rate-limit.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { requestEmailChange } from './email-change.js';
import { ownerForWrite } from './owner-guard.js';
import { changePassword } from './password-change.js';
import { PROFILE_LIMITS } from './profile-limits.js';
import { updateProfile } from './users.js';

/** The Profile screen's four saves (docs/product.md, "The calls"). Each answers with the spec's success sentence. */
export function profileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const owner = (req: FastifyRequest, id: string, what: string) => ownerForWrite(db, ownId(req, id), what);

    registerEndpoint(app, ctx, E.updatePersonalInfo, async (req) => {
      const user = await owner(req, req.body.id, 'its personal information');
      await updateProfile(db, user.id, { fullName: req.body.details.full_name });
      return { message: PROFILE_MESSAGES.personal.success };
    });

    registerEndpoint(app, ctx, E.updateEmail, async (req) => {
      const user = await owner(req, req.body.id, 'its e-mail address');
      await consume(db, PROFILE_LIMITS.emailChange, user.id);
      await requestEmailChange(ctx, user, {
        email: req.body.email,
        refreshToken: req.body.refresh_token,
        sessionId: req.user!.sessionId,
      });
      return { message: PROFILE_MESSAGES.email.success };
    });

    registerEndpoint(app, ctx, E.updateBusinessInfo, async (req) => {
      const user = await owner(req, req.body.id, 'its business information');
      const { details } = req.body;
      await updateProfile(db, user.id, {
        salonName: details.salon_name,
        businessAddress: details.business_address,
        postcode: normalisePostcode(details.postcode),
        state: details.state,
        country: details.country,
        legalForm: details.legal_form,
      });
      return { message: PROFILE_MESSAGES.business.success };
    });

    registerEndpoint(app, ctx, E.updatePassword, async (req) => {
      const user = await owner(req, req.body.id, 'its password');
      await consume(db, PROFILE_LIMITS.passwordChange, user.id);
      await changePassword(
        ctx,
        user,
        { currentPassword: req.body.current_password, newPassword: req.body.new_password },
        req.user!.sessionId,
      );
      return { message: PROFILE_MESSAGES.password.success };
    });
  };
}
