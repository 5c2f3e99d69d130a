import {
  DEFAULT_HMRC_EXPENSE_CATEGORY,
  INCOME_TAX_ENDPOINTS as E,
  londonDateOf,
  INCOME_TAX_MESSAGES as M,
} from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownerForWrite } from '../../accounts/owner-guard.js';
import { legalFormOf } from '../../accounts/users.js';
import type { AppContext } from '../../app-context.js';
import { HttpError, notFound } from '../../http/http-error.js';
import { registerEndpoints } from '../../http/register-endpoint.js';
import { ownId } from '../../http/signed-in.js';
import { categoryTransactions, rowsByIds } from '../../ledger/category-totals.js';
import { hmrcEndpointOf } from '../access-token.js';
import { hmrcCaller } from '../caller.js';
import { quarterlyFigures } from './quarterly-figures.js';
import { readIncomeTaxObligations } from './read-obligations.js';
import { sendQuarterlyUpdate } from './send-update.js';
import { incomeTaxSettingsOf, updateIncomeTaxSettings } from './settings-service.js';
import { readDisallowable, readIncomeTaxSettings, saveCategoryMapping, saveDisallowable } from './settings-store.js';
import { soleTraderOwner } from './sole-trader.js';

const SECTIONS = {
  turnover: { kinds: ['sale', 'refund'], sign: 1 },
  other_income: { kinds: ['other_income'], sign: 1 },
  expenses: { kinds: ['expense', 'fee'], sign: -1 },
} as const;

/**
 * Making Tax Digital for Income Tax (docs/hmrc.md, "Income Tax"; docs/product.md, "Screens and routes"): the details,
 * HMRC's obligations, the figures of a period with the transactions behind them, the owner's mapping and disallowable
 * marks, and sending. Every call is the owner's own; the demo account reads but changes and sends nothing.
 */
export function incomeTaxRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const today = () => londonDateOf(ctx.clock());
    const caller = (req: FastifyRequest, userId: string, client: Parameters<typeof hmrcCaller>[2]) =>
      hmrcCaller(req, userId, client, hmrcEndpointOf(ctx), ctx.clock());
    const writingSoleTrader = async (userId: string, what: string) => {
      await ownerForWrite(db, userId, what);
      return soleTraderOwner(db, userId);
    };

    registerEndpoints(app, ctx, E, {
      getSettings: async (req) => ({ settings: await incomeTaxSettingsOf(db, ownId(req, req.params.id), today()) }),

      updateSettings: async (req) => {
        const userId = ownId(req, req.params.id);
        await ownerForWrite(db, userId, 'its Income Tax details');
        const { legal_form, ...rest } = req.body;
        const form = legal_form ?? (await legalFormOf(db, userId));
        if (Object.keys(rest).length > 0 && form !== 'sole_trader')
          throw new HttpError(409, 'income_tax_not_sole_trader', form === null ? M.legalFormNeeded : M.notSoleTrader);
        const message = await updateIncomeTaxSettings(db, userId, req.body, ctx.clock());
        return { settings: await incomeTaxSettingsOf(db, userId, today()), message };
      },

      getObligations: async (req) => {
        const userId = ownId(req, req.params.id);
        const owner = await soleTraderOwner(db, userId);
        return readIncomeTaxObligations(ctx, {
          userId,
          businessName: owner.salonName,
          settings: await readIncomeTaxSettings(db, userId),
          caller: req.body.client && ctx.hmrc.endpoint ? caller(req, userId, req.body.client) : null,
          taxYear: req.body.tax_year,
          today: today(),
        });
      },

      getFigures: async (req) => {
        const userId = ownId(req, req.params.id);
        await soleTraderOwner(db, userId);
        const settings = await readIncomeTaxSettings(db, userId);
        return quarterlyFigures(db, userId, { from: req.body.start, to: req.body.end }, settings.expenses, today());
      },

      getTransactions: async (req) => {
        const userId = ownId(req, req.params.id);
        await soleTraderOwner(db, userId);
        const { start, end, section, category, page_size, ...query } = req.body;
        const page = await categoryTransactions(
          db,
          userId,
          { from: start, to: end },
          { ...SECTIONS[section], category },
          {
            ...query,
            pageSize: page_size,
          },
        );
        const marks = section === 'expenses' ? await readDisallowable(db, userId) : new Map<string, number>();
        return {
          ...page,
          transactions: page.transactions.map((t) => ({
            ...t,
            disallowable: marks.has(t.id) ? marks.get(t.id)! / 100 : null,
          })),
        };
      },

      mapCategory: async (req) => {
        const userId = ownId(req, req.params.id);
        await writingSoleTrader(userId, 'its Income Tax details');
        const { category, hmrc_category } = req.body;
        if (!(category in DEFAULT_HMRC_EXPENSE_CATEGORY))
          throw new HttpError(400, 'validation_failed', M.categoryInvalid, { category: M.categoryInvalid });
        await saveCategoryMapping(db, userId, category, hmrc_category);
        return { message: hmrc_category === null ? M.mapReset : M.mapped };
      },

      markDisallowable: async (req) => {
        const userId = ownId(req, req.params.id);
        await writingSoleTrader(userId, 'its Income Tax details');
        const { transaction_id, amount } = req.body;
        const [row] = await rowsByIds(db, userId, [transaction_id]);
        if (!row) throw notFound();
        if (row.kind !== 'expense' && row.kind !== 'fee')
          throw new HttpError(400, 'income_tax_not_expense', M.notExpense);
        if (amount === null) {
          await saveDisallowable(db, userId, transaction_id, null);
          return { message: M.disallowableRemoved };
        }
        const pence = Math.round(amount * 100);
        if (!Number.isFinite(amount) || Math.abs(pence - amount * 100) > 1e-6 || pence < 1 || pence > -row.netPence)
          throw new HttpError(400, 'validation_failed', M.disallowableInvalid, { amount: M.disallowableInvalid });
        await saveDisallowable(db, userId, transaction_id, pence);
        return { message: M.disallowableSaved };
      },

      sendUpdate: async (req) => {
        const userId = ownId(req, req.params.id);
        const owner = await writingSoleTrader(userId, 'its quarterly updates');
        const update = await sendQuarterlyUpdate(ctx, caller(req, userId, req.body.client), owner, {
          start: req.body.start,
          end: req.body.end,
          expenses: req.body.expenses,
          today: today(),
        });
        return { message: M.sent, update };
      },
    });
  };
}
