import { ERROR_CODES, londonDateOf, REPORT_ENDPOINTS, REPORT_MESSAGES } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ownId } from '../auth/authenticate.js';
import { HttpError } from '../http/http-error.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { buildReport } from './build-report.js';

/**
 * docs/product.md, "Constants and looks": reports cover only the current calendar year up to the current month
 * (Europe/London).
 */
function assertReportable(month: number, year: number, today: string): void {
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const field = year !== thisYear ? 'year' : month > thisMonth ? 'month' : null;
  if (field) {
    throw new HttpError(400, ERROR_CODES.validation, REPORT_MESSAGES.outOfRange, {
      [field]: REPORT_MESSAGES.outOfRange,
    });
  }
}

/** `POST /api/database/get-report/{id}` with `{type, month, year}`: the report table model the PDF and CSV render. */
export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, ctx, REPORT_ENDPOINTS.getReport, async (req) => {
      const owner = ownId(req, req.params.id);
      const today = londonDateOf(ctx.clock());
      assertReportable(req.body.month, req.body.year, today);
      return { report: await buildReport(ctx.database.db, owner, req.body, today) };
    });
  };
}
