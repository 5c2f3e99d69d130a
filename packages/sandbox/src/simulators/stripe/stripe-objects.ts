import { addDays, londonDateOf } from '@brade/contract';
import { londonTimeToUtc } from '../../salon-data/london-time';
import type { CardPayment, CardRefund, Payout } from '../../salon-data/types';
import { cardDetails, cardholderEmail, cardholderName } from '../common/card-sim-cardholders';
import { DAY_MS, unixSeconds } from '../common/card-sim-clock';
import { BASE62, stableToken } from '../common/card-sim-ids';
import type { ProcessorData } from '../common/card-sim-merchant-data';
import { stripeObject } from './stripe-templates';

/** Stripe objects for one connected account, built from the generator's records (amounts in pence, 'gbp'). */
export interface StripeObject {
  id: string;
  object: string;
  created: number;
  [field: string]: unknown;
}

export interface StripeLedger {
  charges: StripeObject[];
  refunds: StripeObject[];
  payouts: StripeObject[];
  balanceTransactions: StripeObject[];
}

const txnIdFor = (sourceId: string) => `txn_3${stableToken(`txn:${sourceId}`, BASE62, 23)}`;
const paymentIntentIdFor = (chargeId: string) => `pi_3${stableToken(`pi:${chargeId}`, BASE62, 23)}`;

/** The payout that swept each London day's takings, so balance transactions can say when funds became available. */
function payoutByDay(payouts: Payout[]): Map<string, Payout> {
  const byDay = new Map<string, Payout>();
  for (const payout of payouts) {
    for (let day = payout.periodStart; day <= payout.periodEnd; day = nextDay(day)) byDay.set(day, payout);
  }
  return byDay;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function charge(payment: CardPayment, refunded: number): StripeObject {
  const card = cardDetails(payment.cardFingerprint);
  const email = cardholderEmail(payment.clientId);
  return stripeObject('charge', {
    id: payment.id,
    amount: payment.amountPence,
    amount_captured: payment.amountPence,
    amount_refunded: refunded,
    balance_transaction: txnIdFor(payment.id),
    billing_details: { address: { country: 'GB' }, email, name: cardholderName(payment.clientId) },
    calculated_statement_descriptor: 'BRADE SALON',
    captured: true,
    created: unixSeconds(payment.occurredAt),
    currency: 'gbp',
    customer: payment.customerId,
    description: payment.description,
    livemode: false,
    // What booking systems tag a charge with: the service, and a deposit or gift voucher as such.
    metadata: { service: payment.service, ...(payment.purpose ? { purpose: payment.purpose } : {}) },
    outcome: {
      network_status: 'approved_by_network',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: paymentIntentIdFor(payment.id),
    payment_method: `pm_1${stableToken(`pm:${payment.cardFingerprint}`, BASE62, 23)}`,
    payment_method_details: {
      type: 'card',
      card: {
        brand: card.brand,
        checks: { cvc_check: 'pass' },
        country: 'GB',
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: payment.cardFingerprint,
        funding: card.funding,
        last4: card.last4,
        network: card.brand,
      },
    },
    // The booking page e-mails a receipt to the client it knows.
    receipt_email: payment.customerId ? email : null,
    refunded: refunded >= payment.amountPence,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${payment.id}/refunds` },
    status: 'succeeded',
  }) as StripeObject;
}

function refund(record: CardRefund): StripeObject {
  return stripeObject('refund', {
    id: record.id,
    amount: record.amountPence,
    balance_transaction: txnIdFor(record.id),
    charge: record.paymentId,
    created: unixSeconds(record.occurredAt),
    currency: 'gbp',
    // Stripe's reason is an enum; the salon's own wording goes in metadata, where a dashboard refund puts it.
    metadata: { reason: record.reason },
    payment_intent: paymentIntentIdFor(record.paymentId),
    reason: 'requested_by_customer',
    status: 'succeeded',
  }) as StripeObject;
}

/**
 * Stripe creates an automatic payout the morning after the last day it sweeps and it arrives a few working days
 * later (arrival_date is that day at midnight UTC); the payout and its balance transaction date from its creation.
 */
export function stripePayoutCreatedAt(record: Payout): Date {
  return londonTimeToUtc(addDays(record.periodEnd, 1), 6, 0);
}

function payout(record: Payout, now: Date): StripeObject {
  return stripeObject('payout', {
    id: record.id,
    amount: record.amountPence,
    arrival_date: unixSeconds(new Date(`${londonDateOf(record.occurredAt)}T00:00:00Z`)),
    automatic: true,
    balance_transaction: txnIdFor(record.id),
    created: unixSeconds(stripePayoutCreatedAt(record)),
    currency: 'gbp',
    description: 'STRIPE PAYOUT',
    destination: 'ba_1SandboxSalonBankAcct01',
    livemode: false,
    method: 'standard',
    reconciliation_status: 'completed',
    source_type: 'card',
    status: record.occurredAt.getTime() <= now.getTime() ? 'paid' : 'in_transit',
    type: 'bank_account',
  }) as StripeObject;
}

function balanceTransaction(input: {
  sourceId: string;
  type: 'charge' | 'refund' | 'payout';
  amount: number;
  fee: number;
  created: Date;
  availableOn: Date;
  now: Date;
  description: string | null;
  payoutId: string | null;
}): StripeObject {
  const feeDetails =
    input.fee === 0
      ? []
      : [
          {
            amount: input.fee,
            application: null,
            currency: 'gbp',
            description: 'Stripe processing fees',
            type: 'stripe_fee',
          },
        ];
  return {
    ...stripeObject('balance_transaction', {
      id: txnIdFor(input.sourceId),
      amount: input.amount,
      available_on: unixSeconds(input.availableOn),
      balance_type: 'payments',
      created: unixSeconds(input.created),
      currency: 'gbp',
      description: input.description,
      fee: input.fee,
      fee_details: feeDetails,
      net: input.amount - input.fee,
      reporting_category: input.type,
      source: input.sourceId,
      status: input.availableOn.getTime() <= input.now.getTime() ? 'available' : 'pending',
      type: input.type,
    }),
    // Not a Stripe field: kept off the wire (see stripe-api-routes), used for the `payout` filter.
    _payout: input.payoutId,
  } as unknown as StripeObject;
}

/** Stripe's list order: newest first, ties broken by id so pagination is total. */
export const newestFirst = (a: StripeObject, b: StripeObject) =>
  b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function buildStripeLedger(data: ProcessorData, now: Date): StripeLedger {
  const refundedByCharge = new Map<string, number>();
  for (const record of data.refunds) {
    refundedByCharge.set(record.paymentId, (refundedByCharge.get(record.paymentId) ?? 0) + record.amountPence);
  }
  const sweptBy = payoutByDay(data.payouts);
  // Funds not yet swept by a visible payout become available about three working days later (UK standard).
  const availability = (at: Date) => {
    const sweeping = sweptBy.get(londonDateOf(at));
    return { availableOn: sweeping?.occurredAt ?? new Date(at.getTime() + 3 * DAY_MS), payoutId: sweeping?.id ?? null };
  };
  const transactions: StripeObject[] = [];
  for (const payment of data.payments) {
    transactions.push(
      balanceTransaction({
        sourceId: payment.id,
        type: 'charge',
        amount: payment.amountPence,
        fee: payment.feePence,
        created: payment.occurredAt,
        ...availability(payment.occurredAt),
        now,
        description: payment.description,
      }),
    );
  }
  for (const record of data.refunds) {
    transactions.push(
      balanceTransaction({
        sourceId: record.id,
        type: 'refund',
        amount: -record.amountPence,
        fee: 0,
        created: record.occurredAt,
        ...availability(record.occurredAt),
        now,
        description: 'REFUND FOR CHARGE',
      }),
    );
  }
  for (const record of data.payouts) {
    transactions.push(
      balanceTransaction({
        sourceId: record.id,
        type: 'payout',
        amount: -record.amountPence,
        fee: 0,
        created: stripePayoutCreatedAt(record),
        availableOn: stripePayoutCreatedAt(record),
        now,
        description: 'STRIPE PAYOUT',
        payoutId: record.id,
      }),
    );
  }
  return {
    charges: data.payments.map((payment) => charge(payment, refundedByCharge.get(payment.id) ?? 0)).sort(newestFirst),
    refunds: data.refunds.map(refund).sort(newestFirst),
    payouts: data.payouts.map((record) => payout(record, now)).sort(newestFirst),
    balanceTransactions: transactions.sort(newestFirst),
  };
}
