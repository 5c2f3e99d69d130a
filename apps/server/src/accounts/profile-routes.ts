import {
  MessageResponseSchema,
  normalisePostcode,
  PROFILE_MESSAGES,
  UpdateBusinessInfoRequestSchema,
  UpdateEmailRequestSchema,
  UpdatePersonalInfoRequestSchema,
  UpdateProfilePasswordRequestSchema,
} from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { ownId, requireUser } from '../auth/authenticate.js';
import { consume } from '../auth/rate-limit.js';
import { requestEmailChange } from './email-change.js';
import { ownerForWrite } from './owner-guard.js';
import { changePassword } from './password-change.js';
import { PROFILE_LIMITS } from './profile-limits.js';
import { updateProfile } from './users.js';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];
const ok = { 200: MessageResponseSchema };

/** The Profile screen's four saves (docs/product.md, "The calls"). Each answers with the spec's success sentence. */
export function profileRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx.database;
    app.addHook('preHandler', requireUser(ctx));
    const owner = (req: FastifyRequest, id: string, what: string) => ownerForWrite(db, ownId(req, id), what);

    app.post(
      '/api/database/update-personal-info',
      { schema: { tags, security, body: UpdatePersonalInfoRequestSchema, response: ok } },
      async (req) => {
        const user = await owner(req, req.body.id, 'its personal information');
        await updateProfile(db, user.id, { fullName: req.body.details.full_name });
        return { message: PROFILE_MESSAGES.personal.success };
      },
    );

    app.post(
      '/api/database/update-email',
      { schema: { tags, security, body: UpdateEmailRequestSchema, response: ok } },
      async (req) => {
        const user = await owner(req, req.body.id, 'its e-mail address');
        await consume(db, PROFILE_LIMITS.emailChange, user.id);
        await requestEmailChange(ctx, user, {
          email: req.body.email,
          refreshToken: req.body.refresh_token,
          sessionId: req.user!.sessionId,
        });
        return { message: PROFILE_MESSAGES.email.success };
      },
    );

    app.post(
      '/api/database/update-business-info',
      { schema: { tags, security, body: UpdateBusinessInfoRequestSchema, response: ok } },
      async (req) => {
        const user = await owner(req, req.body.id, 'its business information');
        const { details } = req.body;
        await updateProfile(db, user.id, {
          salonName: details.salon_name,
          businessAddress: details.business_address,
          postcode: normalisePostcode(details.postcode),
          state: details.state,
          country: details.country,
        });
        return { message: PROFILE_MESSAGES.business.success };
      },
    );

    app.post(
      '/api/database/update-password',
      { schema: { tags, security, body: UpdateProfilePasswordRequestSchema, response: ok } },
      async (req) => {
        const user = await owner(req, req.body.id, 'its password');
        await consume(db, PROFILE_LIMITS.passwordChange, user.id);
        await changePassword(
          ctx,
          user,
          { currentPassword: req.body.current_password, newPassword: req.body.new_password },
          req.user!.sessionId,
        );
        return { message: PROFILE_MESSAGES.password.success };
      },
    );
  };
}
