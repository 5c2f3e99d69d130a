import { randomUUID } from 'node:crypto';
import { addDays, isTaxYear, startYearOf, taxYearOfDay } from '@brade/contract';
import type { FastifyInstance } from 'fastify';
import type { HmrcContext } from '../hmrc-context';
import { checkCumulativeBody } from './cumulative-checks';
import { enterItsaCall, type HmrcRefusal, ITSA_ERRORS, type ItsaCall, isRefusal, refuse } from './itsa-guard';
import { quarterEnds } from './obligations';

/** The Self Employment Business (MTD) API 5.0's cumulative period summary (docs/sandbox.md, "HMRC"). */
const API = 'self-employment-business';
const VERSION = '5.0';
const PATH = '/individuals/business/self-employment/{nino}/{businessId}/cumulative/{taxYear}';

/** The scenarios of "Create or Amend" that answer an error, by HMRC's names. */
const PUT_SCENARIOS: Record<string, HmrcRefusal> = {
  NOT_FOUND: ITSA_ERRORS.notFound,
  TAX_YEAR_NOT_SUPPORTED: ITSA_ERRORS.taxYearNotSupported,
  BOTH_EXPENSES_SUPPLIED: [
    400,
    'RULE_BOTH_EXPENSES_SUPPLIED',
    'Both expenses and consolidatedExpenses can not be present at the same time',
  ],
  START_DATE_NOT_ALIGNED_TO_COMMENCEMENT_DATE: [
    400,
    'RULE_START_DATE_NOT_ALIGNED_TO_COMMENCEMENT_DATE',
    'Start date does not align to the commencement date',
  ],
  END_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE: [
    400,
    'RULE_END_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE',
    'End date does not align to the reporting type',
  ],
  MISSING_SUBMISSION_DATES: [400, 'RULE_MISSING_SUBMISSION_DATES', 'Submission start/end date not provided'],
  START_AND_END_DATE_NOT_ALLOWED: [
    400,
    'RULE_START_AND_END_DATE_NOT_ALLOWED',
    'Start/end date not accepted for annual/latent submission',
  ],
  EARLY_DATA_SUBMISSION_NOT_ACCEPTED: [
    400,
    'RULE_EARLY_DATA_SUBMISSION_NOT_ACCEPTED',
    'Cannot submit data more than 10 days before end of Period',
  ],
  OUTSIDE_AMENDMENT_WINDOW: [400, 'RULE_OUTSIDE_AMENDMENT_WINDOW', 'You are outside the amendment window'],
  ADVANCE_SUBMISSION_REQUIRES_PERIOD_END_DATE: [
    400,
    'RULE_ADVANCE_SUBMISSION_REQUIRES_PERIOD_END_DATE',
    'For advance submission end date must be the end of the period',
  ],
  SUBMISSION_END_DATE_CANNOT_MOVE_BACKWARDS: [
    400,
    'RULE_SUBMISSION_END_DATE_CANNOT_MOVE_BACKWARDS',
    'Submission end date cannot be earlier than existing submission',
  ],
  START_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE: [
    400,
    'RULE_START_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE',
    'Start date does not align to the reporting type',
  ],
};
const GET_SCENARIOS = ['NOT_FOUND', 'TAX_YEAR_NOT_SUPPORTED', 'CONSOLIDATED_EXPENSES'];

/** HMRC's example for the CONSOLIDATED_EXPENSES scenario of "Retrieve". */
const CONSOLIDATED_EXAMPLE = {
  periodDates: { periodStartDate: '2025-04-06', periodEndDate: '2025-07-05' },
  periodIncome: { turnover: 200, other: 200, taxTakenOffTradingIncome: 1000.99 },
  periodExpenses: { consolidatedExpenses: 200 },
};

export function registerCumulativeRoutes(app: FastifyInstance, context: HmrcContext): void {
  /** The path's business and tax year, or the refusal to answer with. */
  const target = (call: ItsaCall, params: { businessId: string; taxYear: string }) => {
    const { businessId, taxYear } = params;
    if (!/^\d{4}-\d{2}$/.test(taxYear)) return ITSA_ERRORS.taxYearFormat;
    if (!isTaxYear(taxYear)) return ITSA_ERRORS.taxYearRange;
    if (!/^X[A-Z0-9]IS\d{11}$/.test(businessId)) return ITSA_ERRORS.businessIdFormat;
    // Cumulative summaries began with 2025-26; a year that has not started cannot have one.
    const current = startYearOf(taxYearOfDay(call.today));
    if (startYearOf(taxYear) < 2025 || startYearOf(taxYear) > current || call.scenario === 'TAX_YEAR_NOT_SUPPORTED')
      return ITSA_ERRORS.taxYearNotSupported;
    const business = call.taxpayer.businesses.find((b) => b.businessId === businessId);
    if (!business || call.scenario === 'NOT_FOUND') return ITSA_ERRORS.notFound;
    return { business, taxYear };
  };

  app.put('/individuals/business/self-employment/:nino/:businessId/cumulative/:taxYear', async (request, reply) => {
    const call = enterItsaCall(context, request, reply, {
      scope: 'write:self-assessment',
      api: API,
      version: VERSION,
      path: PATH,
      scenarios: Object.keys(PUT_SCENARIOS),
    });
    if (!call) return reply;
    const found = target(call, request.params as { businessId: string; taxYear: string });
    if (isRefusal(found)) return refuse(reply, found);
    const scripted = PUT_SCENARIOS[call.scenario];
    if (scripted) return refuse(reply, scripted);
    const summary = checkCumulativeBody(request.body);
    if (isRefusal(summary)) return refuse(reply, summary);
    const { business, taxYear } = found;
    const { taxpayer, today } = call;
    const periods = quarterEnds(taxpayer, business, taxYear);
    const { periodStartDate: start, periodEndDate: end } = summary.periodDates;
    if (start !== periods[0]!.start) return refuse(reply, PUT_SCENARIOS.START_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE!);
    if (!periods.some((p) => p.end === end))
      return refuse(reply, PUT_SCENARIOS.END_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE!);
    // "You can send an update up to 10 days before the end of the update period."
    if (today < addDays(end, -10)) return refuse(reply, PUT_SCENARIOS.EARLY_DATA_SUBMISSION_NOT_ACCEPTED!);
    const held = context.summaries.get(taxpayer.nino, business.businessId, taxYear);
    if (held && end < held.periodDates.periodEndDate)
      return refuse(reply, PUT_SCENARIOS.SUBMISSION_END_DATE_CANNOT_MOVE_BACKWARDS!);
    context.summaries.put(
      taxpayer.nino,
      business.businessId,
      taxYear,
      summary,
      periods.map((p) => p.end),
      today,
    );
    return reply.code(204).header('x-correlationid', randomUUID()).send();
  });

  app.get('/individuals/business/self-employment/:nino/:businessId/cumulative/:taxYear', async (request, reply) => {
    const call = enterItsaCall(context, request, reply, {
      scope: 'read:self-assessment',
      api: API,
      version: VERSION,
      path: PATH,
      scenarios: GET_SCENARIOS,
    });
    if (!call) return reply;
    const found = target(call, request.params as { businessId: string; taxYear: string });
    if (isRefusal(found)) return refuse(reply, found);
    const ok = (body: unknown) => reply.code(200).header('x-correlationid', randomUUID()).send(body);
    if (call.scenario === 'CONSOLIDATED_EXPENSES') return ok(CONSOLIDATED_EXAMPLE);
    const held = context.summaries.get(call.taxpayer.nino, found.business.businessId, found.taxYear);
    if (!held) return refuse(reply, ITSA_ERRORS.notFound);
    return ok(held);
  });
}
