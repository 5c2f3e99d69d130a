import { randomBytes, randomUUID } from 'node:crypto';
import { londonDateOf } from '@brade/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { field } from '../../common/card-sim-http';
import { guardApiCall, guardVrn } from '../hmrc-api-guard';
import type { HmrcContext } from '../hmrc-context';
import { sendHmrcError } from '../hmrc-errors';
import type { Taxpayer } from '../taxpayers';
import { checkDeclaration } from './declaration-checks';
import { type Obligation, scenarioObligations, taxpayerObligations } from './obligations';

const API = 'vat-mtd';
const VERSION = '1.0';
const BASE = '/organisations/vat/:vrn';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// A calendar day that exists: '2026-13-01' or '2026-02-30' is refused, never thrown on (Date gives NaN for them).
const isDay = (text: string | undefined): text is string => {
  if (!text || !DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
};
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

const NOT_FOUND = [404, 'NOT_FOUND', 'The requested resource could not be found'] as const;
const INSOLVENT = [
  403,
  'RULE_INSOLVENT_TRADER',
  'The remote endpoint has indicated that the Trader is insolvent',
] as const;

const ok = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('x-correlationid', randomUUID()).send(body);
const refuse = (reply: FastifyReply, [status, code, message]: readonly [number, string, string]) =>
  sendHmrcError(reply, status, code, message);

/**
 * HMRC's VAT (MTD) API 1.0 as its published description has it (docs/hmrc.md, "VAT"): obligations on the taxpayer's
 * own periods, returns kept and served back, one per period, and liabilities and payments that follow from them.
 */
export function registerVatRoutes(app: FastifyInstance, context: HmrcContext): void {
  /** The checks every endpoint shares; the taxpayer and scenario, or null once it has replied. */
  const enter = (request: FastifyRequest, reply: FastifyReply, scope: string, path: string) => {
    const guarded = guardApiCall(context, request, reply, { scope, api: API, version: VERSION, path });
    if (!guarded) return null;
    const vrn = (request.params as { vrn: string }).vrn;
    if (!guardVrn(vrn, guarded.grant, reply)) return null;
    if (guarded.scenario === 'INSOLVENT_TRADER') {
      refuse(reply, INSOLVENT);
      return null;
    }
    const taxpayer = context.taxpayers.get(vrn);
    if (!taxpayer) {
      refuse(reply, NOT_FOUND);
      return null;
    }
    return { taxpayer, scenario: guarded.scenario, today: londonDateOf(context.clock.now()) };
  };

  app.get(`${BASE}/obligations`, async (request, reply) => {
    const entered = enter(request, reply, 'read:vat', '/organisations/vat/{vrn}/obligations');
    if (!entered) return reply;
    const { taxpayer, scenario, today } = entered;
    const from = field(request.query, 'from');
    const to = field(request.query, 'to');
    const status = field(request.query, 'status');
    if (status !== undefined && status !== 'O' && status !== 'F')
      return refuse(reply, [400, 'INVALID_STATUS', 'The provided data is failed validation, invalid status']);
    if (status !== 'O' || from !== undefined || to !== undefined) {
      if (!isDay(from)) return refuse(reply, [400, 'INVALID_DATE_FROM', 'The provided from date is invalid']);
      if (!isDay(to)) return refuse(reply, [400, 'INVALID_DATE_TO', 'The provided to date is invalid']);
      if (from > to || daysBetween(from, to) > 365)
        return refuse(reply, [400, 'INVALID_DATE_RANGE', 'Invalid date range, must be 366 days or less']);
    }
    if (scenario === 'NOT_FOUND') return refuse(reply, NOT_FOUND);
    const all = scenarioObligations(scenario, taxpayer, today) ?? taxpayerObligations(taxpayer, context.returns, today);
    const found = all.filter(
      (o) => (!status || o.status === status) && (!from || !to || (o.end >= from && o.start <= to)),
    );
    if (found.length === 0) return refuse(reply, NOT_FOUND);
    return ok(reply, 200, { obligations: found });
  });

  app.post(`${BASE}/returns`, async (request, reply) => {
    const entered = enter(request, reply, 'write:vat', '/organisations/vat/{vrn}/returns');
    if (!entered) return reply;
    const { taxpayer, scenario, today } = entered;
    const scripted = SUBMIT_SCENARIOS[scenario];
    if (scripted) return refuse(reply, scripted);
    const checked = checkDeclaration(request.body);
    if (Array.isArray(checked)) return refuse(reply, checked);
    const obligation = openOrFiled(taxpayer, context, today).find((o) => o.periodKey === checked.boxes.periodKey);
    if (!obligation) return refuse(reply, [400, 'PERIOD_KEY_INVALID', 'Invalid period key']);
    if (obligation.end >= today)
      return refuse(reply, [
        403,
        'TAX_PERIOD_NOT_ENDED',
        'The remote endpoint has indicated that the submission is for a tax period that has not ended',
      ]);
    const debit = checked.boxes.totalVatDue > checked.boxes.vatReclaimedCurrPeriod;
    const stored = { boxes: checked.boxes, period: obligation, receivedOn: today, debit };
    if (obligation.status === 'F' || !context.returns.add(taxpayer.vrn, stored)) return refuse(reply, DUPLICATE);
    const now = context.clock.now();
    const receipt = {
      processingDate: now.toISOString().replace('Z', '+0000'),
      ...(checked.boxes.netVatDue > 0 ? { paymentIndicator: debit ? 'DD' : 'BANK' } : {}),
      formBundleNumber: String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 900_000_000_000)),
      ...(debit ? { chargeRefNumber: randomBytes(12).toString('base64url').slice(0, 16) } : {}),
    };
    return ok(
      reply
        .header('receipt-id', randomUUID())
        .header('receipt-timestamp', now.toISOString().replace(/\.\d{3}Z$/, 'Z'))
        .header('receipt-signature', 'DO NOT USE'),
      201,
      receipt,
    );
  });

  app.get(`${BASE}/returns/:periodKey`, async (request, reply) => {
    const entered = enter(request, reply, 'read:vat', '/organisations/vat/{vrn}/returns/{periodKey}');
    if (!entered) return reply;
    const { periodKey } = request.params as { periodKey: string };
    if (periodKey.length !== 4) return refuse(reply, [400, 'PERIOD_KEY_INVALID', 'Invalid period key']);
    if (entered.scenario === 'DATE_RANGE_TOO_LARGE')
      return refuse(reply, [
        403,
        'DATE_RANGE_TOO_LARGE',
        'The date of the requested return cannot be further than four years from the current date',
      ]);
    const stored = context.returns.get(entered.taxpayer.vrn, periodKey);
    if (!stored) return refuse(reply, NOT_FOUND);
    return ok(reply, 200, stored.boxes);
  });

  app.get(`${BASE}/liabilities`, async (request, reply) => {
    const entered = enter(request, reply, 'read:vat', '/organisations/vat/{vrn}/liabilities');
    if (!entered) return reply;
    const range = accountRange(request, reply, entered.today);
    if (!range) return reply;
    const liabilities = context.returns
      .all(entered.taxpayer.vrn)
      .filter((r) => r.debit && r.period.end >= range.from && r.period.end <= range.to)
      .map((r) => ({
        taxPeriod: { from: r.period.start, to: r.period.end },
        type: 'VAT Return Debit Charge',
        originalAmount: r.boxes.netVatDue,
        // A Direct Debit collects the charge on its due date.
        outstandingAmount: r.period.due < entered.today ? 0 : r.boxes.netVatDue,
        due: r.period.due,
      }));
    if (liabilities.length === 0) return refuse(reply, NOT_FOUND);
    return ok(reply, 200, { liabilities });
  });

  app.get(`${BASE}/payments`, async (request, reply) => {
    const entered = enter(request, reply, 'read:vat', '/organisations/vat/{vrn}/payments');
    if (!entered) return reply;
    const range = accountRange(request, reply, entered.today);
    if (!range) return reply;
    const payments = context.returns
      .all(entered.taxpayer.vrn)
      .filter((r) => r.debit && r.period.due < entered.today && r.period.due >= range.from && r.period.due <= range.to)
      .map((r) => ({ amount: r.boxes.netVatDue, received: r.period.due }));
    if (payments.length === 0) return refuse(reply, NOT_FOUND);
    return ok(reply, 200, { payments });
  });
}

const DUPLICATE = [403, 'DUPLICATE_SUBMISSION', 'The VAT return was already submitted for the given period'] as const;

/** Gov-Test-Scenario values of "Submit VAT return for period" and the answers HMRC's sandbox gives them. */
const SUBMIT_SCENARIOS: Record<string, readonly [number, string, string]> = {
  INVALID_VRN: [400, 'VRN_INVALID', 'The provided VRN is invalid'],
  INVALID_PERIODKEY: [400, 'PERIOD_KEY_INVALID', 'Invalid period key'],
  INVALID_PAYLOAD: [400, 'INVALID_REQUEST', 'Invalid request'],
  DUPLICATE_SUBMISSION: DUPLICATE,
  TAX_PERIOD_NOT_ENDED: [
    403,
    'TAX_PERIOD_NOT_ENDED',
    'The remote endpoint has indicated that the submission is for a tax period that has not ended',
  ],
};

/** The periods a return can be filed for: the taxpayer's own, up to the one in progress. */
function openOrFiled(taxpayer: Taxpayer, context: HmrcContext, today: string): Obligation[] {
  return taxpayerObligations(taxpayer, context.returns, today);
}

/** Liabilities' and payments' `from` and `to`: both required, from 1 December 2017, to no later than today. */
function accountRange(request: FastifyRequest, reply: FastifyReply, today: string) {
  const from = field(request.query, 'from');
  const to = field(request.query, 'to');
  const refusal: readonly [number, string, string] | null =
    !isDay(from) || from < '2017-12-01'
      ? [400, 'DATE_FROM_INVALID', 'The provided from date is invalid']
      : !isDay(to) || to > today
        ? [400, 'DATE_TO_INVALID', 'The provided to date is invalid']
        : from > to || daysBetween(from, to) > 365
          ? [400, 'DATE_RANGE_INVALID', 'Invalid date range, must be 365 days or less']
          : null;
  if (refusal || !from || !to) {
    refuse(reply, refusal ?? [400, 'DATE_FROM_INVALID', 'The provided from date is invalid']);
    return null;
  }
  return { from, to };
}
