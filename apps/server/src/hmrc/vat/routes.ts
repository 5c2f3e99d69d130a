import { VAT_RETURN_ENDPOINTS as E, londonDateOf, VAT_RETURN_MESSAGES } from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownerForWrite } from '../../accounts/owner-guard.js';
import { findUserById } from '../../accounts/users.js';
import type { AppContext } from '../../app-context.js';
import { HttpError, notFound } from '../../http/http-error.js';
import { registerEndpoints } from '../../http/register-endpoint.js';
import { ownId } from '../../http/signed-in.js';
import { vatBoxTransactions } from '../../ledger/vat-return-boxes.js';
import { readVatSettings } from '../../settings/vat-settings.js';
import { hmrcEndpointOf } from '../access-token.js';
import { hmrcCaller } from '../caller.js';
import { hmrcConnectionOf } from '../connect-service.js';
import { readVatObligations } from './read-obligations.js';
import { submitVatReturn } from './submit-return.js';
import { returnPeriod, vatReturnDraft } from './vat-return-draft.js';
import { pastVatReturns, viewVatReturn } from './view-return.js';

/** The VAT return's calls (docs/hmrc.md, "VAT"): obligations, the return from the books, its boxes' rows, filing. */
export function vatReturnRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const today = () => londonDateOf(ctx.clock());
    const caller = (req: FastifyRequest, userId: string, client: Parameters<typeof hmrcCaller>[2]) =>
      hmrcCaller(req, userId, client, hmrcEndpointOf(ctx), ctx.clock());
    const registered = async (userId: string) => {
      const settings = await readVatSettings(db, userId);
      if (settings.scheme === 'not_registered')
        throw new HttpError(400, 'not_vat_registered', VAT_RETURN_MESSAGES.notRegistered);
      return settings;
    };

    registerEndpoints(app, ctx, E, {
      obligations: async (req) => {
        const userId = ownId(req, req.params.id);
        const settings = await registered(userId);
        const who = req.body.client && ctx.hmrc.endpoint ? caller(req, userId, req.body.client) : null;
        return readVatObligations(ctx, userId, settings, who, today());
      },
      draft: async (req) => {
        const userId = ownId(req, req.params.id);
        const [owner, settings, connection] = await Promise.all([
          findUserById(db, userId),
          registered(userId),
          hmrcConnectionOf(ctx, userId),
        ]);
        if (!owner) throw notFound();
        const period = await returnPeriod(
          db,
          userId,
          settings,
          { ...req.body, periodKey: req.body.period_key },
          today(),
        );
        return vatReturnDraft(db, { userId, isDemo: owner.isDemo, settings, connection, period, today: today() });
      },
      boxTransactions: async (req) => {
        const userId = ownId(req, req.params.id);
        const settings = await registered(userId);
        const period = await returnPeriod(db, userId, settings, req.body, today());
        const scheme = settings.scheme === 'flat_rate' ? 'flat_rate' : 'standard';
        const page = await vatBoxTransactions(
          db,
          userId,
          { from: period.start, to: period.end },
          req.body.box,
          scheme,
          {
            ...req.body,
            pageSize: req.body.page_size,
          },
        );
        const boxTotal =
          req.body.box === 1 || req.body.box === 4
            ? page.total_vat
            : page.total_amount + (scheme === 'flat_rate' && req.body.box === 6 ? page.total_vat : 0);
        return { ...page, box_total: Math.round(boxTotal * 100) / 100 };
      },
      submit: async (req) => {
        const userId = ownId(req, req.params.id);
        // The demo account files nothing, whatever it sends (accounts/owner-guard.ts).
        await ownerForWrite(db, userId, 'its VAT returns');
        const settings = await registered(userId);
        const period = await returnPeriod(
          db,
          userId,
          settings,
          { ...req.body, periodKey: req.body.period_key },
          today(),
        );
        const receipt = await submitVatReturn(ctx, caller(req, userId, req.body.client), {
          settings,
          period,
          box2Pence: Math.round(req.body.acquisitions_vat * 100),
          seen: req.body.boxes,
          today: today(),
        });
        return { receipt, message: VAT_RETURN_MESSAGES.submitted };
      },
      viewReturn: async (req) => {
        const userId = ownId(req, req.params.id);
        const settings = await registered(userId);
        const period = await returnPeriod(
          db,
          userId,
          settings,
          { ...req.body, periodKey: req.body.period_key },
          today(),
        );
        if (!settings.vrn || !period.periodKey)
          throw new HttpError(409, 'hmrc_not_connected', VAT_RETURN_MESSAGES.notConnected);
        return viewVatReturn(
          ctx,
          caller(req, userId, req.body.client),
          settings.vrn,
          { ...period, periodKey: period.periodKey },
          today(),
        );
      },
      pastReturns: async (req) => ({ returns: await pastVatReturns(db, ownId(req, req.params.id)) }),
    });
  };
}
