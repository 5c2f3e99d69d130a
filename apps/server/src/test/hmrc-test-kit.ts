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
const MESSAGE = { errorResponse: { message: { type: 'string' } } };
const ROUTES: Array<[RegExp, string, string]> = [
  [/^\/organisations\/vat\/[^/]+\/obligations$/, '/organisations/vat/{vrn}/obligations', 'get'],
  [/^\/organisations\/vat\/[^/]+\/returns$/, '/organisations/vat/{vrn}/returns', 'post'],
  [/^\/organisations\/vat\/[^/]+\/returns\/[^/]+$/, '/organisations/vat/{vrn}/returns/{periodKey}', 'get'],
  [/^\/organisations\/vat\/[^/]+\/liabilities$/, '/organisations/vat/{vrn}/liabilities', 'get'],
  [/^\/organisations\/vat\/[^/]+\/payments$/, '/organisations/vat/{vrn}/payments', 'get'],
];

/**
 * Each exchange with HMRC's VAT API checked against HMRC's description (packages/sandbox/src/provider-descriptions/
 * hmrc): the request's query and body, and the answer, strictly; and its fraud-prevention headers against the
 * specification, which must find no error. Returns the problems, none when all is well.
 */
export function exchangeProblems(exchange: hmrc.HmrcExchange): string[] {
  const [path, query = ''] = exchange.url.split('?');
  const route = ROUTES.find(([pattern]) => pattern.test(path!));
  if (!route) return [];
  const [, template, method] = route;
  const problems = queryProblems(vat, template, method, new URLSearchParams(query));
  // An injected 429 or 500 is answered before the body is read: there is no body to check then.
  const unread = exchange.body === undefined && (exchange.status === 429 || exchange.status >= 500);
  if (method === 'post' && !unread)
    problems.push(...responseValidator(vat, operationRequest(vat, template, method))(exchange.body));
  const status = String(exchange.status);
  const documented = vat.paths[template]?.[method]?.responses[status];
  const answer = documented
    ? responseValidator(vat, operationResponse(vat, template, method, status), {}, MESSAGE)
    : responseValidator(vat, { $ref: '#/components/schemas/errorResponse' }, {}, MESSAGE);
  problems.push(...answer(exchange.response).map((p) => `answer ${status}: ${p}`));
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

/** Presses "Grant authority" on the simulator's page for a VRN; returns the code HMRC sends back. */
export async function grantAuthority(authorizeUrl: string, vrn = TEST_VRN, periods = 'mar_jun_sep_dec') {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await page.text();
  const requestId = /name="request_id" value="([^"]*)"/.exec(html)?.[1];
  if (!requestId) throw new Error(`no grant-authority form (${page.status}): ${html.slice(0, 300)}`);
  const answer = await fetch(new URL('authorize', authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, vrn, periods, decision: 'approve' }).toString(),
  });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`no redirect (${answer.status})`);
  return new URL(location);
}
