import { ACCOUNT_ENDPOINTS as E, normalisePostcode } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { demoReadOnly, notFound } from '../http/http-error.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { ownId } from '../http/signed-in.js';
import { photoRoutes } from './photos/photo-routes.js';
import { profileRoutes } from './profile-routes.js';
import { findUserById, recordBusinessDetails, toUserDetails } from './users.js';

/**
 * Onboarding's business information, the owner's details, the profile's saves and the photo. The profile's changes of
 * e-mail and password, and the e-mail link, are auth's (auth/credential-routes.ts).
 */
export function accountRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    await root.register(signedInAccountRoutes(ctx));
    await root.register(profileRoutes(ctx));
    await root.register(photoRoutes(ctx));
  };
}

function signedInAccountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, ctx, E.recordBusinessInformation, async (req) => {
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
        legalForm: req.body.legal_form,
      });
      return { message: 'Business information saved.' };
    });

    registerEndpoint(app, ctx, E.getUserDetails, async (req) => {
      const user = await findUserById(ctx.database.db, ownId(req, req.params.id));
      if (!user) throw notFound();
      return toUserDetails(user);
    });
  };
}
