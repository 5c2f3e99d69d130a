import { INTEGRATION_ENDPOINTS as E } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerEndpoints } from '../http/register-endpoint.js';
import { ownId } from '../http/signed-in.js';
import { buildBankLink, completeBankConnection, listBanks } from './bank-connect-service.js';
import { cashInTheBankAnswer } from './cash-in-the-bank.js';
import { authorizationUrl, completeCardConnection, disconnect } from './connect-service.js';
import { accessTokenMaps, listConnections, summaryOf } from './connection-store.js';

/**
 * The provider calls of docs/product.md ("The calls"), the authorisation-URL call and sync status
 * (docs/architecture.md, "The API's conventions" and "How an import flows").
 */
export function integrationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    registerEndpoints(app, ctx, E, {
      authorizationUrl: async (req) => authorizationUrl(ctx, ownId(req, req.body.id), req.body.processor),
      stripeAccessToken: async (req) => ({
        connection: await completeCardConnection(ctx, req.user!.userId, 'stripe', req.body),
      }),
      recordStripeTransactions: async (req) => ({
        connection: await completeCardConnection(ctx, ownId(req, req.body.id), 'stripe', req.body),
      }),
      recordSquareTransactions: async (req) => ({
        connection: await completeCardConnection(ctx, ownId(req, req.body.id), 'square', req.body),
      }),
      recordSumupTransactions: async (req) => ({
        connection: await completeCardConnection(ctx, ownId(req, req.body.id), 'sumup', req.body),
      }),
      chooseABank: [async () => ({ banks: await listBanks(ctx) }), { sessionFirst: true }],
      buildABankLink: async (req) => ({
        requisition: await buildBankLink(ctx, ownId(req, req.body.user_id), {
          institutionId: req.body.institution_id,
          redirect: req.body.redirect,
        }),
      }),
      recordBankTransactions: async (req) => ({
        connection: await completeBankConnection(ctx, ownId(req, req.body.id), {
          requisitionId: req.body.requisition_id,
          state: (req.body.state ?? req.body.ref)!,
          code: req.body.code,
          error: req.body.error,
        }),
      }),
      getAccessTokens: async (req) => accessTokenMaps(await listConnections(db, ownId(req, req.params.id))),
      syncStatus: async (req) => ({
        connections: (await listConnections(db, ownId(req, req.params.id))).map(summaryOf),
      }),
      getCashInTheBank: async (req) => ({
        cash_in_the_bank: await cashInTheBankAnswer(db, ownId(req, req.params.id)),
      }),
      deleteTokens: async (req) => ({ connection: await disconnect(ctx, ownId(req, req.body.id), req.body.processor) }),
    });
  };
}
