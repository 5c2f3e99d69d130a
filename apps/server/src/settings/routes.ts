import {
  FinancialGoalsResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  NotificationSettingsSchema,
  SETTINGS_MESSAGES,
  UpdateFinancialGoalsRequestSchema,
  UpdateNotificationSettingsRequestSchema,
} from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownerForWrite } from '../accounts/owner-guard.js';
import type { AppContext } from '../app-context.js';
import { ownId, requireUser } from '../auth/authenticate.js';
import { readFinancialGoals, saveFinancialGoals } from './financial-goals.js';
import { readNotificationSettings, saveNotificationSettings } from './notification-settings.js';

const tags = ['settings'];
const security = [{ bearerAuth: [] }];
const ok = { 200: MessageResponseSchema };

export function settingsRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx.database;
    app.addHook('preHandler', requireUser(ctx));

    app.get(
      '/api/database/get-financial-goals/:id',
      { schema: { tags, security, params: IdParamsSchema, response: { 200: FinancialGoalsResponseSchema } } },
      async (req) => ({ financial_goals: await readFinancialGoals(db, ownId(req, req.params.id)) }),
    );

    app.post(
      '/api/database/update-financial-goals/:id',
      { schema: { tags, security, params: IdParamsSchema, body: UpdateFinancialGoalsRequestSchema, response: ok } },
      async (req) => {
        const owner = await ownerForWrite(db, ownId(req, req.params.id), 'its financial goals');
        await saveFinancialGoals(db, owner.id, req.body.financial_goals);
        return { message: SETTINGS_MESSAGES.goals.success };
      },
    );

    app.get(
      '/api/database/get-notification-settings/:id',
      { schema: { tags, security, params: IdParamsSchema, response: { 200: NotificationSettingsSchema } } },
      async (req) => readNotificationSettings(db, ownId(req, req.params.id)),
    );

    app.post(
      '/api/database/update-notification-settings/:id',
      {
        schema: { tags, security, params: IdParamsSchema, body: UpdateNotificationSettingsRequestSchema, response: ok },
      },
      async (req) => {
        const owner = await ownerForWrite(db, ownId(req, req.params.id), 'its notification settings');
        await saveNotificationSettings(db, owner.id, req.body);
        return { message: SETTINGS_MESSAGES.notifications.success };
      },
    );
  };
}
