import type { ClientFacts } from '@brade/contract';
import { hmrc } from '@brade/sandbox';
import {
  loadDescription,
  operationRequest,
  operationResponse,
  queryProblems,
  responseValidator,
} from '@brade/sandbox/openapi-validator';
import Fastify from 'fastify';
import type { HmrcEndpoint } from '../hmrc/hmrc-endpoint.js';

/** What a browser sends with a call that reaches HMRC (contract's ClientFacts), as Chromium on a laptop would. */
export const TEST_CLIENT: ClientFacts = {
  device_id: '6f1c2b9e-3d4a-4c5b-9e8f-0a1b2c3d4e5f',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }],
  window: { width: 1440, height: 900 },
  timezone: 'UTC+01:00',
  web_version: '0.1.0',
};

/** Addresses from the ranges set aside for documentation, as HMRC's own examples use. */
export const TEST_CLIENT_IP = '198.51.100.23';
export const TEST_VENDOR_IP = '203.0.113.6';
export const TEST_VRN = '980780684';
export const TEST_REDIRECT = 'http://127.0.0.1:3000/hmrc-redirect';

const vat = loadDescription('hmrc/vat-mtd-1.0');
const details = loadDescription('hmrc/business-details-2.0');
const obligations = loadDescription('hmrc/obligations-3.0');
const selfEmployment = loadDescription('hmrc/self-employment-business-5.0');
type Description = typeof vat;
/** Each API's error schema: HMRC's names only `code`, while every error it documents has a `message` too. */
const VAT_ERRORS = { schema: 'errorResponse', extra: { errorResponse: { message: { type: 'string' } } }, required: {} };
const ITSA_ERRORS = { schema: 'error-response', extra: {}, required: { 'error-response': ['code', 'message'] } };
const CUMULATIVE = '/individuals/business/self-employment/{nino}/{businessId}/cumulative/{taxYear}';
const ROUTES: Array<[RegExp, Description, string, string, typeof VAT_ERRORS | typeof ITSA_ERRORS]> = [
  [/^\/organisations\/vat\/[^/]+\/obligations$/, vat, '/organisations/vat/{vrn}/obligations', 'get', VAT_ERRORS],
  [/^\/organisations\/vat\/[^/]+\/returns$/, vat, '/organisations/vat/{vrn}/returns', 'post', VAT_ERRORS],
  [
    /^\/organisations\/vat\/[^/]+\/returns\/[^/]+$/,
    vat,
    '/organisations/vat/{vrn}/returns/{periodKey}',
    'get',
    VAT_ERRORS,
  ],
  [/^\/organisations\/vat\/[^/]+\/liabilities$/, vat, '/organisations/vat/{vrn}/liabilities', 'get', VAT_ERRORS],
  [/^\/organisations\/vat\/[^/]+\/payments$/, vat, '/organisations/vat/{vrn}/payments', 'get', VAT_ERRORS],
  [
    /^\/individuals\/business\/details\/[^/]+\/list$/,
    details,
    '/individuals/business/details/{nino}/list',
    'get',
    ITSA_ERRORS,
  ],
  [
    /^\/obligations\/details\/[^/]+\/income-and-expenditure$/,
    obligations,
    '/obligations/details/{nino}/income-and-expenditure',
    'get',
    ITSA_ERRORS,
  ],
  [
    /^\/individuals\/business\/self-employment\/[^/]+\/[^/]+\/cumulative\/[^/]+$/,
    selfEmployment,
    CUMULATIVE,
    'get',
    ITSA_ERRORS,
  ],
];

/**
 * Each exchange with HMRC's VAT and Income Tax APIs checked against HMRC's descriptions (packages/sandbox/src/
 * provider-descriptions/hmrc): the request's query and body, and the answer, strictly; and its fraud-prevention
 * headers against the specification, which must find no error. Returns the problems, none when all is well.
 */
export function exchangeProblems(exchange: hmrc.HmrcExchange): string[] {
  const [path, query = ''] = exchange.url.split('?');
  const route = ROUTES.find(([pattern]) => pattern.test(path!));
  if (!route) return [];
  const [, api, template, , errors] = route;
  const method = exchange.method.toLowerCase();
  const problems = queryProblems(api, template, method, new URLSearchParams(query));
  // An injected 429 or 500 is answered before the body is read: there is no body to check then.
  const unread = exchange.body === undefined && (exchange.status === 429 || exchange.status >= 500);
  if ((method === 'post' || method === 'put') && !unread)
    problems.push(...responseValidator(api, operationRequest(api, template, method))(exchange.body));
  const status = String(exchange.status);
  const documented = api.paths[template]?.[method]?.responses[status];
  if (status !== '204') {
    const answer = documented
      ? responseValidator(api, operationResponse(api, template, method, status), errors.required, errors.extra)
      : responseValidator(api, { $ref: `#/components/schemas/${errors.schema}` }, errors.required, errors.extra);
    problems.push(...answer(exchange.response).map((p) => `answer ${status}: ${p}`));
  } else if (!documented) problems.push('answer 204 is not documented');
  const headers = hmrc.checkFraudPreventionHeaders(exchange.headers).filter((f) => f.severity === 'error');
  problems.push(...headers.map((f) => `${f.header}: ${f.message}`));
  return problems.map((p) => `${exchange.method} ${path}: ${p}`);
}

/** The HMRC simulator alone on a loopback port, strict about fraud-prevention headers, recording every exchange. */
export async function startHmrcTestSimulator(options: { now?: () => Date } = {}) {
  const exchanges: hmrc.HmrcExchange[] = [];
  const app = Fastify();
  const simulator = hmrc.createHmrcSimulator({
    ...options,
    publicBaseUrl: '',
    redirectUris: [TEST_REDIRECT],
    fraudHeaders: 'enforce',
    onExchange: (exchange) => exchanges.push(exchange),
  });
  await app.register(simulator.plugin);
  const url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  const endpoint: HmrcEndpoint = {
    sandbox: true,
    clientId: hmrc.DEFAULT_HMRC_CLIENT_ID,
    clientSecret: hmrc.DEFAULT_HMRC_CLIENT_SECRET,
    authBaseUrl: url,
    apiBaseUrl: url,
    vendorPublicIp: TEST_VENDOR_IP,
  };
  return {
    url,
    endpoint,
    control: simulator.control,
    exchanges,
    /** Every exchange so far that breaks HMRC's description or specification. */
    problems: () => exchanges.flatMap(exchangeProblems),
    close: () => app.close(),
  };
}

/** The Income Tax part of the grant page (shown for the Self Assessment scopes): the individual and their business. */
export interface IncomeTaxGrant {
  nino: string;
  quarterType?: 'standard' | 'calendar';
  joinedFrom?: string;
  tradingNames?: string;
}

/**
 * Presses "Grant authority" on the simulator's page for a VRN (and a NINO, for the Income Tax scopes); returns where
 * HMRC sends the browser back.
 */
export async function grantAuthority(
  authorizeUrl: string,
  vrn = TEST_VRN,
  periods = 'mar_jun_sep_dec',
  incomeTax?: IncomeTaxGrant,
) {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await page.text();
  const requestId = /name="request_id" value="([^"]*)"/.exec(html)?.[1];
  if (!requestId) throw new Error(`no grant-authority form (${page.status}): ${html.slice(0, 300)}`);
  const answer = await fetch(new URL('authorize', authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      request_id: requestId,
      vrn,
      periods,
      decision: 'approve',
      ...(incomeTax
        ? {
            nino: incomeTax.nino,
            quarter_type: incomeTax.quarterType ?? 'standard',
            ...(incomeTax.joinedFrom ? { joined_from: incomeTax.joinedFrom } : {}),
            trading_names: incomeTax.tradingNames ?? '',
          }
        : {}),
    }).toString(),
  });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`no redirect (${answer.status})`);
  return new URL(location);
}
