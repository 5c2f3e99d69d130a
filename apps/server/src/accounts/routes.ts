import {
  BusinessInformationRequestSchema,
  IdParamsSchema,
  MessageResponseSchema,
  normalisePostcode,
  UserDetailsSchema,
} from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { ownId, requireUser } from '../http/authenticate.js';
import { demoReadOnly, notFound } from '../http/http-error.js';
import { findUserById, recordBusinessDetails, toUserDetails } from './users.js';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];

export function accountRoutes(ctx: AppContext) {
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
