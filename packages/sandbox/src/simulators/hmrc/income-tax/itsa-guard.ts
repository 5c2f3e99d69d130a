import { londonDateOf } from '@brade/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { guardApiCall } from '../hmrc-api-guard';
import type { HmrcContext } from '../hmrc-context';
import { sendHmrcError } from '../hmrc-errors';
import type { ItsaTaxpayer } from './itsa-taxpayers';

export type HmrcRefusal = readonly [number, string, string];

/** The Income Tax APIs' common refusals, in the words of HMRC's descriptions. */
export const ITSA_ERRORS = {
  formatNino: [400, 'FORMAT_NINO', 'The provided NINO is invalid'],
  notAuthorised: [403, 'CLIENT_OR_AGENT_NOT_AUTHORISED', 'The client or agent is not authorised'],
  notFound: [404, 'MATCHING_RESOURCE_NOT_FOUND', 'Matching resource not found'],
  scenario: [400, 'RULE_INCORRECT_GOV_TEST_SCENARIO', 'The supplied Gov-Test-Scenario is not valid'],
  taxYearFormat: [400, 'FORMAT_TAX_YEAR', 'The taxYear format is invalid'],
  taxYearRange: [400, 'RULE_TAX_YEAR_RANGE_INVALID', 'A tax year range of one year is required'],
  taxYearNotSupported: [
    400,
    'RULE_TAX_YEAR_NOT_SUPPORTED',
    'The tax year specified does not lie within the supported range',
  ],
  businessIdFormat: [400, 'FORMAT_BUSINESS_ID', 'The Business ID format is invalid'],
} as const satisfies Record<string, HmrcRefusal>;

export const isRefusal = (value: unknown): value is HmrcRefusal => Array.isArray(value);

export const refuse = (reply: FastifyReply, [status, code, message]: HmrcRefusal) =>
  sendHmrcError(reply, status, code, message);

/** The shape HMRC's APIs check a NINO against before anything else: AA999999A. */
const NINO_SHAPE = /^[A-Z]{2}\d{6}[A-D]$/;

export interface ItsaCall {
  taxpayer: ItsaTaxpayer;
  scenario: string;
  today: string;
}

/**
 * What every Income Tax endpoint checks: the platform's checks and the fraud-prevention headers (hmrc-api-guard.ts),
 * the path's NINO (its shape, 400 FORMAT_NINO; the authorising individual's own, else 403, as HMRC answers when the
 * client is not signed up or has not authorised the software), and a scenario the endpoint knows. Replies and returns
 * null when a check fails.
 */
export function enterItsaCall(
  context: HmrcContext,
  request: FastifyRequest,
  reply: FastifyReply,
  need: { scope: string; api: string; version: string; path: string; scenarios: readonly string[] },
): ItsaCall | null {
  const guarded = guardApiCall(context, request, reply, need);
  if (!guarded) return null;
  const { nino } = request.params as { nino: string };
  if (!NINO_SHAPE.test(nino)) {
    refuse(reply, ITSA_ERRORS.formatNino);
    return null;
  }
  const taxpayer = guarded.grant.nino === nino ? context.itsa.get(nino) : undefined;
  if (!taxpayer) {
    refuse(reply, ITSA_ERRORS.notAuthorised);
    return null;
  }
  const scenario = guarded.scenario;
  if (scenario && scenario !== 'STATEFUL' && !need.scenarios.includes(scenario)) {
    refuse(reply, ITSA_ERRORS.scenario);
    return null;
  }
  return { taxpayer, scenario, today: londonDateOf(context.clock.now()) };
}
