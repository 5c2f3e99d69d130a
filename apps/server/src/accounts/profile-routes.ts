import { ACCOUNT_ENDPOINTS as E, normalisePostcode, PROFILE_MESSAGES } from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { ownId } from '../http/signed-in.js';
import { ownerForWrite } from './owner-guard.js';
import { updateProfile } from './users.js';

/**
 * The Profile screen's saves of personal and business information (docs/product.md, "The calls"); its e-mail and
 * password changes are auth's (auth/credential-routes.ts). Each answers with the spec's success sentence.
 */
export function profileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const owner = (req: FastifyRequest, id: string, what: string) => ownerForWrite(db, ownId(req, id), what);

    registerEndpoint(app, ctx, E.updatePersonalInfo, async (req) => {
      const user = await owner(req, req.body.id, 'its personal information');
      await updateProfile(db, user.id, { fullName: req.body.details.full_name });
      return { message: PROFILE_MESSAGES.personal.success };
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
  };
}
