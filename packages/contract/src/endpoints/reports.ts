import { IdParamsSchema } from '../auth/schemas.js';
import { ReportYearsResponseSchema } from '../ledger/books.js';
import { TeamBreakdownRequestSchema, TeamBreakdownResponseSchema } from '../ledger/sales.js';
import { ReportRequestSchema, ReportResponseSchema } from '../reports/model.js';
import { endpoints } from './endpoint.js';

export const REPORT_ENDPOINTS = endpoints('reports', {
  /** `{type, month, year}`: the report table model the PDF and CSV render. */
  getReport: {
    summary: 'A report (income statement, sales, expenses or VAT) for a month, as JSON, CSV or PDF',
    method: 'POST',
    path: '/api/database/get-report/:id',
    auth: 'session',
    params: IdParamsSchema,
    body: ReportRequestSchema,
    answer: ReportResponseSchema,
  },
  /** This year and every earlier year with transactions, newest first: the Reports screen's year selector. */
  getReportYears: {
    summary: "The years the owner's reports can cover",
    method: 'GET',
    path: '/api/database/get-report-years/:id',
    auth: 'session',
    params: IdParamsSchema,
    answer: ReportYearsResponseSchema,
  },
  /**
   * Beyond the spec: a month's sales by team member, as the processors that name who took a payment say
   * (docs/finance.md, "Who sold it"); the same months as the reports.
   */
  getTeamBreakdown: {
    summary: "A month's sales by team member, where the processors name who took each payment",
    method: 'POST',
    path: '/api/database/get-team-breakdown/:id',
    auth: 'session',
    params: IdParamsSchema,
    body: TeamBreakdownRequestSchema,
    answer: TeamBreakdownResponseSchema,
  },
});
