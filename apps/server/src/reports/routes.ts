import { ERROR_CODES, londonDateOf, londonTimeOf, REPORT_ENDPOINTS, REPORT_MESSAGES } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../http/http-error.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { ownId } from '../http/signed-in.js';
import { yearsWithData } from '../ledger/line-transactions.js';
import { teamBreakdown } from '../ledger/team-breakdown.js';
import { buildReport, reportPeriod } from './build-report.js';

/**
 * docs/product.md, "Constants and looks": reports cover the current calendar year up to the current month
 * (Europe/London); beyond the spec, every month of an earlier year the owner has transactions in
 * (docs/finance.md, "Every year").
 */
async function assertReportable(month: number, year: number, today: string, earlierYears: () => Promise<number[]>) {
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const field =
    year > thisYear || (year < thisYear && !(await earlierYears()).includes(year))
      ? 'year'
      : year === thisYear && month > thisMonth
        ? 'month'
        : null;
  if (field) {
    throw new HttpError(400, ERROR_CODES.validation, REPORT_MESSAGES.outOfRange, {
      [field]: REPORT_MESSAGES.outOfRange,
    });
  }
}

/** This year and every earlier year with transactions, newest first. */
async function reportYears(ctx: AppContext, owner: string, today: string): Promise<number[]> {
  const thisYear = Number(today.slice(0, 4));
  const years = await yearsWithData(ctx.database.db, owner);
  return [thisYear, ...years.filter((y) => y < thisYear)];
}

/** `POST /api/database/get-report/{id}` with `{type, month, year}`: the report table model the PDF and CSV render. */
export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, ctx, REPORT_ENDPOINTS.getReport, async (req) => {
      const owner = ownId(req, req.params.id);
      const today = londonDateOf(ctx.clock());
      await assertReportable(req.body.month, req.body.year, today, () => yearsWithData(ctx.database.db, owner));
      const time = londonTimeOf(ctx.clock());
      return { report: await buildReport(ctx.database.db, owner, req.body, today, time) };
    });
    registerEndpoint(app, ctx, REPORT_ENDPOINTS.getTeamBreakdown, async (req) => {
      const owner = ownId(req, req.params.id);
      const today = londonDateOf(ctx.clock());
      await assertReportable(req.body.month, req.body.year, today, () => yearsWithData(ctx.database.db, owner));
      const period = reportPeriod(req.body, today);
      return { period, ...(await teamBreakdown(ctx.database.db, owner, period)) };
    });
    registerEndpoint(app, ctx, REPORT_ENDPOINTS.getReportYears, async (req) => {
      const owner = ownId(req, req.params.id);
      return { years: await reportYears(ctx, owner, londonDateOf(ctx.clock())) };
    });
  };
}
