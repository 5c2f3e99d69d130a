import {
  ExpensesResponseSchema,
  firstDayOf,
  HeadlineFigureSchema,
  IdParamsSchema,
  lastDayOf,
  londonDateOf,
  MonthlyExpensesResponseSchema,
  MonthlySalesResponseSchema,
  MonthRequestSchema,
  SalesResponseSchema,
} from '@brade/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { ownId, requireUser } from '../auth/authenticate.js';
import { groupedLines, type HeadlineName, headlineFigure, monthlySeries } from './figures.js';

const tags = ['ledger'];
const security = [{ bearerAuth: [] }];
const params = IdParamsSchema;

/** The read calls of docs/product.md, "The calls" over the ledger; every one scoped to the signed-in owner. */
export function ledgerRoutes(ctx: AppContext) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser(ctx));
    const { db } = ctx.database;
    const owner = (req: FastifyRequest<{ Params: { id: string } }>) => ownId(req, req.params.id);
    const today = () => londonDateOf(ctx.clock());

    app.get(
      '/api/database/get-all-sales/:id',
      { schema: { tags, security, params, response: { 200: SalesResponseSchema } } },
      async (req) => ({
        sales: await groupedLines(db, owner(req), 'sales'),
      }),
    );
    app.get(
      '/api/database/get-all-expenses/:id',
      { schema: { tags, security, params, response: { 200: ExpensesResponseSchema } } },
      async (req) => ({
        expenses: await groupedLines(db, owner(req), 'expenses'),
      }),
    );

    const monthRange = (month: number, year: number) => {
      const m = `${year}-${String(month).padStart(2, '0')}`;
      return { from: firstDayOf(m), to: lastDayOf(m) };
    };
    app.post(
      '/api/database/get-sales-for-month/:id',
      { schema: { tags, security, params, body: MonthRequestSchema, response: { 200: SalesResponseSchema } } },
      async (req) => ({
        sales: await groupedLines(db, owner(req), 'sales', monthRange(req.body.month, req.body.year)),
      }),
    );
    app.post(
      '/api/database/get-expenses-for-month/:id',
      { schema: { tags, security, params, body: MonthRequestSchema, response: { 200: ExpensesResponseSchema } } },
      async (req) => ({
        expenses: await groupedLines(db, owner(req), 'expenses', monthRange(req.body.month, req.body.year)),
      }),
    );

    app.get(
      '/api/database/get-monthly-sales/:id',
      { schema: { tags, security, params, response: { 200: MonthlySalesResponseSchema } } },
      async (req) => ({
        monthly_sales: await monthlySeries(db, owner(req), today(), 'revenue'),
      }),
    );
    app.get(
      '/api/database/get-monthly-expenses/:id',
      { schema: { tags, security, params, response: { 200: MonthlyExpensesResponseSchema } } },
      async (req) => ({ monthly_expenses: await monthlySeries(db, owner(req), today(), 'expenses') }),
    );

    const headline = (path: string, name: HeadlineName) =>
      app.get(path, { schema: { tags, security, params, response: { 200: HeadlineFigureSchema } } }, async (req) =>
        headlineFigure(db, owner(req), today(), name),
      );
    headline('/api/database/get-current-month-sales-total/:id', 'sales');
    headline('/api/database/get-current-month-expenses-total/:id', 'expenses');
    headline('/api/database/get-current-month-revenue-per-client/:id', 'revenuePerClient');
  };
}
