import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { field } from '../../common/card-sim-http';
import type { HmrcContext } from '../hmrc-context';
import { enterItsaCall, ITSA_ERRORS, refuse } from './itsa-guard';
import { businessObligations } from './obligations';

/** The Obligations (MTD) API 3.0's income and expenditure obligations (docs/sandbox.md, "HMRC"). */
const API = 'obligations';
const VERSION = '3.0';
const SCENARIOS = ['INSOLVENT_TRADER', 'NOT_FOUND', 'NO_OBLIGATIONS_FOUND', 'CUMULATIVE'] as const;
const TYPES = ['self-employment', 'uk-property', 'foreign-property'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string | undefined): text is string => {
  if (typeof text !== 'string' || !DAY.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
};

const ERRORS = {
  type: [400, 'FORMAT_TYPE_OF_BUSINESS', 'The provided typeOfBusiness field is invalid'],
  businessId: [400, 'FORMAT_BUSINESS_ID', 'The provided businessId is invalid'],
  missingType: [
    400,
    'MISSING_TYPE_OF_BUSINESS',
    'The type of business query parameter must be provided when an incomeSourceId is supplied',
  ],
  from: [400, 'FORMAT_FROM_DATE', 'The provided fromDate is invalid'],
  to: [400, 'FORMAT_TO_DATE', 'The provided toDate is invalid'],
  missingFrom: [400, 'MISSING_FROM_DATE', 'The From date parameter is missing'],
  missingTo: [400, 'MISSING_TO_DATE', 'The To date parameter is missing'],
  order: [400, 'RANGE_TO_DATE_BEFORE_FROM_DATE', 'The To date must be after the From date'],
  range: [400, 'RULE_DATE_RANGE_INVALID', 'The specified date range is invalid'],
  tooEarly: [400, 'RULE_FROM_DATE_NOT_SUPPORTED', 'The specified From date is not supported as too early'],
  status: [400, 'FORMAT_STATUS', 'The provided status is invalid'],
  insolvent: [400, 'RULE_INSOLVENT_TRADER', 'The remote endpoint has indicated that the Trader is insolvent'],
  none: [404, 'NO_OBLIGATIONS_FOUND', 'No obligations found using this filter'],
} as const;

/** HMRC's example for the CUMULATIVE scenario: a 2026-27 year with three updates met. */
const CUMULATIVE_EXAMPLE = (businessId: string) => [
  {
    typeOfBusiness: 'self-employment',
    businessId,
    obligationDetails: [
      ['2026-07-05', '2026-08-07', '2026-08-01'],
      ['2026-10-05', '2026-11-07', '2026-11-01'],
      ['2027-01-05', '2027-02-07', '2027-02-01'],
      ['2027-04-05', '2027-05-07', null],
    ].map(([end, due, received]) => ({
      periodStartDate: '2026-04-06',
      periodEndDate: end,
      dueDate: due,
      ...(received ? { receivedDate: received, status: 'fulfilled' } : { status: 'open' }),
    })),
  },
];

export function registerObligationsRoutes(app: FastifyInstance, context: HmrcContext): void {
  app.get('/obligations/details/:nino/income-and-expenditure', async (request, reply) => {
    const call = enterItsaCall(context, request, reply, {
      scope: 'read:self-assessment',
      api: API,
      version: VERSION,
      path: '/obligations/details/{nino}/income-and-expenditure',
      scenarios: SCENARIOS,
    });
    if (!call) return reply;
    const { taxpayer, scenario, today } = call;
    const query = request.query;
    const type = field(query, 'typeOfBusiness');
    const businessId = field(query, 'businessId');
    const from = field(query, 'fromDate');
    const to = field(query, 'toDate');
    const status = field(query, 'status');
    if (type !== undefined && !TYPES.includes(type)) return refuse(reply, ERRORS.type);
    if (businessId !== undefined && !/^X[a-zA-Z0-9]IS\d{11}$/.test(businessId)) return refuse(reply, ERRORS.businessId);
    if (businessId !== undefined && type === undefined) return refuse(reply, ERRORS.missingType);
    if (from !== undefined && !isDay(from)) return refuse(reply, ERRORS.from);
    if (to !== undefined && !isDay(to)) return refuse(reply, ERRORS.to);
    if (to !== undefined && from === undefined) return refuse(reply, ERRORS.missingFrom);
    if (from !== undefined && to === undefined) return refuse(reply, ERRORS.missingTo);
    if (from && to && to < from) return refuse(reply, ERRORS.order);
    if (from && to && (Date.parse(to) - Date.parse(from)) / 86_400_000 > 366) return refuse(reply, ERRORS.range);
    if (from && from < '2018-04-06') return refuse(reply, ERRORS.tooEarly);
    if (status !== undefined && status !== 'open' && status !== 'fulfilled') return refuse(reply, ERRORS.status);
    if (scenario === 'INSOLVENT_TRADER') return refuse(reply, ERRORS.insolvent);
    if (scenario === 'NOT_FOUND') return refuse(reply, ITSA_ERRORS.notFound);
    if (scenario === 'NO_OBLIGATIONS_FOUND') return refuse(reply, ERRORS.none);
    const ok = (obligations: unknown) => reply.code(200).header('x-correlationid', randomUUID()).send({ obligations });
    if (scenario === 'CUMULATIVE') return ok(CUMULATIVE_EXAMPLE(taxpayer.businesses[0]!.businessId));

    const wanted =
      (type === undefined || type === 'self-employment') &&
      !(businessId && !taxpayer.businesses.some((b) => b.businessId === businessId));
    const obligations = wanted
      ? taxpayer.businesses
          .filter((business) => !businessId || business.businessId === businessId)
          .map((business) => ({
            typeOfBusiness: 'self-employment',
            businessId: business.businessId,
            obligationDetails: businessObligations(taxpayer, business, context.summaries, today).filter(
              (o) =>
                (!status || o.status === status) &&
                (!from || !to || (o.periodEndDate >= from && o.periodStartDate <= to)),
            ),
          }))
          .filter((business) => business.obligationDetails.length > 0)
      : [];
    if (obligations.length === 0) return refuse(reply, ERRORS.none);
    return ok(obligations);
  });
}
