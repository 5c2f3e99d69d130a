import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LooseJson } from '../../simulators/common/loose-json';
import type { HmrcExchange } from '../../simulators/hmrc/hmrc-context';
import { createHmrcSimulator } from '../../simulators/hmrc/hmrc-simulator';
import { grantAuthority, validFraudHeaders } from '../../test/hmrc-test-helpers';
import {
  loadDescription,
  operationRequest,
  operationResponse,
  queryProblems,
  responseValidator,
} from '../openapi-validator';

/**
 * Every answer of the HMRC simulator's Income Tax APIs, and every request these tests send them, checked against
 * HMRC's own OpenAPI descriptions (hmrc/business-details-api, hmrc/obligations-api, hmrc/self-employment-business-api,
 * Apache 2.0; README.md), made strict: unknown properties fail and HMRC's errors must carry a `message`.
 */
const details = loadDescription('hmrc/business-details-2.0');
const obligationsApi = loadDescription('hmrc/obligations-3.0');
const selfEmployment = loadDescription('hmrc/self-employment-business-5.0');
const LIST = '/individuals/business/details/{nino}/list';
const OBLIGATIONS = '/obligations/details/{nino}/income-and-expenditure';
const CUMULATIVE = '/individuals/business/self-employment/{nino}/{businessId}/cumulative/{taxYear}';
const MESSAGE = { 'error-response': ['code', 'message'] };

type Api = typeof details;
const validator = (api: Api, route: string, method: string, status: string) =>
  responseValidator(api, operationResponse(api, route, method, status), MESSAGE);
const summaryRequest = responseValidator(selfEmployment, operationRequest(selfEmployment, CUMULATIVE, 'put'));
const platformError = responseValidator(selfEmployment, { $ref: '#/components/schemas/error-response' }, MESSAGE);

const NINO = 'AA123456A';
const CALENDAR_NINO = 'BB123456B';
const REDIRECT = 'http://127.0.0.1:3000/hmrc-redirect';
// 20 November 2026: the 2026-27 quarters to 5 July and 5 October have ended (due 7 August and 7 November).
let now = new Date('2026-11-20T10:00:00Z');
const exchanges: HmrcExchange[] = [];
let url: string;
let close: () => Promise<void>;
let token: string;
let calendarToken: string;
let readOnlyToken: string;
let vatOnlyToken: string;
let businessId: string;

async function connect(scope: string, answer: Parameters<typeof grantAuthority>[1]) {
  const authorize = new URL(`${url}/oauth/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: 'brade-sandbox',
    scope,
    state: 'state-1',
    redirect_uri: REDIRECT,
  }).toString();
  const granted = await grantAuthority(authorize.toString(), answer);
  if (!granted.location) throw new Error(`no redirect: ${granted.status} ${granted.html.slice(0, 2000)}`);
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: granted.location.searchParams.get('code')!,
      client_id: 'brade-sandbox',
      client_secret: 'brade-sandbox-secret',
      redirect_uri: REDIRECT,
    }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const VERSIONS: Record<string, string> = { '/individuals/business/details': '2.0', '/obligations': '3.0' };
async function call(
  method: 'GET' | 'PUT',
  path: string,
  options: { body?: unknown; raw?: string; scenario?: string; bearer?: string; headers?: Record<string, string> } = {},
) {
  const version = Object.entries(VERSIONS).find(([prefix]) => path.startsWith(prefix))?.[1] ?? '5.0';
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      accept: `application/vnd.hmrc.${version}+json`,
      authorization: `Bearer ${options.bearer ?? token}`,
      ...validFraudHeaders(),
      ...(options.scenario ? { 'Gov-Test-Scenario': options.scenario } : {}),
      ...(options.body !== undefined || options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as LooseJson };
}

function expectValid(check: (body: unknown) => string[], answer: { status: number; body: unknown }, status: number) {
  expect(answer.status).toBe(status);
  expect(check(answer.body)).toEqual([]);
}

/** The refusal an answer must be: its status, HMRC's code, and a body the description allows. */
function expectRefusal(
  api: Api,
  route: string,
  method: string,
  answer: { status: number; body: LooseJson },
  status: number,
  code: string,
) {
  const documented = api.paths[route]?.[method]?.responses[String(status)];
  expectValid(documented ? validator(api, route, method, String(status)) : platformError, answer, status);
  expect(answer.body.code).toBe(code);
}

const summary = (end: string, overrides: Record<string, unknown> = {}) => ({
  periodDates: { periodStartDate: '2026-04-06', periodEndDate: end },
  periodIncome: { turnover: 41_240.5, other: 1_040 },
  periodExpenses: {
    costOfGoods: 3_210.45,
    wagesAndStaffCosts: 18_400,
    premisesRunningCosts: 7_902.12,
    financeCharges: 612.07,
  },
  periodDisallowableExpenses: { wagesAndStaffCostsDisallowable: 1_047.5 },
  ...overrides,
});
const cumulative = (taxYear = '2026-27', id = businessId, nino = NINO) =>
  `/individuals/business/self-employment/${nino}/${id}/cumulative/${taxYear}`;

beforeAll(async () => {
  const app = Fastify();
  const simulator = createHmrcSimulator({
    now: () => now,
    publicBaseUrl: '',
    redirectUris: [REDIRECT],
    onExchange: (exchange) => exchanges.push(exchange),
  });
  await app.register(simulator.plugin);
  url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  close = () => app.close();
  token = await connect('read:self-assessment write:self-assessment', {
    nino: 'aa 12 34 56 a',
    tradingNames: 'Hair by Sam',
  });
  calendarToken = await connect('read:self-assessment write:self-assessment', {
    nino: CALENDAR_NINO,
    quarterType: 'calendar',
    tradingNames: 'Studio North, Studio South',
  });
  readOnlyToken = await connect('read:self-assessment', { nino: NINO });
  vatOnlyToken = await connect('read:vat write:vat', { vrn: '980780684' });
  const list = await call('GET', `/individuals/business/details/${NINO}/list`);
  businessId = list.body.listOfBusinesses[0].businessId;
});
afterAll(() => close());
beforeEach(() => {
  now = new Date('2026-11-20T10:00:00Z');
});

describe('the HMRC simulator against HMRC’s Income Tax (MTD) descriptions', () => {
  it('list all businesses: the taxpayer’s self-employments, and HMRC’s scenarios with property businesses', async () => {
    const ok = validator(details, LIST, 'get', '200');
    const mine = await call('GET', `/individuals/business/details/${NINO}/list`);
    expectValid(ok, mine, 200);
    expect(mine.body.listOfBusinesses).toEqual([
      { typeOfBusiness: 'self-employment', businessId, tradingType: 'Hairdressing', tradingName: 'Hair by Sam' },
    ]);
    expect(businessId).toMatch(/^XAIS\d{11}$/);
    const two = await call('GET', `/individuals/business/details/${CALENDAR_NINO}/list`, { bearer: calendarToken });
    expectValid(ok, two, 200);
    expect(two.body.listOfBusinesses.map((b: { tradingName: string }) => b.tradingName)).toEqual([
      'Studio North',
      'Studio South',
    ]);
    const mixed = await call('GET', `/individuals/business/details/${NINO}/list`, {
      scenario: 'BUSINESS_AND_PROPERTY',
    });
    expectValid(ok, mixed, 200);
    expect(mixed.body.listOfBusinesses.map((b: { typeOfBusiness: string }) => b.typeOfBusiness)).toEqual([
      'uk-property',
      'self-employment',
      'foreign-property',
    ]);
    for (const scenario of ['PROPERTY', 'FOREIGN_PROPERTY', 'UNSPECIFIED', 'STATEFUL'])
      expectValid(ok, await call('GET', `/individuals/business/details/${NINO}/list`, { scenario }), 200);
    const path = `/individuals/business/details/${NINO}/list`;
    expectRefusal(
      details,
      LIST,
      'get',
      await call('GET', path, { scenario: 'NOT_FOUND' }),
      404,
      'MATCHING_RESOURCE_NOT_FOUND',
    );
    expectRefusal(
      details,
      LIST,
      'get',
      await call('GET', path, { scenario: 'CUMULATIVE' }),
      400,
      'RULE_INCORRECT_GOV_TEST_SCENARIO',
    );
    expectRefusal(
      details,
      LIST,
      'get',
      await call('GET', '/individuals/business/details/AA12345/list'),
      400,
      'FORMAT_NINO',
    );
    expectRefusal(
      details,
      LIST,
      'get',
      await call('GET', `/individuals/business/details/${CALENDAR_NINO}/list`),
      403,
      'CLIENT_OR_AGENT_NOT_AUTHORISED',
    );
  });

  it('obligations: the cumulative quarters of the year joined, open until a summary reaches them', async () => {
    const ok = validator(obligationsApi, OBLIGATIONS, 'get', '200');
    const path = `/obligations/details/${NINO}/income-and-expenditure`;
    const year = await call(
      'GET',
      `${path}?typeOfBusiness=self-employment&businessId=${businessId}&fromDate=2026-04-01&toDate=2027-03-31`,
    );
    expectValid(ok, year, 200);
    expect(year.body.obligations).toEqual([
      {
        typeOfBusiness: 'self-employment',
        businessId,
        obligationDetails: [
          { periodStartDate: '2026-04-06', periodEndDate: '2026-07-05', dueDate: '2026-08-07', status: 'open' },
          { periodStartDate: '2026-04-06', periodEndDate: '2026-10-05', dueDate: '2026-11-07', status: 'open' },
          { periodStartDate: '2026-04-06', periodEndDate: '2027-01-05', dueDate: '2027-02-07', status: 'open' },
          { periodStartDate: '2026-04-06', periodEndDate: '2027-04-05', dueDate: '2027-05-07', status: 'open' },
        ],
      },
    ]);
    expectValid(ok, await call('GET', `${path}?status=open`), 200);
    const calendar = await call(
      'GET',
      `/obligations/details/${CALENDAR_NINO}/income-and-expenditure?fromDate=2026-04-01&toDate=2027-03-31`,
      {
        bearer: calendarToken,
      },
    );
    expectValid(ok, calendar, 200);
    expect(calendar.body.obligations).toHaveLength(2);
    expect(
      calendar.body.obligations[0].obligationDetails.map(
        (o: { periodStartDate: string; periodEndDate: string }) => `${o.periodStartDate} ${o.periodEndDate}`,
      ),
    ).toEqual(['2026-04-01 2026-06-30', '2026-04-01 2026-09-30', '2026-04-01 2026-12-31', '2026-04-01 2027-03-31']);
    expectValid(ok, await call('GET', path, { scenario: 'CUMULATIVE' }), 200);
  });

  it('obligations: every 400 and 404 of the description, and another taxpayer’s NINO (403)', async () => {
    const path = `/obligations/details/${NINO}/income-and-expenditure`;
    for (const [query, code] of [
      ['typeOfBusiness=shop', 'FORMAT_TYPE_OF_BUSINESS'],
      ['typeOfBusiness=self-employment&businessId=12', 'FORMAT_BUSINESS_ID'],
      [`businessId=${businessId}`, 'MISSING_TYPE_OF_BUSINESS'],
      ['fromDate=2026-02-30&toDate=2026-03-31', 'FORMAT_FROM_DATE'],
      ['fromDate=2026-01-01&toDate=March', 'FORMAT_TO_DATE'],
      ['toDate=2026-03-31', 'MISSING_FROM_DATE'],
      ['fromDate=2026-01-01', 'MISSING_TO_DATE'],
      ['fromDate=2026-03-01&toDate=2026-01-31', 'RANGE_TO_DATE_BEFORE_FROM_DATE'],
      ['fromDate=2025-01-01&toDate=2026-03-31', 'RULE_DATE_RANGE_INVALID'],
      ['fromDate=2017-04-06&toDate=2018-04-05', 'RULE_FROM_DATE_NOT_SUPPORTED'],
      ['status=done', 'FORMAT_STATUS'],
    ] as const) {
      const answer = await call('GET', `${path}?${query}`);
      expect(queryProblems(obligationsApi, OBLIGATIONS, 'get', new URLSearchParams(query))).toEqual([]);
      expectRefusal(obligationsApi, OBLIGATIONS, 'get', answer, 400, code);
    }
    expectRefusal(
      obligationsApi,
      OBLIGATIONS,
      'get',
      await call('GET', path, { scenario: 'INSOLVENT_TRADER' }),
      400,
      'RULE_INSOLVENT_TRADER',
    );
    expectRefusal(
      obligationsApi,
      OBLIGATIONS,
      'get',
      await call('GET', path, { scenario: 'NOT_FOUND' }),
      404,
      'MATCHING_RESOURCE_NOT_FOUND',
    );
    expectRefusal(
      obligationsApi,
      OBLIGATIONS,
      'get',
      await call('GET', path, { scenario: 'NO_OBLIGATIONS_FOUND' }),
      404,
      'NO_OBLIGATIONS_FOUND',
    );
    expectRefusal(
      obligationsApi,
      OBLIGATIONS,
      'get',
      await call('GET', `${path}?typeOfBusiness=uk-property`),
      404,
      'NO_OBLIGATIONS_FOUND',
    );
    expectRefusal(
      obligationsApi,
      OBLIGATIONS,
      'get',
      await call('GET', `${path}?fromDate=2024-04-06&toDate=2025-04-05`),
      404,
      'NO_OBLIGATIONS_FOUND',
    );
    expectRefusal(
      obligationsApi,
      OBLIGATIONS,
      'get',
      await call('GET', '/obligations/details/DA123456A/income-and-expenditure'),
      403,
      'CLIENT_OR_AGENT_NOT_AUTHORISED',
    );
  });

  it('cumulative summary: created, met the obligations it reaches, served back, amended, never moved backwards', async () => {
    const body = summary('2026-10-05');
    expect(summaryRequest(body)).toEqual([]);
    const created = await call('PUT', cumulative(), { body });
    expect(created.status).toBe(204);
    expect(created.headers.get('x-correlationid')).toMatch(/^[0-9a-f-]{36}$/);
    const held = await call('GET', cumulative());
    expectValid(validator(selfEmployment, CUMULATIVE, 'get', '200'), held, 200);
    expect(held.body).toEqual(body);
    const year = await call(
      'GET',
      `/obligations/details/${NINO}/income-and-expenditure?fromDate=2026-04-01&toDate=2027-03-31`,
    );
    expect(
      year.body.obligations[0].obligationDetails.map(
        (o: { status: string; receivedDate?: string }) => `${o.status} ${o.receivedDate ?? ''}`,
      ),
    ).toEqual(['fulfilled 2026-11-20', 'fulfilled 2026-11-20', 'open ', 'open ']);
    // An amendment for the same period replaces it; the obligations keep the day they were first met.
    now = new Date('2026-11-20T13:00:00Z');
    const amended = summary('2026-10-05', {
      periodExpenses: { consolidatedExpenses: 29_124.64 },
      periodDisallowableExpenses: undefined,
    });
    delete (amended as Record<string, unknown>).periodDisallowableExpenses;
    expect(summaryRequest(amended)).toEqual([]);
    expect((await call('PUT', cumulative(), { body: amended })).status).toBe(204);
    expect((await call('GET', cumulative())).body).toEqual(amended);
    const earlier = await call('PUT', cumulative(), { body: summary('2026-07-05') });
    expectRefusal(selfEmployment, CUMULATIVE, 'put', earlier, 400, 'RULE_SUBMISSION_END_DATE_CANNOT_MOVE_BACKWARDS');
    const early = await call('PUT', cumulative(), { body: summary('2027-01-05') });
    expectRefusal(selfEmployment, CUMULATIVE, 'put', early, 400, 'RULE_EARLY_DATA_SUBMISSION_NOT_ACCEPTED');
    // From 10 days before the period's end HMRC takes it (a new grant: the first one's access token has expired).
    now = new Date('2026-12-26T10:00:00Z');
    const later = await connect('read:self-assessment write:self-assessment', { nino: NINO });
    expect((await call('PUT', cumulative(), { body: summary('2027-01-05'), bearer: later })).status).toBe(204);
  });

  it('cumulative summary: calendar quarters from 1 April', async () => {
    const list = await call('GET', `/individuals/business/details/${CALENDAR_NINO}/list`, { bearer: calendarToken });
    const studio = list.body.listOfBusinesses[1].businessId;
    const body = summary('2026-09-30', { periodDates: { periodStartDate: '2026-04-01', periodEndDate: '2026-09-30' } });
    const path = cumulative('2026-27', studio, CALENDAR_NINO);
    expect((await call('PUT', path, { body, bearer: calendarToken })).status).toBe(204);
    const standardStart = await call('PUT', path, { body: summary('2026-09-30'), bearer: calendarToken });
    expectRefusal(
      selfEmployment,
      CUMULATIVE,
      'put',
      standardStart,
      400,
      'RULE_START_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE',
    );
    const notAQuarter = await call('PUT', path, {
      body: summary('2026-10-05', { periodDates: { periodStartDate: '2026-04-01', periodEndDate: '2026-10-05' } }),
      bearer: calendarToken,
    });
    expectRefusal(selfEmployment, CUMULATIVE, 'put', notAQuarter, 400, 'RULE_END_DATE_NOT_ALIGNED_WITH_REPORTING_TYPE');
  });

  it('cumulative summary: each refusal of the description, checked before anything is kept', async () => {
    const put = (body: unknown, options: { path?: string; scenario?: string; raw?: string } = {}) =>
      call('PUT', options.path ?? cumulative(), { body, ...options });
    const refused = async (answer: ReturnType<typeof put>, status: number, code: string) =>
      expectRefusal(selfEmployment, CUMULATIVE, 'put', await answer, status, code);
    const end = '2026-10-05';
    await refused(
      put(summary(end, { periodExpenses: { consolidatedExpenses: 10, costOfGoods: 5 } })),
      400,
      'RULE_BOTH_EXPENSES_SUPPLIED',
    );
    await refused(put(summary(end, { periodIncome: { turnover: -1, other: 0 } })), 400, 'FORMAT_VALUE');
    await refused(put(summary(end, { periodIncome: { turnover: 10.005, other: 0 } })), 400, 'FORMAT_VALUE');
    await refused(put(summary(end, { periodExpenses: { costOfGoods: 100_000_000_000 } })), 400, 'FORMAT_VALUE');
    await refused(
      put(summary(end, { periodIncome: { turnover: 1, profit: 2 } })),
      400,
      'RULE_INCORRECT_OR_EMPTY_BODY_SUBMITTED',
    );
    await refused(put({}), 400, 'RULE_INCORRECT_OR_EMPTY_BODY_SUBMITTED');
    await refused(put(undefined, { raw: '{"periodDates":' }), 400, 'RULE_INCORRECT_OR_EMPTY_BODY_SUBMITTED');
    await refused(put(summary(end, { periodIncome: undefined })), 400, 'RULE_INCORRECT_OR_EMPTY_BODY_SUBMITTED');
    await refused(
      put(summary(end, { periodDates: { periodStartDate: '2026-04-06' } })),
      400,
      'RULE_MISSING_SUBMISSION_DATES',
    );
    await refused(
      put(summary(end, { periodDates: { periodStartDate: '2026-13-06', periodEndDate: end } })),
      400,
      'FORMAT_START_DATE',
    );
    await refused(
      put(summary(end, { periodDates: { periodStartDate: '2026-04-06', periodEndDate: '5 Oct' } })),
      400,
      'FORMAT_END_DATE',
    );
    await refused(
      put(summary(end, { periodDates: { periodStartDate: '2026-04-06', periodEndDate: '2026-04-05' } })),
      400,
      'RULE_END_DATE_BEFORE_START_DATE',
    );
    await refused(put(summary(end), { path: cumulative('2026-2027') }), 400, 'FORMAT_TAX_YEAR');
    await refused(put(summary(end), { path: cumulative('2026-28') }), 400, 'RULE_TAX_YEAR_RANGE_INVALID');
    await refused(put(summary(end), { path: cumulative('2024-25') }), 400, 'RULE_TAX_YEAR_NOT_SUPPORTED');
    await refused(put(summary(end), { path: cumulative('2027-28') }), 400, 'RULE_TAX_YEAR_NOT_SUPPORTED');
    await refused(put(summary(end), { path: cumulative('2026-27', 'XAIS123') }), 400, 'FORMAT_BUSINESS_ID');
    await refused(
      put(summary(end), { path: cumulative('2026-27', 'XAIS00000000001') }),
      404,
      'MATCHING_RESOURCE_NOT_FOUND',
    );
    await refused(put(summary(end), { path: cumulative('2026-27', businessId, 'AA12345A') }), 400, 'FORMAT_NINO');
    await refused(
      put(summary(end), { path: cumulative('2026-27', businessId, CALENDAR_NINO) }),
      403,
      'CLIENT_OR_AGENT_NOT_AUTHORISED',
    );
    for (const [scenario, code] of [
      ['EARLY_DATA_SUBMISSION_NOT_ACCEPTED', 'RULE_EARLY_DATA_SUBMISSION_NOT_ACCEPTED'],
      ['OUTSIDE_AMENDMENT_WINDOW', 'RULE_OUTSIDE_AMENDMENT_WINDOW'],
      ['SUBMISSION_END_DATE_CANNOT_MOVE_BACKWARDS', 'RULE_SUBMISSION_END_DATE_CANNOT_MOVE_BACKWARDS'],
      ['TAX_YEAR_NOT_SUPPORTED', 'RULE_TAX_YEAR_NOT_SUPPORTED'],
      ['BOTH_EXPENSES_SUPPLIED', 'RULE_BOTH_EXPENSES_SUPPLIED'],
      ['START_DATE_NOT_ALIGNED_TO_COMMENCEMENT_DATE', 'RULE_START_DATE_NOT_ALIGNED_TO_COMMENCEMENT_DATE'],
      ['ADVANCE_SUBMISSION_REQUIRES_PERIOD_END_DATE', 'RULE_ADVANCE_SUBMISSION_REQUIRES_PERIOD_END_DATE'],
      ['RANDOM_NAME', 'RULE_INCORRECT_GOV_TEST_SCENARIO'],
    ] as const)
      await refused(put(summary(end), { scenario }), 400, code);
    await refused(put(summary(end), { scenario: 'NOT_FOUND' }), 404, 'MATCHING_RESOURCE_NOT_FOUND');
    // Nothing above was kept: the one summary held is the one the test before left.
    expect((await call('GET', cumulative())).body.periodDates.periodEndDate).not.toBe('2026-04-05');
  });

  it('cumulative summary: the retrieve scenarios and the 404 of a year with nothing sent', async () => {
    const get = (path: string, scenario?: string) => call('GET', path, scenario ? { scenario } : {});
    const nothing = await get(cumulative('2025-26'));
    expectRefusal(selfEmployment, CUMULATIVE, 'get', nothing, 404, 'MATCHING_RESOURCE_NOT_FOUND');
    expectValid(
      validator(selfEmployment, CUMULATIVE, 'get', '200'),
      await get(cumulative(), 'CONSOLIDATED_EXPENSES'),
      200,
    );
    expectRefusal(
      selfEmployment,
      CUMULATIVE,
      'get',
      await get(cumulative(), 'NOT_FOUND'),
      404,
      'MATCHING_RESOURCE_NOT_FOUND',
    );
    expectRefusal(
      selfEmployment,
      CUMULATIVE,
      'get',
      await get(cumulative(), 'TAX_YEAR_NOT_SUPPORTED'),
      400,
      'RULE_TAX_YEAR_NOT_SUPPORTED',
    );
  });

  it('the platform: scopes, a VAT-only grant, the Accept header and the fraud-prevention headers', async () => {
    const write = await call('PUT', cumulative(), { body: summary('2026-10-05'), bearer: readOnlyToken });
    expect(write.status).toBe(401);
    expect(platformError(write.body)).toEqual([]);
    expect(write.body.code).toBe('INVALID_SCOPE');
    const vatOnly = await call('GET', `/individuals/business/details/${NINO}/list`, { bearer: vatOnlyToken });
    expect(vatOnly.body.code).toBe('INVALID_SCOPE');
    const wrongVersion = await call('GET', `/individuals/business/details/${NINO}/list`, {
      headers: { accept: 'application/vnd.hmrc.1.0+json' },
    });
    expect(wrongVersion.status).toBe(406);
    expect(wrongVersion.body.code).toBe('ACCEPT_HEADER_INVALID');
    const noDevice = await call('GET', `/individuals/business/details/${NINO}/list`, {
      headers: { 'Gov-Client-Device-ID': '' },
    });
    expect(noDevice.status).toBe(400);
    expect(noDevice.body.code).toBe('INVALID_FRAUD_PREVENTION_HEADERS');
  });

  it('every request the tests sent kept to the descriptions’ query parameters', () => {
    const routes: Array<[RegExp, Api, string]> = [
      [/^\/obligations\/details\/[^/]+\/income-and-expenditure$/, obligationsApi, OBLIGATIONS],
      [/^\/individuals\/business\/details\/[^/]+\/list$/, details, LIST],
    ];
    const problems = exchanges.flatMap((exchange) => {
      const [path, query = ''] = exchange.url.split('?');
      const route = routes.find(([pattern]) => pattern.test(path!));
      return route ? queryProblems(route[1], route[2], 'get', new URLSearchParams(query)) : [];
    });
    expect(problems).toEqual([]);
    expect(exchanges.length).toBeGreaterThan(40);
  });
});
