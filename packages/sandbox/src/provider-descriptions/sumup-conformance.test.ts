import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits';
import { createSumupSimulator } from '../simulators/sumup/sumup-simulator';
import { loadDescription, operationResponse, responseValidator } from './openapi-validator';

/**
 * Every response the SumUp simulator serves, checked against SumUp's own OpenAPI description (sumup-ts,
 * Apache 2.0; README.md), made strict: unknown properties fail and the fields Brade's adapter reads are required.
 */
const sumup = loadDescription('sumup-openapi');
const HISTORY = '/v2.1/merchants/{merchant_code}/transactions/history';
const DETAIL = '/v2.1/merchants/{merchant_code}/transactions';
const MEMBERSHIPS = '/v0.1/memberships';
const PAYOUTS = '/v1.0/merchants/{merchant_code}/payouts';
/** What sumup-transform.ts and sumup-history.ts read. */
const READ_BY_ADAPTER = {
  TransactionHistory: ['transaction_code', 'transaction_id', 'amount', 'currency', 'timestamp', 'status', 'type'],
  TransactionFull: ['transaction_code', 'fee_amount', 'currency'],
  Product: ['name', 'quantity', 'price_with_vat', 'total_with_vat'],
};
const validator = (route: string, status: string, method = 'get') =>
  responseValidator(sumup, operationResponse(sumup, route, method, status), READ_BY_ADAPTER);
const errorShape = responseValidator(sumup, { $ref: '#/components/schemas/Error' });

const NOW = new Date('2026-03-10T17:00:00Z');
const TOKENS = { accessToken: 'sumup-conformance-access', refreshToken: 'sumup-conformance-refresh' };
const NARROW = { accessToken: 'sumup-conformance-narrow', refreshToken: 'sumup-conformance-narrow-refresh' };
let url: string;
let merchant: string;
let close: () => Promise<void>;
let control: ReturnType<typeof createSumupSimulator>['control'];

beforeAll(async () => {
  const app = Fastify();
  const simulator = createSumupSimulator({ seed: 'conformance', now: () => NOW, publicBaseUrl: '' });
  await app.register(simulator.plugin);
  url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  merchant = simulator.preconnect({
    clientId: 'conformance',
    scope: 'transactions.history user.profile_readonly payouts.read',
    ...TOKENS,
  });
  simulator.preconnect({ clientId: 'conformance', scope: 'transactions.history', ...NARROW });
  control = simulator.control;
  close = () => app.close();
});
afterAll(() => close());

async function get(path: string, token = TOKENS.accessToken): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

function expectValid(check: (body: unknown) => string[], answer: { status: number; body: unknown }, status: number) {
  expect(answer.status).toBe(status);
  expect(check(answer.body)).toEqual([]);
}

describe('the SumUp simulator against SumUp’s published description', () => {
  it('history: a first page, a page reached by its next link, the last page and an empty one', async () => {
    const history = `/v2.1/merchants/${merchant}/transactions/history`;
    const ok = validator(HISTORY, '200');
    const first = await get(`${history}?limit=5&oldest_time=2026-03-01T00:00:00Z`);
    expectValid(ok, first, 200);
    const links = (first.body as { links: { rel: string; href: string }[] }).links;
    expect(links[0]?.rel).toBe('next');
    const second = await get(`${history}?${links[0]!.href}`);
    expectValid(ok, second, 200);
    const last = await get(`${history}?limit=100&oldest_time=2026-03-10T00:00:00Z`);
    expectValid(ok, last, 200);
    expect((last.body as { links: unknown[] }).links).toEqual([]);
    const refunds = await get(`${history}?limit=50&types[]=REFUND`);
    expectValid(ok, refunds, 200);
    expect((refunds.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    const empty = await get(`${history}?oldest_time=2026-03-11T00:00:00Z`);
    expectValid(ok, empty, 200);
    expect(empty.body).toEqual({ items: [], links: [] });
  });

  it('history errors: a bad query (400), a dead token and a token without the scope (401)', async () => {
    const history = `/v2.1/merchants/${merchant}/transactions/history`;
    expectValid(validator(HISTORY, '400'), await get(`${history}?order=sideways`), 400);
    expectValid(validator(HISTORY, '401'), await get(history, 'not-a-token'), 401);
  });

  it('detail of a sale and of a refund, an unknown one (404) and a dead token (401)', async () => {
    const history = await get(`/v2.1/merchants/${merchant}/transactions/history?limit=50&types[]=REFUND`);
    const refund = (history.body as { items: { transaction_code: string }[] }).items[0]!;
    const sales = await get(`/v2.1/merchants/${merchant}/transactions/history?limit=1`);
    const sale = (sales.body as { items: { transaction_code: string }[] }).items[0]!;
    const detail = `/v2.1/merchants/${merchant}/transactions`;
    const ok = validator(DETAIL, '200');
    expectValid(ok, await get(`${detail}?transaction_code=${sale.transaction_code}`), 200);
    expectValid(ok, await get(`${detail}?transaction_code=${refund.transaction_code}`), 200);
    expectValid(validator(DETAIL, '404'), await get(`${detail}?transaction_code=TNOSUCH000`), 404);
    expectValid(validator(DETAIL, '401'), await get(`${detail}?transaction_code=${sale.transaction_code}`, 'x'), 401);
  });

  it('memberships and payouts with the scopes they need, and 401 without them', async () => {
    expectValid(validator(MEMBERSHIPS, '200'), await get('/v0.1/memberships'), 200);
    expectValid(validator(MEMBERSHIPS, '401'), await get('/v0.1/memberships', NARROW.accessToken), 401);
    const payouts = `/v1.0/merchants/${merchant}/payouts`;
    expectValid(validator(PAYOUTS, '200'), await get(`${payouts}?start_date=2026-03-01&end_date=2026-03-10`), 200);
    expectValid(validator(PAYOUTS, '200'), await get(`${payouts}?start_date=2026-03-11&end_date=2026-03-12`), 200);
    expectValid(validator(PAYOUTS, '400'), await get(`${payouts}?start_date=March`), 400);
    expectValid(
      validator(PAYOUTS, '401'),
      await get(`${payouts}?start_date=2026-03-01&end_date=2026-03-10`, NARROW.accessToken),
      401,
    );
  });

  it('injected rate limits and server errors in SumUp’s error shape', async () => {
    control.injectFaults({ status: 429, retryAfterSeconds: 3 });
    expectValid(errorShape, await get(`/v2.1/merchants/${merchant}/transactions/history`), 429);
    control.injectFaults({ status: 500 });
    expectValid(errorShape, await get(`/v2.1/merchants/${merchant}/transactions/history`), 500);
  });

  it(
    'a sale’s products, as the till keyed them, and a sale keyed as an amount without any',
    async () => {
      const history = await get(`/v2.1/merchants/${merchant}/transactions/history?limit=100&types[]=PAYMENT`);
      const codes = (history.body as { items: { transaction_code: string }[] }).items.map((i) => i.transaction_code);
      const ok = validator(DETAIL, '200');
      let withProducts = 0;
      let without = 0;
      for (const code of codes) {
        const detail = await get(`/v2.1/merchants/${merchant}/transactions?transaction_code=${code}`);
        expectValid(ok, detail, 200);
        const body = detail.body as { amount: number; products?: Array<{ total_with_vat: number }> };
        if (!body.products) {
          without += 1;
          continue;
        }
        withProducts += 1;
        const total = body.products.reduce((sum, p) => sum + Math.round(p.total_with_vat * 100), 0);
        expect(total).toBe(Math.round(body.amount * 100));
      }
      expect(withProducts).toBeGreaterThan(without);
      expect(without).toBeGreaterThan(0);
    },
    TEST_LIMITS.unit.test,
  );
});
