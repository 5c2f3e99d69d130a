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
  Order: ['id', 'location_id', 'line_items', 'tenders'],
  OrderLineItem: ['quantity', 'item_type', 'total_money'],
  Tender: ['payment_id'],
  TeamMember: ['id', 'given_name', 'family_name', 'status'],
  ObtainTokenResponse: ['access_token', 'expires_at', 'merchant_id', 'refresh_token'],
};
const validator = (route: string, method = 'get') =>
  responseValidator(square, operationResponse(square, route, method, '200'), READ_BY_ADAPTER);
/** Error answers: the same schema, without what only a successful answer must carry. */
const errorValidator = (route: string, method = 'get') =>
  responseValidator(square, operationResponse(square, route, method, '200'));

const NOW = new Date('2026-03-10T17:00:00Z');
const TOKENS = { accessToken: 'square-conformance-access', refreshToken: 'square-conformance-refresh' };
const SCOPES = ['PAYMENTS_READ', 'PAYOUTS_READ', 'MERCHANT_PROFILE_READ', 'ORDERS_READ', 'EMPLOYEES_READ'];
/** A merchant connected before Brade asked for orders and the team: the calls refuse it. */
const NARROW = { accessToken: 'square-conformance-narrow', refreshToken: 'square-conformance-narrow-refresh' };
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
  simulator.preconnect({ seed: 'conformance', login: 'owner@salon.example', scopes: SCOPES.slice(0, 3), ...NARROW });
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
const post = (path: string, body: unknown, token?: string) =>
  call(path, { method: 'POST', body, ...(token ? { token } : {}) });

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

  it('orders: a batch of a payments page’s orders, with their line items, and its errors', async () => {
    const ok = validator('/v2/orders/batch-retrieve', 'post');
    const page = await get(`/v2/payments?begin_time=2026-03-07T00:00:00Z&limit=100&location_id=${locations[0]}`);
    const payments = (page.body as { payments: Array<{ order_id: string; team_member_id?: string }> }).payments;
    const ids = payments.map((p) => p.order_id);
    const batch = await post('/v2/orders/batch-retrieve', { order_ids: ids });
    expectValid(ok, batch, 200);
    const orders = (batch.body as { orders: Array<{ id: string; line_items: Array<{ item_type: string }> }> }).orders;
    expect(orders.map((o) => o.id).sort()).toEqual([...ids].sort());
    // Named items, and the odd amount keyed at the till without one.
    expect(orders.some((o) => o.line_items.some((l) => l.item_type === 'ITEM'))).toBe(true);
    expect(payments.filter((p) => p.team_member_id).length).toBeGreaterThan(payments.length * 0.9);
    expectValid(ok, await post('/v2/orders/batch-retrieve', { order_ids: ['nosuchorder'] }), 200);
    expectValid(ok, await post('/v2/orders/batch-retrieve', {}), 400);
    expectValid(ok, await post('/v2/orders/batch-retrieve', { order_ids: [] }), 400);
    expectValid(ok, await post('/v2/orders/batch-retrieve', { order_ids: Array(101).fill('x') }), 400);
    expectValid(ok, await post('/v2/orders/batch-retrieve', { order_ids: ids }, NARROW.accessToken), 403);
    expectValid(ok, await post('/v2/orders/batch-retrieve', { order_ids: ids }, 'dead-token'), 401);
  });

  it('orders: a search’s first page with a cursor, the page after it, entries only, and its errors', async () => {
    const ok = validator('/v2/orders/search', 'post');
    const query = {
      location_ids: locations,
      limit: 20,
      query: {
        filter: {
          state_filter: { states: ['COMPLETED'] },
          date_time_filter: { closed_at: { start_at: '2026-03-01T00:00:00Z', end_at: '2026-03-10T00:00:00Z' } },
        },
        sort: { sort_field: 'CLOSED_AT', sort_order: 'ASC' },
      },
    };
    const first = await post('/v2/orders/search', query);
    expectValid(ok, first, 200);
    const { cursor } = first.body as { cursor?: string };
    expect(cursor).toBeTruthy();
    expectValid(ok, await post('/v2/orders/search', { ...query, cursor }), 200);
    const entries = await post('/v2/orders/search', { ...query, return_entries: true });
    expectValid(ok, entries, 200);
    expect((entries.body as { order_entries: unknown[] }).order_entries).toHaveLength(20);
    expectValid(ok, await post('/v2/orders/search', { ...query, cursor: 'nonsense' }), 400);
    expectValid(ok, await post('/v2/orders/search', { ...query, location_ids: ['LNOSUCH'] }), 400);
    const mismatched = { ...query, query: { ...query.query, sort: { sort_field: 'CREATED_AT' } } };
    expectValid(ok, await post('/v2/orders/search', mismatched), 400);
    expectValid(ok, await post('/v2/orders/search', query, NARROW.accessToken), 403);
  });

  it('the team: a search, one member, an unknown one, and a token without the permission', async () => {
    const search = validator('/v2/team-members/search', 'post');
    const found = await post('/v2/team-members/search', { query: { filter: { status: 'ACTIVE' } }, limit: 2 });
    expectValid(search, found, 200);
    const members = (found.body as { team_members: Array<{ id: string }>; cursor?: string }).team_members;
    expect(members).toHaveLength(2);
    const next = await post('/v2/team-members/search', { cursor: (found.body as { cursor: string }).cursor });
    expectValid(search, next, 200);
    expectValid(search, await post('/v2/team-members/search', { limit: 0 }), 400);
    expectValid(search, await post('/v2/team-members/search', {}, NARROW.accessToken), 403);
    const one = validator('/v2/team-members/{team_member_id}');
    expectValid(one, await get(`/v2/team-members/${members[0]!.id}`), 200);
    expectValid(errorValidator('/v2/team-members/{team_member_id}'), await get('/v2/team-members/nosuch'), 404);
  });

  // Last: revoking ends every token of the merchant.
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
