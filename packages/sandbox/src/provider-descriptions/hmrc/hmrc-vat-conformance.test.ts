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
 * Every answer of the HMRC simulator's VAT API, and every request these tests send it, checked against HMRC's own
 * OpenAPI description (hmrc/vat-api, Apache 2.0; README.md), made strict: unknown properties fail, the fields
 * Brade's adapter reads are required, and HMRC's errors must carry the `message` its examples all have.
 */
const vat = loadDescription('hmrc/vat-mtd-1.0');
const OBLIGATIONS = '/organisations/vat/{vrn}/obligations';
const RETURNS = '/organisations/vat/{vrn}/returns';
const RETURN = '/organisations/vat/{vrn}/returns/{periodKey}';
const LIABILITIES = '/organisations/vat/{vrn}/liabilities';
const PAYMENTS = '/organisations/vat/{vrn}/payments';
/** What apps/server/src/hmrc/vat reads. */
const READ_BY_ADAPTER = {
  Obligation: ['start', 'end', 'due', 'status', 'periodKey'],
  Liability: ['taxPeriod', 'originalAmount', 'outstandingAmount', 'due'],
  Payment: ['amount', 'received'],
};
const MESSAGE = { errorResponse: { message: { type: 'string' } } };
const validator = (route: string, method: string, status: string) =>
  responseValidator(vat, operationResponse(vat, route, method, status), READ_BY_ADAPTER, MESSAGE);
const platformError = responseValidator(vat, { $ref: '#/components/schemas/errorResponse' }, {}, MESSAGE);
const declaration = responseValidator(vat, operationRequest(vat, RETURNS, 'post'));

const VRN = '980780684';
const OTHER_VRN = '100000089';
// 20 April 2026: the quarter to 31 March has ended and is due on 7 May; the one to 30 June is in progress.
let now = new Date('2026-04-20T10:00:00Z');
const exchanges: HmrcExchange[] = [];
let url: string;
let close: () => Promise<void>;
let simulator: ReturnType<typeof createHmrcSimulator>;
let token: string;
let refreshToken: string;
let readOnlyToken: string;
const REDIRECT = 'http://127.0.0.1:3000/hmrc-redirect';

async function connect(scope: string, vrn = VRN, periods = 'mar_jun_sep_dec') {
  const authorize = new URL(`${url}/oauth/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: 'brade-sandbox',
    scope,
    state: 'state-1',
    redirect_uri: REDIRECT,
  }).toString();
  const granted = await grantAuthority(authorize.toString(), { vrn, periods });
  if (!granted.location) throw new Error(`no redirect: ${granted.status} ${granted.html.slice(0, 2000)}`);
  const code = granted.location.searchParams.get('code')!;
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: 'brade-sandbox',
      client_secret: 'brade-sandbox-secret',
      redirect_uri: REDIRECT,
    }).toString(),
  });
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number; scope: string };
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; scenario?: string; bearer?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.hmrc.1.0+json',
      authorization: `Bearer ${options.bearer ?? token}`,
      ...validFraudHeaders(),
      ...(options.scenario ? { 'Gov-Test-Scenario': options.scenario } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as LooseJson };
}

async function refresh(refresh_token: string) {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token,
      client_id: 'brade-sandbox',
      client_secret: 'brade-sandbox-secret',
    }).toString(),
  });
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

function expectValid(check: (body: unknown) => string[], answer: { status: number; body: unknown }, status: number) {
  expect(answer.status).toBe(status);
  expect(check(answer.body)).toEqual([]);
}

const q1Return = (overrides: Record<string, unknown> = {}) => ({
  periodKey: '26A1',
  vatDueSales: 7877.14,
  vatDueAcquisitions: 0,
  totalVatDue: 7877.14,
  vatReclaimedCurrPeriod: 1243.62,
  netVatDue: 6633.52,
  totalValueSalesExVAT: 39385,
  totalValuePurchasesExVAT: 24012,
  totalValueGoodsSuppliedExVAT: 0,
  totalAcquisitionsExVAT: 0,
  finalised: true,
  ...overrides,
});

beforeAll(async () => {
  const app = Fastify();
  simulator = createHmrcSimulator({
    now: () => now,
    publicBaseUrl: '',
    redirectUris: [REDIRECT],
    onExchange: (exchange) => exchanges.push(exchange),
  });
  await app.register(simulator.plugin);
  url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  close = () => app.close();
  const tokens = await connect('read:vat write:vat');
  token = tokens.access_token;
  refreshToken = tokens.refresh_token;
  readOnlyToken = (await connect('read:vat', OTHER_VRN, 'monthly')).access_token;
});
afterAll(() => close());
beforeEach(() => {
  now = new Date('2026-04-20T10:00:00Z');
});

describe('the HMRC simulator against HMRC’s VAT (MTD) description', () => {
  it('obligations: the taxpayer’s own quarters, earlier ones held, the ended quarter open, the current one open', async () => {
    const ok = validator(OBLIGATIONS, 'get', '200');
    const all = await call('GET', `/organisations/vat/${VRN}/obligations?from=2025-07-01&to=2026-06-30`);
    expectValid(ok, all, 200);
    expect(all.body.obligations.slice(-3)).toEqual([
      {
        start: '2025-10-01',
        end: '2025-12-31',
        due: '2026-02-07',
        status: 'F',
        periodKey: '25A4',
        received: '2026-02-04',
      },
      { start: '2026-01-01', end: '2026-03-31', due: '2026-05-07', status: 'O', periodKey: '26A1' },
      { start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', status: 'O', periodKey: '26A2' },
    ]);
    const open = await call('GET', `/organisations/vat/${VRN}/obligations?status=O`);
    expectValid(ok, open, 200);
    expect(open.body.obligations.map((o: { periodKey: string }) => o.periodKey)).toEqual(['26A1', '26A2']);
    expectValid(
      ok,
      await call('GET', `/organisations/vat/${VRN}/obligations?from=2025-04-01&to=2026-03-31&status=F`),
      200,
    );
  });

  it('obligations: HMRC’s sandbox scenarios on the taxpayer’s own dates', async () => {
    const ok = validator(OBLIGATIONS, 'get', '200');
    const path = `/organisations/vat/${VRN}/obligations?from=2025-05-01&to=2026-04-20`;
    const none = await call('GET', path, { scenario: 'QUARTERLY_NONE_MET' });
    expectValid(ok, none, 200);
    expect(none.body.obligations.map((o: { status: string; end: string }) => `${o.end} ${o.status}`)).toEqual([
      '2025-06-30 O',
      '2025-09-30 O',
      '2025-12-31 O',
      '2026-03-31 O',
    ]);
    const two = await call('GET', path, { scenario: 'QUARTERLY_TWO_MET' });
    expect(two.body.obligations.map((o: { status: string }) => o.status)).toEqual(['F', 'F', 'O', 'O']);
    const monthly = await call('GET', path, { scenario: 'MONTHLY_ONE_MET' });
    expectValid(ok, monthly, 200);
    expect(monthly.body.obligations.map((o: { end: string; status: string }) => `${o.end} ${o.status}`)).toEqual([
      '2025-12-31 F',
      '2026-01-31 O',
      '2026-02-28 O',
      '2026-03-31 O',
    ]);
    expectValid(validator(OBLIGATIONS, 'get', '404'), await call('GET', path, { scenario: 'NOT_FOUND' }), 404);
    expectValid(validator(OBLIGATIONS, 'get', '403'), await call('GET', path, { scenario: 'INSOLVENT_TRADER' }), 403);
  });

  it('obligations: every 400 of the description, another taxpayer’s VRN (403) and a month-by-month filer', async () => {
    const bad = validator(OBLIGATIONS, 'get', '400');
    const base = `/organisations/vat/${VRN}/obligations`;
    for (const [query, code] of [
      ['from=2026-02-30&to=2026-03-31', 'INVALID_DATE_FROM'],
      ['from=2026-13-01&to=2026-03-31', 'INVALID_DATE_FROM'],
      ['from=2026-01-01&to=March', 'INVALID_DATE_TO'],
      ['from=2024-01-01&to=2026-03-31', 'INVALID_DATE_RANGE'],
      ['from=2026-01-01&to=2026-03-31&status=X', 'INVALID_STATUS'],
      ['status=F', 'INVALID_DATE_FROM'],
    ] as const) {
      const answer = await call('GET', `${base}?${query}`);
      expectValid(bad, answer, 400);
      expect(answer.body.code).toBe(code);
    }
    const short = await call('GET', '/organisations/vat/12345/obligations?status=O');
    expectValid(bad, short, 400);
    expect(short.body.code).toBe('VRN_INVALID');
    const other = await call('GET', `/organisations/vat/${OTHER_VRN}/obligations?status=O`);
    expectValid(validator(OBLIGATIONS, 'get', '403'), other, 403);
    expect(other.body.code).toBe('CLIENT_OR_AGENT_NOT_AUTHORISED');
    const monthly = await call('GET', `/organisations/vat/${OTHER_VRN}/obligations?status=O`, {
      bearer: readOnlyToken,
    });
    expectValid(validator(OBLIGATIONS, 'get', '200'), monthly, 200);
    expect(monthly.body.obligations.map((o: { periodKey: string }) => o.periodKey)).toEqual(['26AC', '26AD']);
  });

  it('submit: a return kept, its receipt, the return served back, and a second one for the period refused', async () => {
    const body = q1Return();
    expect(declaration(body)).toEqual([]);
    const filed = await call('POST', `/organisations/vat/${VRN}/returns`, { body });
    expectValid(validator(RETURNS, 'post', '201'), filed, 201);
    expect(filed.body).toMatchObject({ paymentIndicator: 'DD', processingDate: '2026-04-20T10:00:00.000+0000' });
    expect(filed.body.formBundleNumber).toMatch(/^\d{12}$/);
    expect(filed.body.chargeRefNumber).toMatch(/^.{1,16}$/);
    expect(filed.headers.get('receipt-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(filed.headers.get('receipt-timestamp')).toBe('2026-04-20T10:00:00Z');
    expect(filed.headers.get('x-correlationid')).toMatch(/^[0-9a-f-]{36}$/);

    const served = await call('GET', `/organisations/vat/${VRN}/returns/26A1`);
    expectValid(validator(RETURN, 'get', '200'), served, 200);
    const { finalised: _, ...held } = body;
    expect(served.body).toEqual(held);

    const again = await call('POST', `/organisations/vat/${VRN}/returns`, { body });
    expectValid(validator(RETURNS, 'post', '403'), again, 403);
    expect(again.body.code).toBe('DUPLICATE_SUBMISSION');
    const obligations = await call('GET', `/organisations/vat/${VRN}/obligations?from=2026-01-01&to=2026-03-31`);
    expect(obligations.body.obligations).toEqual([
      expect.objectContaining({ periodKey: '26A1', status: 'F', received: '2026-04-20' }),
    ]);
  });

  it('submit: each refusal of the description, checked before anything is kept', async () => {
    const post = (body: unknown, scenario?: string) =>
      call('POST', `/organisations/vat/${VRN}/returns`, { body, ...(scenario ? { scenario } : {}) });
    const bad = validator(RETURNS, 'post', '400');
    const refused = validator(RETURNS, 'post', '403');
    const cases: Array<[unknown, number, string, string?]> = [
      [q1Return({ periodKey: '26A2' }), 403, 'TAX_PERIOD_NOT_ENDED'],
      [q1Return({ periodKey: '99Z9' }), 400, 'PERIOD_KEY_INVALID'],
      [q1Return({ periodKey: '26A' }), 400, 'PERIOD_KEY_INVALID'],
      [q1Return({ finalised: false }), 403, 'NOT_FINALISED'],
      [q1Return({ totalVatDue: 7877.15 }), 400, 'VAT_TOTAL_VALUE'],
      [q1Return({ netVatDue: 6633.5 }), 400, 'VAT_NET_VALUE'],
      [q1Return({ vatDueSales: '7877.14' }), 400, 'INVALID_NUMERIC_VALUE'],
      [q1Return({ vatDueSales: 7877.145 }), 400, 'INVALID_MONETARY_AMOUNT'],
      [q1Return({ totalValueSalesExVAT: 39385.5 }), 400, 'INVALID_MONETARY_AMOUNT'],
      [q1Return({ colour: 'red' }), 400, 'INVALID_REQUEST'],
      [q1Return(), 400, 'INVALID_REQUEST', 'INVALID_PAYLOAD'],
      [q1Return(), 403, 'DUPLICATE_SUBMISSION', 'DUPLICATE_SUBMISSION'],
      [q1Return(), 403, 'TAX_PERIOD_NOT_ENDED', 'TAX_PERIOD_NOT_ENDED'],
      [q1Return(), 400, 'VRN_INVALID', 'INVALID_VRN'],
    ];
    for (const [body, status, code, scenario] of cases) {
      const answer = await post(body, scenario);
      expectValid(status === 400 ? bad : refused, answer, status);
      expect(answer.body.code).toBe(code);
    }
  });

  it('view return: unknown period (404), a malformed key (400), and HMRC’s DATE_RANGE_TOO_LARGE scenario', async () => {
    expectValid(validator(RETURN, 'get', '404'), await call('GET', `/organisations/vat/${VRN}/returns/25A3`), 404);
    expectValid(validator(RETURN, 'get', '400'), await call('GET', `/organisations/vat/${VRN}/returns/25A`), 400);
    const tooOld = await call('GET', `/organisations/vat/${VRN}/returns/26A1`, { scenario: 'DATE_RANGE_TOO_LARGE' });
    expectValid(validator(RETURN, 'get', '403'), tooOld, 403);
    expect(tooOld.body.code).toBe('DATE_RANGE_TOO_LARGE');
  });

  it('liabilities and payments follow the returns filed: owed until the due date, then paid by Direct Debit', async () => {
    const liabilities = `/organisations/vat/${VRN}/liabilities?from=2026-01-01&to=2026-04-20`;
    const owed = await call('GET', liabilities);
    expectValid(validator(LIABILITIES, 'get', '200'), owed, 200);
    expect(owed.body.liabilities).toEqual([
      {
        taxPeriod: { from: '2026-01-01', to: '2026-03-31' },
        type: 'VAT Return Debit Charge',
        originalAmount: 6633.52,
        outstandingAmount: 6633.52,
        due: '2026-05-07',
      },
    ]);
    expectValid(
      validator(PAYMENTS, 'get', '404'),
      await call('GET', `/organisations/vat/${VRN}/payments?from=2026-01-01&to=2026-04-20`),
      404,
    );
    now = new Date('2026-05-10T09:00:00Z');
    // Three weeks on, the 4-hour access token has long expired: a refresh gives a new pair.
    expect((await call('GET', liabilities)).status).toBe(401);
    const renewed = await refresh(refreshToken);
    token = renewed.access_token;
    const later = await call('GET', `/organisations/vat/${VRN}/liabilities?from=2026-01-01&to=2026-05-10`);
    expect(later.body.liabilities[0].outstandingAmount).toBe(0);
    const paid = await call('GET', `/organisations/vat/${VRN}/payments?from=2026-01-01&to=2026-05-10`);
    expectValid(validator(PAYMENTS, 'get', '200'), paid, 200);
    expect(paid.body).toEqual({ payments: [{ amount: 6633.52, received: '2026-05-07' }] });
    for (const [query, code] of [
      ['from=2017-11-30&to=2018-01-31', 'DATE_FROM_INVALID'],
      ['from=2026-01-01&to=2026-12-31', 'DATE_TO_INVALID'],
      ['from=2025-01-01&to=2026-05-01', 'DATE_RANGE_INVALID'],
      ['to=2026-05-01', 'DATE_FROM_INVALID'],
    ] as const) {
      for (const [route, path] of [
        [LIABILITIES, 'liabilities'],
        [PAYMENTS, 'payments'],
      ] as const) {
        const answer = await call('GET', `/organisations/vat/${VRN}/${path}?${query}`);
        expectValid(validator(route, 'get', '400'), answer, 400);
        expect(answer.body.code).toBe(code);
      }
    }
  });

  it('every request these tests sent named only query parameters the description declares', () => {
    const routes: Array<[RegExp, string]> = [
      [/^\/organisations\/vat\/[^/]+\/obligations$/, OBLIGATIONS],
      [/^\/organisations\/vat\/[^/]+\/liabilities$/, LIABILITIES],
      [/^\/organisations\/vat\/[^/]+\/payments$/, PAYMENTS],
    ];
    const problems = exchanges.flatMap((exchange) => {
      const [path, query = ''] = exchange.url.split('?');
      const route = routes.find(([pattern]) => pattern.test(path!))?.[1];
      if (!route) return [];
      // A request refused for a missing parameter is one these tests sent on purpose.
      if (exchange.status === 400) return [];
      return queryProblems(vat, route, 'get', new URLSearchParams(query));
    });
    expect(problems).toEqual([]);
    expect(exchanges.length).toBeGreaterThan(30);
  });
});

describe('the HMRC API platform around it', () => {
  it('refuses a missing Accept version (406), a dead token (401) and a token without the scope (401), in HMRC’s shape', async () => {
    const path = `/organisations/vat/${VRN}/obligations?status=O`;
    const accept = await call('GET', path, { headers: { accept: 'application/json' } });
    expectValid(platformError, accept, 406);
    expect(accept.body.code).toBe('ACCEPT_HEADER_INVALID');
    const dead = await call('GET', path, { bearer: 'not-a-token' });
    expectValid(platformError, dead, 401);
    expect(dead.body.code).toBe('INVALID_CREDENTIALS');
    const scope = await call('POST', `/organisations/vat/${OTHER_VRN}/returns`, {
      bearer: readOnlyToken,
      body: q1Return({ periodKey: '26AC' }),
    });
    expectValid(platformError, scope, 401);
    expect(scope.body.code).toBe('INVALID_SCOPE');
  });

  it('answers an injected throttle with 429 MESSAGE_THROTTLED_OUT and Retry-After', async () => {
    simulator.control.injectFaults({ status: 429, retryAfterSeconds: 2 });
    const throttled = await call('GET', `/organisations/vat/${VRN}/obligations?status=O`);
    expectValid(platformError, throttled, 429);
    expect(throttled.body.code).toBe('MESSAGE_THROTTLED_OUT');
    expect(throttled.headers.get('retry-after')).toBe('2');
  });
});
