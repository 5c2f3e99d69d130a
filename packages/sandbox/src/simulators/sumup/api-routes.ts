import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { londonDateOf } from '../../salon-data/london-time';
import { bearerToken, rawQuery } from '../common/request-parsing';
import { addDays, HISTORY_DAYS, roundTo2, salonDataWindow } from '../common/salon-data-window';
import { type HistoryEntry, historyEntriesAt } from './history-items';
import { HistoryQueryError, historyPage } from './history-query';
import type { SumupContext } from './sumup-context';
import { sendApiError, sendUnauthorized } from './sumup-errors';
import type { Grant } from './sumup-state';

type MerchantParams = { merchant_code: string };

/** Bearer check for API routes: 401 (RFC 7807) for missing, unknown, expired or revoked tokens. */
function authorise(request: FastifyRequest, reply: FastifyReply, context: SumupContext): Grant | undefined {
  const token = bearerToken(request);
  const grant = token ? context.auth.byAccessToken(token) : undefined;
  if (!token) sendUnauthorized(reply, 'Missing access token');
  else if (!grant || grant.revoked) sendUnauthorized(reply, 'Invalid access token');
  else if (grant.accessExpiresAt <= context.clock.now().getTime()) sendUnauthorized(reply, 'Access token expired');
  else return grant;
  return undefined;
}

function needScope(grant: Grant, scope: string, reply: FastifyReply): boolean {
  if (grant.scope.split(' ').includes(scope)) return true;
  sendApiError(reply, 403, 'FORBIDDEN', `The access token lacks the ${scope} scope`);
  return false;
}

/** The merchant's records as of the simulator's now: the last ~18 months of London days. */
function entriesNow(context: SumupContext): HistoryEntry[] {
  const now = context.clock.now();
  const today = londonDateOf(now);
  const data = salonDataWindow(context.seed, addDays(today, -HISTORY_DAYS), today, context.scale);
  return historyEntriesAt(data, context.merchant, now);
}

export function registerSumupApiRoutes(fastify: FastifyInstance, context: SumupContext): void {
  const { merchant } = context;
  const knownMerchant = (code: string, reply: FastifyReply): boolean => {
    if (code === merchant.merchantCode) return true;
    sendApiError(reply, 404, 'NOT_FOUND', 'Merchant not found');
    return false;
  };

  fastify.get('/v0.1/me', async (request, reply) => {
    if (!authorise(request, reply, context)) return reply;
    return {
      account: { username: merchant.email, type: 'normal' },
      merchant_profile: {
        merchant_code: merchant.merchantCode,
        company_name: merchant.name,
        country: 'GB',
        locale: 'en-GB',
        default_currency: 'GBP',
      },
      personal_profile: { complete: true },
    };
  });

  fastify.get('/v0.1/memberships', async (request, reply) => {
    if (!authorise(request, reply, context)) return reply;
    const created = '2023-03-01T09:00:00.000Z';
    return {
      items: [
        {
          id: `mshp_${merchant.merchantCode}`,
          resource_id: merchant.merchantCode,
          type: 'merchant',
          roles: ['role_owner'],
          permissions: [],
          created_at: created,
          updated_at: created,
          status: 'accepted',
          resource: {
            id: merchant.merchantCode,
            type: 'merchant',
            name: merchant.name,
            created_at: created,
            updated_at: created,
          },
        },
      ],
      total_count: 1,
    };
  });

  fastify.get<{ Params: MerchantParams }>(
    '/v2.1/merchants/:merchant_code/transactions/history',
    async (request, reply) => {
      const grant = authorise(request, reply, context);
      if (!grant || !needScope(grant, 'transactions.history', reply)) return reply;
      if (!knownMerchant(request.params.merchant_code, reply)) return reply;
      try {
        return historyPage(entriesNow(context), rawQuery(request));
      } catch (error) {
        if (error instanceof HistoryQueryError) return sendApiError(reply, 400, 'INVALID', error.message);
        throw error;
      }
    },
  );

  // Detail: the only place SumUp shows a transaction's fee (providers.md section 3).
  fastify.get<{ Params: MerchantParams }>('/v2.1/merchants/:merchant_code/transactions', async (request, reply) => {
    const grant = authorise(request, reply, context);
    if (!grant || !needScope(grant, 'transactions.history', reply)) return reply;
    if (!knownMerchant(request.params.merchant_code, reply)) return reply;
    const query = rawQuery(request);
    const key = query.get('id') ?? query.get('transaction_code') ?? query.get('client_transaction_id');
    if (!key)
      return sendApiError(reply, 400, 'MISSING', 'One of id, transaction_code or client_transaction_id is required');
    const entry = entriesNow(context).find((e) => e.item.id === key || e.item.transaction_code === key);
    if (!entry) return sendApiError(reply, 404, 'NOT_FOUND', 'Transaction not found');
    return transactionDetail(entry, context);
  });

  fastify.get<{ Params: MerchantParams }>('/v1.0/merchants/:merchant_code/payouts', async (request, reply) => {
    const grant = authorise(request, reply, context);
    if (!grant) return reply;
    if (!knownMerchant(request.params.merchant_code, reply)) return reply;
    return payoutsList(rawQuery(request), reply, context);
  });
}

function transactionDetail(entry: HistoryEntry, context: SumupContext) {
  const { item } = entry;
  const events = [
    ...(entry.payout
      ? [
          {
            id: Number(entry.payout.id),
            transaction_id: item.id,
            type: 'PAYOUT',
            status: 'PAID_OUT',
            amount: roundTo2(item.amount - entry.feeAmount),
            timestamp: entry.payout.occurredAt.toISOString(),
            fee_amount: entry.feeAmount,
            installment_number: 1,
          },
        ]
      : []),
    ...entry.refunds.map((refund) => ({
      id: refund.id,
      transaction_id: item.id,
      type: 'REFUND',
      status: 'REFUNDED',
      amount: refund.amountPence / 100,
      timestamp: refund.occurredAt.toISOString(),
    })),
  ];
  const simpleStatus =
    item.type === 'REFUND'
      ? 'SUCCESSFUL'
      : item.status === 'REFUNDED'
        ? 'REFUNDED'
        : entry.payout
          ? 'PAID_OUT'
          : 'SUCCESSFUL';
  return {
    ...item,
    merchant_code: context.merchant.merchantCode,
    fee_amount: entry.feeAmount,
    vat_amount: 0,
    tip_amount: 0,
    entry_mode: entry.entryMode,
    verification_method: entry.entryMode === 'CHIP' ? 'offline PIN' : 'none',
    username: item.user,
    local_time: item.timestamp,
    card: { last_4_digits: entry.last4, type: item.card_type },
    simple_status: simpleStatus,
    events,
    transaction_events: events,
  };
}

function payoutsList(query: URLSearchParams, reply: FastifyReply, context: SumupContext) {
  const start = query.get('start_date');
  const end = query.get('end_date');
  const datePattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!start || !end || !datePattern.test(start) || !datePattern.test(end)) {
    return sendApiError(reply, 400, 'INVALID', 'start_date and end_date are required (YYYY-MM-DD)');
  }
  const now = context.clock.now();
  const today = londonDateOf(now);
  const data = salonDataWindow(context.seed, addDays(today, -HISTORY_DAYS), today, context.scale);
  // Fees per London day, so each payout's fee is a sum over the days it covers.
  const feesByDay = new Map<string, number>();
  for (const payment of data.payments) {
    if (payment.processor !== 'sumup') continue;
    const day = londonDateOf(payment.occurredAt);
    feesByDay.set(day, (feesByDay.get(day) ?? 0) + payment.feePence);
  }
  const payouts = data.payouts
    .filter((p) => p.processor === 'sumup' && p.occurredAt <= now)
    .map((p) => ({ payout: p, date: londonDateOf(p.occurredAt) }))
    .filter(({ date }) => date >= start && date <= end)
    .map(({ payout, date }) => {
      let feePence = 0;
      for (let day = payout.periodStart; day <= payout.periodEnd; day = addDays(day, 1)) {
        feePence += feesByDay.get(day) ?? 0;
      }
      return {
        id: Number(payout.id),
        type: 'PAYOUT',
        amount: payout.amountPence / 100,
        date,
        currency: 'GBP',
        fee: feePence / 100,
        status: 'SUCCESSFUL',
        reference: `PID${payout.id}-SUMUP`,
      };
    });
  if (query.get('order') === 'desc') payouts.reverse();
  const limit = Number(query.get('limit') ?? payouts.length);
  return payouts.slice(0, Number.isInteger(limit) && limit > 0 ? limit : payouts.length);
}
