import {
  BOOKS_ENDPOINTS as B,
  BOOKS_MESSAGES,
  LEDGER_ENDPOINTS as E,
  firstDayOf,
  HEADLINE_ENDPOINTS,
  lastDayOf,
  londonDateOf,
  monthOf,
  SALES_MESSAGES,
  SETTINGS_ENDPOINTS,
  VAT_MESSAGES,
} from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import { ownerForWrite } from '../accounts/owner-guard.js';
import type { AppContext } from '../app-context.js';
import { type EndpointRequest, registerEndpoint, registerEndpoints } from '../http/register-endpoint.js';
import { ownId } from '../http/signed-in.js';
import { correctionOptions, correctTransaction, listRules, removeRule } from './corrections.js';
import { groupedLines, headlineFigure, monthlySeries } from './figures.js';
import { goalProgress } from './goal-progress.js';
import { goalsInEffect } from './goals-in-effect.js';
import { lineTransactions } from './line-transactions.js';
import { retention } from './retention.js';
import {
  correctItem,
  itemCorrectionOptions,
  listItemRules,
  removeItemRule,
  renameSalesCategory,
  salesCategories,
} from './sales-corrections.js';
import { saveVatSettings } from './vat-settings-change.js';

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
      getRetention: async (req) => retention(db, owner(req), today()),
      getGoalProgress: async (req) => goalProgress(db, owner(req), today()),
    });
    for (const [name, endpoint] of Object.entries(HEADLINE_ENDPOINTS)) {
      registerEndpoint(app, ctx, endpoint, async (req) =>
        headlineFigure(db, owner(req), ctx.clock(), name as keyof typeof HEADLINE_ENDPOINTS),
      );
    }

    // The transactions behind a report's line and the owner's corrections (docs/finance.md, "The owner's
    // corrections"). The line covers the same days as the report: the current month ends today.
    registerEndpoints(app, ctx, B, {
      getLineTransactions: async (req) => {
        const { month, year, group, category, item, team_member, search, sort, direction, page, page_size } = req.body;
        const range = monthRange(month, year);
        const now = today();
        if (monthOf(now) === monthOf(range.from) && now < range.to) range.to = now;
        return lineTransactions(db, owner(req), range, {
          group,
          category,
          item,
          teamMember: team_member,
          search,
          sort,
          direction,
          page,
          pageSize: page_size,
        });
      },
      // A transaction id, or a sold item's: items move between sales categories the same way (sales-corrections.ts).
      getCorrectionOptions: async (req) =>
        (await itemCorrectionOptions(db, owner(req), req.body.transaction_id)) ??
        correctionOptions(db, owner(req), req.body.transaction_id),
      correctTransaction: async (req) => {
        const user = await ownerForWrite(db, owner(req), 'its transactions');
        const request = {
          category: req.body.category,
          applyToSimilar: req.body.apply_to_similar,
        };
        const done =
          (await correctItem(db, user.id, { itemId: req.body.transaction_id, ...request })) ??
          (await correctTransaction(db, user.id, { transactionId: req.body.transaction_id, ...request }));
        return { message: BOOKS_MESSAGES.corrected, moved: done.moved, rule_id: done.ruleId };
      },
      getCategoryRules: async (req) => {
        const [bank, items] = await Promise.all([listRules(db, owner(req)), listItemRules(db, owner(req))]);
        const rules = [...bank, ...items].sort(
          (a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
        );
        return { rules };
      },
      removeCategoryRule: async (req) => {
        const user = await ownerForWrite(db, owner(req), 'its rules');
        const request = { ruleId: req.body.rule_id, restore: req.body.restore };
        const done = (await removeItemRule(db, user.id, request)) ?? (await removeRule(db, user.id, request));
        return { message: BOOKS_MESSAGES.ruleRemoved, restored: done.restored };
      },
      getSalesCategories: async (req) => ({ categories: await salesCategories(db, owner(req)) }),
      renameSalesCategory: async (req) => {
        const user = await ownerForWrite(db, owner(req), 'its sales categories');
        const done = await renameSalesCategory(db, user.id, req.body);
        return { message: SALES_MESSAGES.renamed, name: done.name };
      },
    });

    // Settings calls, registered here: reading the goals suggests them from the books until the owner saves some
    // (goals-in-effect.ts), and saving the VAT settings re-derives the VAT of the books (vat-settings-change.ts).
    registerEndpoint(app, ctx, SETTINGS_ENDPOINTS.getFinancialGoals, async (req) =>
      goalsInEffect(db, ownId(req, req.params.id), today()),
    );
    registerEndpoint(app, ctx, SETTINGS_ENDPOINTS.updateVatSettings, async (req) => {
      const user = await ownerForWrite(db, ownId(req, req.params.id), 'its VAT settings');
      await saveVatSettings(db, user.id, req.body, londonDateOf(ctx.clock()));
      return { message: VAT_MESSAGES.saved };
    });
  };
}
