import { SETTINGS_ENDPOINTS, SETTINGS_MESSAGES } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import { ownerForWrite } from '../accounts/owner-guard.js';
import type { AppContext } from '../app-context.js';
import { registerEndpoints } from '../http/register-endpoint.js';
import { ownId } from '../http/signed-in.js';
import { saveFinancialGoals } from './financial-goals.js';
import { readNotificationSettings, saveNotificationSettings } from './notification-settings.js';
import { readVatSettings } from './vat-settings.js';

/**
 * Saving the VAT settings re-derives the books' VAT, and reading the goals suggests them from the books until the
 * owner saves some: the ledger registers those two calls (ledger/routes.ts).
 */
const { updateVatSettings: _savedByTheLedger, getFinancialGoals: _readByTheLedger, ...E } = SETTINGS_ENDPOINTS;

export function settingsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    registerEndpoints(app, ctx, E, {
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
    });
  };
}
