import {
  BusinessInformationRequestSchema,
  IdParamsSchema,
  MessageResponseSchema,
  normalisePostcode,
  UserDetailsSchema,
} from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { ownId, requireUser } from '../auth/authenticate.js';
import { demoReadOnly, notFound } from '../http/http-error.js';
import { CONFIRM_EMAIL_CHANGE_PATH, confirmEmailChange, EMAIL_CHANGE_LANDING } from './email-change.js';
import { photoRoutes } from './photos/photo-routes.js';
import { profileRoutes } from './profile-routes.js';
import { findUserById, recordBusinessDetails, toUserDetails } from './users.js';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];

/** Onboarding's business information, the owner's details, the profile's saves, the photo and the e-mail link. */
export function accountRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    await root.register(signedInAccountRoutes(ctx));
    await root.register(profileRoutes(ctx));
    await root.register(photoRoutes(ctx));
    await root.register(emailChangeLinkRoutes(ctx));
  };
}

/** The link in the confirmation e-mail: no session needed, the single-use token is the proof. */
function emailChangeLinkRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      CONFIRM_EMAIL_CHANGE_PATH,
      { schema: { tags, querystring: z.object({ token: z.string().max(200).default('') }) } },
      async (req, reply) => {
        const outcome = req.query.token ? await confirmEmailChange(ctx, req.query.token) : 'invalid';
        return reply
          .header('referrer-policy', 'no-referrer')
          .redirect(`${EMAIL_CHANGE_LANDING}?email_change=${outcome}`, 303);
      },
    );
  };
}

function signedInAccountRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/api/record_business_information',
      { schema: { tags, security, body: BusinessInformationRequestSchema, response: { 200: MessageResponseSchema } } },
      async (req) => {
        const userId = ownId(req, req.body.id);
        const user = await findUserById(ctx.database.db, userId);
        if (!user) throw notFound();
        if (user.isDemo) throw demoReadOnly('its business information');
        // Only the owner's name and business fields are taken: the e-mail changes through its own confirmed flow.
        await recordBusinessDetails(ctx.database.db, userId, {
          fullName: req.body.full_name,
          salonName: req.body.salon_name,
          businessAddress: req.body.business_address,
          postcode: normalisePostcode(req.body.postcode),
          state: req.body.state,
          country: req.body.country,
        });
        return { message: 'Business information saved.' };
      },
    );

    app.get(
      '/api/database/get-user-details/:id',
      { schema: { tags, security, params: IdParamsSchema, response: { 200: UserDetailsSchema } } },
      async (req) => {
        const user = await findUserById(ctx.database.db, ownId(req, req.params.id));
        if (!user) throw notFound();
        return toUserDetails(user);
      },
    );
  };
}
