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

/**
 * The scopes SumUp's description lists for each call (any one of them will do): the history and the detail answer
 * to `transactions.history`, while memberships, the profile and payouts need `user.profile(_readonly)` (payouts
 * also `payouts.read`). Those calls document only 400 and 401, so a missing scope is the gateway's 401.
 */
const SCOPES = {
  transactions: ['transactions.history', 'transactions.read'],
  profile: ['user.profile', 'user.profile_readonly'],
  payouts: ['user.profile', 'user.profile_readonly', 'payouts.read'],
} as const;

function needScope(grant: Grant, scopes: readonly string[], reply: FastifyReply): boolean {
  const granted = grant.scope.split(' ');
  if (scopes.some((scope) => granted.includes(scope))) return true;
  sendUnauthorized(
    reply,
    `The access token has none of the scopes this call needs: ${scopes.join(', ')}`,
    'insufficient_scope',
  );
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
    const grant = authorise(request, reply, context);
    if (!grant || !needScope(grant, SCOPES.profile, reply)) return reply;
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
    const grant = authorise(request, reply, context);
    if (!grant || !needScope(grant, SCOPES.profile, reply)) return reply;
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
      if (!grant || !needScope(grant, SCOPES.transactions, reply)) return reply;
      if (!knownMerchant(request.params.merchant_code, reply)) return reply;
      try {
        return historyPage(entriesNow(context), rawQuery(request));
      } catch (error) {
        if (error instanceof HistoryQueryError) return sendApiError(reply, 400, 'INVALID', error.message);
        throw error;
      }
    },
  );

  // Detail: the only place SumUp shows a transaction's fee (docs/providers.md, "SumUp").
  fastify.get<{ Params: MerchantParams }>('/v2.1/merchants/:merchant_code/transactions', async (request, reply) => {
    const grant = authorise(request, reply, context);
    if (!grant || !needScope(grant, SCOPES.transactions, reply)) return reply;
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
    if (!grant || !needScope(grant, SCOPES.payouts, reply)) return reply;
    if (!knownMerchant(request.params.merchant_code, reply)) return reply;
    return payoutsList(rawQuery(request), reply, context);
  });
}

/** SumUp's VAT rate of the salon's products: a VAT-registered salon's services and retail are standard-rated. */
const VAT_RATE = 0.2;

/**
 * The till's products (SumUp's `Product`): a price net of VAT and with it, per unit and for the quantity, in pounds.
 * A deposit paid online was taken off the line's price when the balance was keyed.
 */
function productsOf(entry: HistoryEntry) {
  return (entry.items ?? []).map((item) => {
    const grossPence = item.amountPence;
    const netPence = Math.round(grossPence / (1 + VAT_RATE));
    const unit = (pence: number) => roundTo2(pence / item.quantity / 100);
    return {
      name: item.name,
      price_label: `GBP ${(grossPence / item.quantity / 100).toFixed(2)}`,
      price: unit(netPence),
      vat_rate: VAT_RATE,
      single_vat_amount: unit(grossPence - netPence),
      price_with_vat: unit(grossPence),
      vat_amount: roundTo2((grossPence - netPence) / 100),
      quantity: item.quantity,
      total_price: roundTo2(netPence / 100),
      total_with_vat: roundTo2(grossPence / 100),
    };
  });
}

/** The transaction resource (TransactionFull in SumUp's description): the history row's own fields plus detail. */
function transactionDetail(entry: HistoryEntry, context: SumupContext) {
  const { item } = entry;
  const { type: _type, card_type, user, refunded_amount: _refunded, transaction_id: _id, ...own } = item;
  const events = [
    ...(entry.payout
      ? [
          {
            id: Number(entry.payout.id),
            transaction_id: item.id,
            type: 'PAYOUT' as const,
            status: 'PAID_OUT' as const,
            amount: roundTo2(item.amount - entry.feeAmount),
            timestamp: entry.payout.occurredAt.toISOString(),
            fee_amount: entry.feeAmount,
            installment_number: 1,
          },
        ]
      : []),
    ...entry.refunds.map((refund) => ({
      id: Number.parseInt(refund.id.replace(/\D/g, '').slice(0, 12) || '0', 10),
      transaction_id: item.id,
      type: 'REFUND' as const,
      status: 'REFUNDED' as const,
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
  const products = productsOf(entry);
  return {
    ...own,
    merchant_code: context.merchant.merchantCode,
    fee_amount: entry.feeAmount,
    vat_amount: roundTo2(products.reduce((sum, p) => sum + p.vat_amount, 0)),
    tip_amount: 0,
    entry_mode: entry.entryMode,
    verification_method: entry.entryMode === 'CHIP' ? 'offline PIN' : 'none',
    username: user,
    local_time: item.timestamp,
    card: { last_4_digits: entry.last4, type: card_type },
    simple_status: simpleStatus,
    ...(products.length > 0 ? { products } : {}),
    events,
    // The same events in the older TransactionEvent shape.
    transaction_events: events.map((event) => ({
      id: event.id,
      event_type: event.type,
      status: event.status,
      amount: event.amount,
      timestamp: event.timestamp,
      date: event.timestamp.slice(0, 10),
      ...('installment_number' in event ? { installment_number: event.installment_number } : {}),
    })),
  };
}

/**
 * Payouts as SumUp itemises them (FinancialPayout): one PAYOUT record per sale paid out, with that sale's code, net
 * amount and fee, and a REFUND_DEDUCTION per refund taken from the same payout; all records of a payout share its id.
 */
function payoutsList(query: URLSearchParams, reply: FastifyReply, context: SumupContext) {
  const start = query.get('start_date');
  const end = query.get('end_date');
  const datePattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!start || !end || !datePattern.test(start) || !datePattern.test(end)) {
    const param = !start || !datePattern.test(start) ? 'start_date' : 'end_date';
    return reply
      .code(400)
      .send([{ message: 'start_date and end_date are required (YYYY-MM-DD)', error_code: 'INVALID', param }]);
  }
  const now = context.clock.now();
  const today = londonDateOf(now);
  const data = salonDataWindow(context.seed, addDays(today, -HISTORY_DAYS), today, context.scale);
  const payouts = data.payouts.filter((p) => p.processor === 'sumup' && p.occurredAt <= now);
  const payoutOfDay = new Map<string, (typeof payouts)[number]>();
  for (const payout of payouts) {
    for (let day = payout.periodStart; day <= payout.periodEnd; day = addDays(day, 1)) payoutOfDay.set(day, payout);
  }
  const records: Array<{
    id: number;
    type: string;
    amount: number;
    date: string;
    currency: 'GBP';
    fee: number;
    status: 'SUCCESSFUL';
    reference: string;
    transaction_code: string;
  }> = [];
  const record = (payout: (typeof payouts)[number], type: string, pence: number, feePence: number, code: string) => {
    const date = londonDateOf(payout.occurredAt);
    if (date < start || date > end) return;
    records.push({
      id: Number(payout.id),
      type,
      amount: pence / 100,
      date,
      currency: 'GBP',
      fee: feePence / 100,
      status: 'SUCCESSFUL',
      reference: `PID${payout.id}-SUMUP`,
      transaction_code: code,
    });
  };
  for (const payment of data.payments) {
    const payout = payment.processor === 'sumup' ? payoutOfDay.get(londonDateOf(payment.occurredAt)) : undefined;
    if (payout) record(payout, 'PAYOUT', payment.amountPence - payment.feePence, payment.feePence, payment.id);
  }
  for (const refund of data.refunds) {
    const payout = refund.processor === 'sumup' ? payoutOfDay.get(londonDateOf(refund.occurredAt)) : undefined;
    if (payout) record(payout, 'REFUND_DEDUCTION', refund.amountPence, 0, refund.paymentId);
  }
  records.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  if (query.get('order') === 'desc') records.reverse();
  const limit = Number(query.get('limit') ?? records.length);
  return records.slice(0, Number.isInteger(limit) && limit > 0 ? limit : records.length);
}
