import { SETTINGS_ENDPOINTS as E, londonDateOf, SETTINGS_MESSAGES, VAT_MESSAGES } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import { ownerForWrite } from '../accounts/owner-guard.js';
import type { AppContext } from '../app-context.js';
import { ownId } from '../auth/authenticate.js';
import { registerEndpoints } from '../http/register-endpoint.js';
import { goalsInEffect, saveFinancialGoals } from './financial-goals.js';
import { readNotificationSettings, saveNotificationSettings } from './notification-settings.js';
import { saveVatSettings } from './vat-service.js';
import { readVatSettings } from './vat-settings.js';

export function settingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    registerEndpoints(app, ctx, E, {
      getFinancialGoals: async (req) => goalsInEffect(db, ownId(req, req.params.id), londonDateOf(ctx.clock())),
      updateFinancialGoals: async (req) => {
        const owner = await ownerForWrite(db, ownId(req, req.params.id), 'its financial goals');
        await saveFinancialGoals(db, owner.id, req.body.financial_goals);
        return { message: SETTINGS_MESSAGES.goals.success };
      },
      getNotificationSettings: async (req) => readNotificationSettings(db, ownId(req, req.params.id)),
      updateNotificationSettings: async (req) => {
        const owner = await ownerForWrite(db, ownId(req, req.params.id), 'its notification settings');
        await saveNotificationSettings(db, owner.id, req.body);
        return { message: SETTINGS_MESSAGES.notifications.success };
      },
      getVatSettings: async (req) => ({ vat_settings: await readVatSettings(db, ownId(req, req.params.id)) }),
      updateVatSettings: async (req) => {
        const owner = await ownerForWrite(db, ownId(req, req.params.id), 'its VAT settings');
        await saveVatSettings(db, owner.id, req.body);
        return { message: VAT_MESSAGES.saved };
      },
    });
  };
}
