import { LEDGER_ENDPOINTS as E, firstDayOf, HEADLINE_ENDPOINTS, lastDayOf, londonDateOf } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ownId } from '../auth/authenticate.js';
import { type EndpointRequest, registerEndpoint, registerEndpoints } from '../http/register-endpoint.js';
import { groupedLines, headlineFigure, monthlySeries } from './figures.js';

type OwnerRequest = EndpointRequest<typeof E.getAllSales>;

/** The read calls of docs/product.md, "The calls" over the ledger; every one scoped to the signed-in owner. */
export function ledgerRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    const owner = (req: OwnerRequest) => ownId(req, req.params.id);
    const today = () => londonDateOf(ctx.clock());
    const monthRange = (month: number, year: number) => {
      const m = `${year}-${String(month).padStart(2, '0')}`;
      return { from: firstDayOf(m), to: lastDayOf(m) };
    };

    const { getCurrentMonthSalesTotal, getCurrentMonthExpensesTotal, getCurrentMonthRevenuePerClient, ...lists } = E;
    registerEndpoints(app, ctx, lists, {
      getAllSales: async (req) => ({ sales: await groupedLines(db, owner(req), 'sales') }),
      getAllExpenses: async (req) => ({ expenses: await groupedLines(db, owner(req), 'expenses') }),
      getSalesForMonth: async (req) => ({
        sales: await groupedLines(db, owner(req), 'sales', monthRange(req.body.month, req.body.year)),
      }),
      getExpensesForMonth: async (req) => ({
        expenses: await groupedLines(db, owner(req), 'expenses', monthRange(req.body.month, req.body.year)),
      }),
      getMonthlySales: async (req) => ({ monthly_sales: await monthlySeries(db, owner(req), today(), 'revenue') }),
      getMonthlyExpenses: async (req) => ({
        monthly_expenses: await monthlySeries(db, owner(req), today(), 'expenses'),
      }),
    });
    for (const [name, endpoint] of Object.entries(HEADLINE_ENDPOINTS)) {
      registerEndpoint(app, ctx, endpoint, async (req) =>
        headlineFigure(db, owner(req), today(), name as keyof typeof HEADLINE_ENDPOINTS),
      );
    }
  };
}
