import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MerchantDataCache } from '../common/card-sim-merchant-data';
import type { SquareContext } from './square-context';
import { badRequest } from './square-errors';
import { sendListPage } from './square-json';
import { locationsOf, type SquareBook } from './square-objects';
import { type SquareOrder, teamMemberView } from './square-orders';
import type { SquareGrant } from './square-state';

type Authenticate = (
  request: FastifyRequest,
  reply: FastifyReply,
  context: SquareContext,
  scope: string,
) => SquareGrant | undefined;

/** Square's limits: 100 orders a batch, 1,000 a search page (500 by default), 200 team members a page (100). */
const MAX_BATCH = 100;
const SEARCH_LIMIT = { orders: { max: 1000, default: 500 }, team: { max: 200, default: 100 } };
const MAX_SEARCH_LOCATIONS = 10;

const body = (request: FastifyRequest): Record<string, unknown> | null =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : null;

const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Square's answer to a body it cannot read. */
const notJson = (reply: FastifyReply) =>
  badRequest(reply, 'The request body must be a JSON object.', undefined, 'EXPECTED_JSON_BODY');

/** `limit`: absent gives the default; not a whole number in 1..max is refused. */
function limitOf(value: unknown, limits: { max: number; default: number }): number | string {
  if (value === undefined || value === null) return limits.default;
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'EXPECTED_INTEGER';
  if (value < 1) return 'VALUE_TOO_LOW';
  return Math.min(value, limits.max);
}

const encodeCursor = (position: number) => Buffer.from(`p:${position}`).toString('base64url');
function decodeCursor(cursor: unknown): number | null {
  if (typeof cursor !== 'string') return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^p:(\d{1,9})$/.exec(text);
  return match ? Number(match[1]) : null;
}

/** An RFC 3339 instant, or undefined when absent; a string that is not one is an error (null). */
function instant(value: unknown): number | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * POST /v2/orders/batch-retrieve, POST /v2/orders/search, POST /v2/team-members/search and
 * GET /v2/team-members/{id}, checked against Square's published description (provider-descriptions).
 */
export function registerSquareOrderRoutes(
  app: FastifyInstance,
  context: SquareContext,
  bookFor: (merchantId: string) => SquareBook,
  authenticate: Authenticate,
): void {
  app.post('/v2/orders/batch-retrieve', async (request, reply) => {
    const grant = authenticate(request, reply, context, 'ORDERS_READ');
    if (!grant) return reply;
    const input = body(request);
    if (!input) return notJson(reply);
    const ids = input.order_ids;
    if (!Array.isArray(ids)) return badRequest(reply, 'Field must be set', 'order_ids', 'MISSING_REQUIRED_PARAMETER');
    if (ids.length === 0) return badRequest(reply, 'order_ids must not be empty.', 'order_ids', 'ARRAY_EMPTY');
    if (ids.length > MAX_BATCH)
      return badRequest(reply, `At most ${MAX_BATCH} order ids a request.`, 'order_ids', 'ARRAY_LENGTH_TOO_LONG');
    if (!ids.every((id) => typeof id === 'string'))
      return badRequest(reply, 'Every order id must be a string.', 'order_ids', 'INVALID_ARRAY_VALUE');
    const locationId = input.location_id;
    if (locationId !== undefined && locationId !== null && typeof locationId !== 'string')
      return badRequest(reply, 'location_id must be a string.', 'location_id', 'EXPECTED_STRING');
    const book = bookFor(grant.merchantId);
    const nowMs = context.clock.now().getTime();
    // Unknown ids (and orders not yet placed) are left out, as Square does.
    const orders = (ids as string[]).flatMap((id) => {
      const found = book.orders.get(id);
      if (!found || found.createdAtMs > nowMs) return [];
      if (typeof locationId === 'string' && found.locationId !== locationId) return [];
      return [found.body];
    });
    return sendListPage(reply, 'orders', orders);
  });

  app.post('/v2/orders/search', async (request, reply) => {
    const grant = authenticate(request, reply, context, 'ORDERS_READ');
    if (!grant) return reply;
    const input = body(request);
    if (!input) return notJson(reply);
    const known = new Set(locationsOf(grant.merchantId).map((l) => l.id));
    const locations = input.location_ids;
    if (!Array.isArray(locations) || locations.length === 0)
      return badRequest(reply, 'At least one location id is required.', 'location_ids', 'MISSING_REQUIRED_PARAMETER');
    if (locations.length > MAX_SEARCH_LOCATIONS)
      return badRequest(reply, 'At most 10 location ids.', 'location_ids', 'ARRAY_LENGTH_TOO_LONG');
    if (!locations.every((id) => typeof id === 'string' && known.has(id)))
      return badRequest(reply, 'Every location must belong to the merchant.', 'location_ids', 'INVALID_ARRAY_VALUE');
    const limit = limitOf(input.limit, SEARCH_LIMIT.orders);
    if (typeof limit === 'string') return badRequest(reply, 'limit must be a whole number from 1.', 'limit', limit);
    const query = object(input.query);
    const filter = object(query.filter);
    const sort = object(query.sort);
    const sortField = sort.sort_field ?? 'CREATED_AT';
    const sortOrder = sort.sort_order ?? 'DESC';
    if (!['CREATED_AT', 'UPDATED_AT', 'CLOSED_AT'].includes(String(sortField)))
      return badRequest(
        reply,
        'sort_field must be CREATED_AT, UPDATED_AT or CLOSED_AT.',
        'query.sort.sort_field',
        'INVALID_VALUE',
      );
    if (sortOrder !== 'ASC' && sortOrder !== 'DESC')
      return badRequest(reply, 'sort_order must be ASC or DESC.', 'query.sort.sort_order', 'INVALID_VALUE');
    const dates = object(filter.date_time_filter);
    const dateFields = Object.keys(dates).filter((k) => ['created_at', 'updated_at', 'closed_at'].includes(k));
    if (dateFields.length > 1 || (dateFields[0] && dateFields[0].toUpperCase() !== sortField))
      return badRequest(
        reply,
        'The date_time_filter must filter on the same timestamp as sort_field.',
        'query.filter.date_time_filter',
        'INVALID_VALUE',
      );
    const range = object(dateFields[0] ? dates[dateFields[0]] : undefined);
    const start = instant(range.start_at);
    const end = instant(range.end_at);
    if (start === null || end === null)
      return badRequest(reply, 'Timestamps must be RFC 3339.', 'query.filter.date_time_filter', 'INVALID_VALUE');
    const states = object(filter.state_filter).states;
    if (states !== undefined && !(Array.isArray(states) && states.length > 0))
      return badRequest(
        reply,
        'states must list at least one state.',
        'query.filter.state_filter.states',
        'ARRAY_EMPTY',
      );
    let position = 0;
    if (input.cursor !== undefined) {
      const decoded = decodeCursor(input.cursor);
      if (decoded === null) return badRequest(reply, 'The provided cursor is invalid.', 'cursor', 'INVALID_CURSOR');
      position = decoded;
    }
    const nowMs = context.clock.now().getTime();
    const wanted = new Set(locations as string[]);
    let matching: SquareOrder[] = bookFor(grant.merchantId).orderList.filter(
      (o) =>
        wanted.has(o.locationId) &&
        o.createdAtMs <= nowMs &&
        (start === undefined || o.createdAtMs >= start) &&
        (end === undefined || o.createdAtMs < end) &&
        (states === undefined || (states as unknown[]).includes('COMPLETED')),
    );
    if (sortOrder === 'DESC') matching = [...matching].reverse();
    const page = matching.slice(position, position + limit);
    const next = position + limit < matching.length ? { cursor: encodeCursor(position + limit) } : {};
    if (input.return_entries === true) {
      return {
        ...(page.length > 0
          ? { order_entries: page.map((o) => ({ order_id: o.id, version: 4, location_id: o.locationId })) }
          : {}),
        ...next,
      };
    }
    return sendListPage(
      reply,
      'orders',
      page.map((o) => o.body),
      next,
    );
  });

  const teamOf = (merchantId: string) => {
    const merchant = context.state.merchants.get(merchantId)!;
    const now = context.clock.now();
    const createdAt = `${MerchantDataCache.windowAt(now).from}T09:00:00Z`;
    return context.data.dataFor(merchant.seed, now).team.map((member) => teamMemberView(merchantId, member, createdAt));
  };

  app.post('/v2/team-members/search', async (request, reply) => {
    const grant = authenticate(request, reply, context, 'EMPLOYEES_READ');
    if (!grant) return reply;
    const input = body(request) ?? {};
    const limit = limitOf(input.limit, SEARCH_LIMIT.team);
    if (typeof limit === 'string')
      return badRequest(reply, 'limit must be a whole number from 1 to 200.', 'limit', limit);
    if (typeof input.limit === 'number' && input.limit > SEARCH_LIMIT.team.max)
      return badRequest(reply, 'limit must be at most 200.', 'limit', 'VALUE_TOO_HIGH');
    const filter = object(object(input.query).filter);
    if (filter.status !== undefined && filter.status !== 'ACTIVE' && filter.status !== 'INACTIVE')
      return badRequest(reply, 'status must be ACTIVE or INACTIVE.', 'query.filter.status', 'INVALID_VALUE');
    let position = 0;
    if (input.cursor !== undefined) {
      const decoded = decodeCursor(input.cursor);
      if (decoded === null) return badRequest(reply, 'The provided cursor is invalid.', 'cursor', 'INVALID_CURSOR');
      position = decoded;
    }
    const members = teamOf(grant.merchantId).filter(
      (m) =>
        (filter.status === undefined || m.status === filter.status) &&
        (filter.is_owner === undefined || m.is_owner === filter.is_owner),
    );
    const page = members.slice(position, position + limit);
    return {
      ...(page.length > 0 ? { team_members: page } : {}),
      ...(position + limit < members.length ? { cursor: encodeCursor(position + limit) } : {}),
    };
  });

  app.get<{ Params: { team_member_id: string } }>('/v2/team-members/:team_member_id', async (request, reply) => {
    const grant = authenticate(request, reply, context, 'EMPLOYEES_READ');
    if (!grant) return reply;
    const member = teamOf(grant.merchantId).find((m) => m.id === request.params.team_member_id);
    if (!member) {
      return reply.status(404).send({
        errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Team member not found.' }],
      });
    }
    return { team_member: member };
  });
}
