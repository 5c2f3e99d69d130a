import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { field } from '../common/card-sim-http';
import { MerchantDataCache } from '../common/card-sim-merchant-data';
import type { SquareContext } from './square-context';
import { badRequest, sendSquareError } from './square-errors';
import { sendListPage } from './square-json';
import { listSquareRecords } from './square-list';
import { buildSquareBook, locationsOf, locationView, type SquareBook } from './square-objects';
import { registerSquareOrderRoutes } from './square-orders-routes';
import type { SquareGrant } from './square-state';

const YEAR_MS = 365 * 86_400_000;

/** Bearer access token → grant, or Square's 401 (UNAUTHORIZED / ACCESS_TOKEN_EXPIRED / ACCESS_TOKEN_REVOKED). */
export function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  context: SquareContext,
  scope: string,
): SquareGrant | undefined {
  const header = request.headers.authorization ?? '';
  const grant = header.startsWith('Bearer ')
    ? context.state.grantsByAccessToken.get(header.slice(7).trim())
    : undefined;
  if (!grant) {
    sendSquareError(reply, 401, {
      category: 'AUTHENTICATION_ERROR',
      code: 'UNAUTHORIZED',
      detail: 'This request could not be authorized.',
    });
    return undefined;
  }
  if (grant.revoked) {
    sendSquareError(reply, 401, {
      category: 'AUTHENTICATION_ERROR',
      code: 'ACCESS_TOKEN_REVOKED',
      detail: 'The access token has been revoked.',
    });
    return undefined;
  }
  if (grant.expiresAt <= context.clock.now().getTime()) {
    sendSquareError(reply, 401, {
      category: 'AUTHENTICATION_ERROR',
      code: 'ACCESS_TOKEN_EXPIRED',
      detail: 'The access token has expired.',
    });
    return undefined;
  }
  if (!grant.scopes.includes(scope)) {
    sendSquareError(reply, 403, {
      category: 'AUTHENTICATION_ERROR',
      code: 'INSUFFICIENT_SCOPES',
      detail: `The merchant has not given your application sufficient permissions to do that. The following scopes are required: ${scope}.`,
    });
    return undefined;
  }
  return grant;
}

interface Endpoint {
  path: string;
  key: 'payments' | 'refunds' | 'payouts';
  scope: string;
  /** Payments and payouts default to the main location (Square's gotcha); refunds cover every location. */
  allLocationsByDefault: boolean;
  defaultsToLastYear: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    path: '/v2/payments',
    key: 'payments',
    scope: 'PAYMENTS_READ',
    allLocationsByDefault: false,
    defaultsToLastYear: true,
  },
  {
    path: '/v2/refunds',
    key: 'refunds',
    scope: 'PAYMENTS_READ',
    allLocationsByDefault: true,
    defaultsToLastYear: true,
  },
  {
    path: '/v2/payouts',
    key: 'payouts',
    scope: 'PAYOUTS_READ',
    allLocationsByDefault: false,
    defaultsToLastYear: false,
  },
];

export function registerSquareApiRoutes(app: FastifyInstance, context: SquareContext): void {
  // Building 10,000+ payment objects is the slow part: reuse the book until a new record becomes visible.
  const books = new Map<string, SquareBook>();
  const bookFor = (merchantId: string): SquareBook => {
    const merchant = context.state.merchants.get(merchantId)!;
    const now = context.clock.now();
    const data = context.data.dataFor(merchant.seed, now);
    const key = [
      merchant.seed,
      MerchantDataCache.windowAt(now).from,
      data.payments.length,
      data.refunds.length,
      data.payouts.length,
    ].join('|');
    let book = books.get(key);
    if (!book) {
      book = buildSquareBook(data, merchantId, context.options.publicBaseUrl);
      if (books.size >= 8) books.delete(books.keys().next().value!);
      books.set(key, book);
    }
    return book;
  };

  for (const endpoint of ENDPOINTS) {
    app.get(endpoint.path, async (request, reply) => {
      const grant = authenticate(request, reply, context, endpoint.scope);
      if (!grant) return reply;
      const query = request.query;
      const locations = locationsOf(grant.merchantId);
      const locationId = field(query, 'location_id');
      if (locationId !== undefined && !locations.some((location) => location.id === locationId)) {
        return sendSquareError(reply, 404, {
          category: 'INVALID_REQUEST_ERROR',
          code: 'NOT_FOUND',
          detail: `Location \`${locationId}\` not found.`,
          field: 'location_id',
        });
      }
      const locationIds = new Set(
        locationId
          ? [locationId]
          : endpoint.allLocationsByDefault
            ? locations.map((location) => location.id)
            : [locations[0].id],
      );
      const nowMs = context.clock.now().getTime();
      const outcome = listSquareRecords(bookFor(grant.merchantId)[endpoint.key], {
        beginTime: field(query, 'begin_time'),
        endTime: field(query, 'end_time'),
        sortOrder: field(query, 'sort_order'),
        cursor: field(query, 'cursor'),
        limit: field(query, 'limit'),
        locationIds,
        nowMs,
        ...(endpoint.defaultsToLastYear ? { defaultBeginMs: nowMs - YEAR_MS } : {}),
      });
      if (!outcome.ok) return badRequest(reply, outcome.detail, outcome.field, outcome.code);
      // Square omits empty lists and the cursor on the last page.
      return sendListPage(
        reply,
        endpoint.key,
        outcome.items.map((record) => record.body),
        outcome.cursor ? { cursor: outcome.cursor } : {},
      );
    });
  }

  registerSquareOrderRoutes(app, context, bookFor, authenticate);

  app.get('/v2/locations', async (request, reply) => {
    const grant = authenticate(request, reply, context, 'MERCHANT_PROFILE_READ');
    if (!grant) return reply;
    const createdAt = `${MerchantDataCache.windowAt(context.clock.now()).from}T09:00:00Z`;
    return {
      locations: locationsOf(grant.merchantId).map((location) => locationView(location, grant.merchantId, createdAt)),
    };
  });

  app.get('/v2/merchants/me', async (request, reply) => {
    const grant = authenticate(request, reply, context, 'MERCHANT_PROFILE_READ');
    if (!grant) return reply;
    return {
      merchant: {
        id: grant.merchantId,
        business_name: 'Sandbox Salon',
        country: 'GB',
        language_code: 'en-GB',
        currency: 'GBP',
        status: 'ACTIVE',
        main_location_id: locationsOf(grant.merchantId)[0].id,
      },
    };
  });
}
