import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SQUARE_CLIENT_ID, DEFAULT_SQUARE_CLIENT_SECRET } from '../simulators/square/square-context';
import { squareSimulator } from '../simulators/square/square-simulator';
import { loadDescription, operationResponse, responseValidator } from './openapi-validator';

/**
 * Every response the Square simulator serves, checked against Square's own OpenAPI description
 * (connect-api-specification, Apache 2.0; README.md), made strict: unknown properties fail and the fields Brade's
 * adapter reads are required. Square documents only the 200 body of each call, which also carries `errors`, so
 * error answers are checked against the same schema.
 */
const square = loadDescription('square-openapi');
/** What square-transform.ts and square-adapter.ts read. */
const READ_BY_ADAPTER = {
  Payment: [
    'id',
    'created_at',
    'status',
    'source_type',
    'amount_money',
    'total_money',
    'processing_fee',
    'location_id',
  ],
  Money: ['amount', 'currency'],
  ProcessingFee: ['amount_money', 'type'],
  PaymentRefund: ['id', 'status', 'amount_money', 'created_at', 'payment_id', 'location_id'],
  Payout: ['id', 'status', 'amount_money', 'created_at', 'location_id', 'arrival_date'],
  Location: ['id'],
  ObtainTokenResponse: ['access_token', 'expires_at', 'merchant_id', 'refresh_token'],
};
const validator = (route: string, method = 'get') =>
  responseValidator(square, operationResponse(square, route, method, '200'), READ_BY_ADAPTER);
/** Error answers: the same schema, without what only a successful answer must carry. */
const errorValidator = (route: string, method = 'get') =>
  responseValidator(square, operationResponse(square, route, method, '200'));

const NOW = new Date('2026-03-10T17:00:00Z');
const TOKENS = { accessToken: 'square-conformance-access', refreshToken: 'square-conformance-refresh' };
const SCOPES = ['PAYMENTS_READ', 'PAYOUTS_READ', 'MERCHANT_PROFILE_READ'];
let url: string;
let merchant: string;
let locations: string[];
let close: () => Promise<void>;
let control: ReturnType<typeof squareSimulator>['control'];

beforeAll(async () => {
  const app = Fastify();
  const simulator = squareSimulator({ seed: 'conformance', now: () => NOW, publicBaseUrl: '' });
  await app.register(simulator);
  url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  merchant = simulator.preconnect({ seed: 'conformance', login: 'owner@salon.example', scopes: SCOPES, ...TOKENS });
  control = simulator.control;
  close = () => app.close();
  const answer = await get('/v2/locations');
  locations = (answer.body as { locations: { id: string }[] }).locations.map((l) => l.id);
});
afterAll(() => close());

async function call(
  path: string,
  init: { method?: string; body?: unknown; token?: string; authorization?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: init.authorization ?? `Bearer ${init.token ?? TOKENS.accessToken}`,
      'square-version': '2026-05-20',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}
const get = (path: string, token?: string) => call(path, token ? { token } : {});

function expectValid(check: (body: unknown) => string[], answer: { status: number; body: unknown }, status: number) {
  expect(answer.status).toBe(status);
  expect(check(answer.body)).toEqual([]);
}

describe('the Square simulator against Square’s published description', () => {
  it.each([
    ['/v2/payments', 'payments'],
    ['/v2/refunds', 'refunds'],
    ['/v2/payouts', 'payouts'],
  ])(
    '%s: a first page with a cursor, the page after it, the last page and an empty list',
    async (route, key) => {
      const ok = validator(route);
      const window = 'begin_time=2024-10-01T00:00:00Z&sort_order=ASC';
      const at = (location: string) => (route === '/v2/refunds' ? '' : `&location_id=${location}`);
      for (const location of locations) {
        const first = await get(`${route}?${window}&limit=5${at(location)}`);
        expectValid(ok, first, 200);
        const { cursor } = first.body as { cursor?: string };
        expect(cursor).toBeTruthy();
        expectValid(ok, await get(`${route}?${window}&limit=5&cursor=${cursor}${at(location)}`), 200);
        const last = await get(`${route}?begin_time=2026-03-09T00:00:00Z&limit=100${at(location)}`);
        expectValid(ok, last, 200);
        expect((last.body as { cursor?: string }).cursor).toBeUndefined();
      }
      const empty = await get(`${route}?begin_time=2026-03-11T00:00:00Z`);
      expectValid(ok, empty, 200);
      expect((empty.body as Record<string, unknown>)[key]).toBeUndefined();
    },
    30_000,
  );

  it('list errors in Square’s shape: bad time, bad cursor, unknown location, dead token, too few scopes', async () => {
    const ok = validator('/v2/payments');
    expectValid(ok, await get('/v2/payments?begin_time=yesterday'), 400);
    expectValid(ok, await get('/v2/payments?cursor=not-a-cursor'), 400);
    expectValid(ok, await get('/v2/payments?location_id=LNOSUCH'), 404);
    expectValid(ok, await get('/v2/payments', 'dead-token'), 401);
    control.injectFaults({ status: 429 });
    expectValid(ok, await get('/v2/payments'), 429);
    control.injectFaults({ status: 500 });
    expectValid(ok, await get('/v2/payments'), 500);
  });

  it('locations, the token refresh, revoke and their errors', async () => {
    expectValid(validator('/v2/locations'), await get('/v2/locations'), 200);
    const token = validator('/oauth2/token', 'post');
    const refresh = {
      client_id: DEFAULT_SQUARE_CLIENT_ID,
      client_secret: DEFAULT_SQUARE_CLIENT_SECRET,
      grant_type: 'refresh_token',
      refresh_token: TOKENS.refreshToken,
    };
    expectValid(token, await call('/oauth2/token', { method: 'POST', body: refresh }), 200);
    const refused = await call('/oauth2/token', { method: 'POST', body: { ...refresh, refresh_token: 'x' } });
    expectValid(errorValidator('/oauth2/token', 'post'), refused, 401);
    const revoke = validator('/oauth2/revoke', 'post');
    const secret = `Client ${DEFAULT_SQUARE_CLIENT_SECRET}`;
    const unknown = { client_id: DEFAULT_SQUARE_CLIENT_ID, merchant_id: 'MLNOSUCH' };
    expectValid(revoke, await call('/oauth2/revoke', { method: 'POST', body: unknown, authorization: secret }), 404);
    const mine = { client_id: DEFAULT_SQUARE_CLIENT_ID, merchant_id: merchant };
    expectValid(revoke, await call('/oauth2/revoke', { method: 'POST', body: mine, authorization: secret }), 200);
  });
});
