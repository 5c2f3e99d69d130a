import { FinancialGoalsResponseSchema, IdParamsSchema } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { ownId, requireUser } from '../http/authenticate.js';
import { readFinancialGoals } from './financial-goals.js';

const tags = ['settings'];
const security = [{ bearerAuth: [] }];

export function settingsRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser(ctx));
    app.get(
      '/api/database/get-financial-goals/:id',
      { schema: { tags, security, params: IdParamsSchema, response: { 200: FinancialGoalsResponseSchema } } },
      async (req) => ({ financial_goals: await readFinancialGoals(ctx.database.db, ownId(req, req.params.id)) }),
    );
  };
}
