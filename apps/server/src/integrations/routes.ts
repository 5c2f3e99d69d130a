import {
  AccessTokensResponseSchema,
  AuthorizationUrlRequestSchema,
  AuthorizationUrlResponseSchema,
  BankListResponseSchema,
  BuildBankLinkRequestSchema,
  BuildBankLinkResponseSchema,
  type CardProcessor,
  CashInTheBankResponseSchema,
  ConnectedResponseSchema,
  DeleteTokensRequestSchema,
  DeleteTokensResponseSchema,
  IdParamsSchema,
  RecordBankTransactionsRequestSchema,
  RecordCardTransactionsRequestSchema,
  StripeAccessTokenRequestSchema,
  SyncStatusResponseSchema,
} from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { ownId, requireUser } from '../auth/authenticate.js';
import { buildBankLink, completeBankConnection, listBanks } from './bank-connect-service.js';
import { cashInTheBankAnswer } from './cash-in-the-bank.js';
import { authorizationUrl, completeCardConnection, disconnect } from './connect-service.js';
import { listConnections, summaryOf } from './connection-store.js';

const tags = ['integrations'];
const security = [{ bearerAuth: [] }];

/**
 * The provider calls of docs/product.md ("The calls"), the authorisation-URL call and sync status
 * (docs/architecture.md, "The API's conventions" and "How an import flows").
 */
export function integrationRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser(ctx));

    app.post(
      '/api/integrations/authorization-url',
      {
        schema: {
          tags,
          security,
          body: AuthorizationUrlRequestSchema,
          response: { 200: AuthorizationUrlResponseSchema },
        },
      },
      async (req) => authorizationUrl(ctx, ownId(req, req.body.id), req.body.processor),
    );

    app.post(
      '/api/stripe/get_access_token',
      { schema: { tags, security, body: StripeAccessTokenRequestSchema, response: { 200: ConnectedResponseSchema } } },
      async (req) => ({ connection: await completeCardConnection(ctx, req.user!.userId, 'stripe', req.body) }),
    );

    for (const processor of ['stripe', 'square', 'sumup'] as const satisfies readonly CardProcessor[]) {
      app.post(
        `/api/${processor}/record-${processor}-transactions`,
        {
          schema: {
            tags,
            security,
            body: RecordCardTransactionsRequestSchema,
            response: { 200: ConnectedResponseSchema },
          },
        },
        async (req) => ({
          connection: await completeCardConnection(ctx, ownId(req, req.body.id), processor, req.body),
        }),
      );
    }

    app.get(
      '/api/gocardless/choose-a-bank',
      { schema: { tags, security, response: { 200: BankListResponseSchema } } },
      async () => ({ banks: await listBanks(ctx) }),
    );

    app.post(
      '/api/gocardless/build-a-link',
      {
        schema: { tags, security, body: BuildBankLinkRequestSchema, response: { 200: BuildBankLinkResponseSchema } },
      },
      async (req) => ({
        requisition: await buildBankLink(ctx, ownId(req, req.body.user_id), {
          institutionId: req.body.institution_id,
          redirect: req.body.redirect,
        }),
      }),
    );

    app.post(
      '/api/gocardless/record-bank-transactions',
      {
        schema: {
          tags,
          security,
          body: RecordBankTransactionsRequestSchema,
          response: { 200: ConnectedResponseSchema },
        },
      },
      async (req) => ({
        connection: await completeBankConnection(ctx, ownId(req, req.body.id), {
          requisitionId: req.body.requisition_id,
          state: (req.body.state ?? req.body.ref)!,
          code: req.body.code,
          error: req.body.error,
        }),
      }),
    );

    app.get(
      '/api/database/get-access-tokens/:id',
      { schema: { tags, security, params: IdParamsSchema, response: { 200: AccessTokensResponseSchema } } },
      async (req) => {
        const rows = await listConnections(ctx.database.db, ownId(req, req.params.id));
        const sales: Record<string, ReturnType<typeof summaryOf>> = {};
        const expenses: Record<string, ReturnType<typeof summaryOf>> = {};
        for (const row of rows) {
          const summary = summaryOf(row);
          if (row.provider === 'bank') expenses.gocardless = summary;
          else sales[row.provider] = summary;
        }
        return { sales_access_tokens: sales, expenses_access_tokens: expenses };
      },
    );

    app.get(
      '/api/integrations/sync-status/:id',
      { schema: { tags, security, params: IdParamsSchema, response: { 200: SyncStatusResponseSchema } } },
      async (req) => ({
        connections: (await listConnections(ctx.database.db, ownId(req, req.params.id))).map(summaryOf),
      }),
    );

    app.get(
      '/api/database/get-cash-in-the-bank/:id',
      { schema: { tags, security, params: IdParamsSchema, response: { 200: CashInTheBankResponseSchema } } },
      async (req) => ({ cash_in_the_bank: await cashInTheBankAnswer(ctx.database.db, ownId(req, req.params.id)) }),
    );

    app.post(
      '/api/database/delete-tokens',
      { schema: { tags, security, body: DeleteTokensRequestSchema, response: { 200: DeleteTokensResponseSchema } } },
      async (req) => ({ connection: await disconnect(ctx, ownId(req, req.body.id), req.body.processor) }),
    );
  };
}
