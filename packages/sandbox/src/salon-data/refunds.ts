import { type DayNumber, dateOf } from './calendar';
import { type PaymentRecord, paymentsOn } from './card-payments';
import { type GenerationContext, memoised } from './context';
import { londonInstant } from './london-time';
import { refundId } from './provider-ids';
import { mix32, randomFor, unit } from './random';
import { isSalonOpen, openingHours } from './seasonality';
import type { CardRefund, Processor } from './types';

/**
 * Refunds: about 0.8% of payments, full or partial, one to seven days later. A refund belongs to the day it is made,
 * and that day decides it by looking back at earlier days' payments, so no state crosses days or calls.
 */
const REFUND_RATE = 0.008;
/** Longest gap between a payment and its refund: seven days, plus the Christmas closure for in-salon refunds. */
export const MAX_REFUND_DELAY_DAYS = 12;

const REASONS: Record<Processor, readonly string[]> = {
  // Stripe's refund reasons are an enum.
  stripe: ['requested_by_customer', 'requested_by_customer', 'duplicate'],
  square: [
    'Client unhappy with colour result',
    'Charged for wrong service',
    'Retail product returned',
    'Goodwill gesture – restyle',
  ],
  sumup: ['Gel lifted within a week', 'Charged twice', 'Goodwill gesture'],
};

interface RefundPlan {
  record: PaymentRecord;
  day: DayNumber;
  minute: number;
  amountPence: number;
  reason: string;
}

/** Whether and when a payment is refunded, from its own hash. */
function refundPlanFor(record: PaymentRecord): RefundPlan | null {
  const { payment, key } = record;
  if (unit(key, 31) >= REFUND_RATE) return null;
  let day = record.day + 1 + Math.floor(unit(key, 32) * 7);
  // Card-reader refunds are done at the desk, so on a day the salon is open; Stripe refunds from the dashboard.
  if (payment.processor !== 'stripe') while (!isSalonOpen(day)) day += 1;
  const full = unit(key, 33) < 0.35;
  const share = 0.2 + unit(key, 34) * 0.3;
  const amountPence = full
    ? payment.amountPence
    : Math.min(payment.amountPence, Math.max(500, Math.round((payment.amountPence * share) / 100) * 100));
  const { open, close } = openingHours(day);
  const minute =
    payment.processor === 'stripe'
      ? 8 * 60 + Math.floor(unit(key, 35) * 14 * 60)
      : open + 30 + Math.floor(unit(key, 35) * (close - open - 60));
  const reasons = REASONS[payment.processor];
  return { record, day, minute, amountPence, reason: reasons[mix32(key, 36) % reasons.length]! };
}

/** Net a processor takes in on a day before refunds: payments less their fees. */
function netOfPayments(payments: PaymentRecord[], processor: Processor): number {
  let net = 0;
  for (const { payment } of payments)
    if (payment.processor === processor) net += payment.amountPence - payment.feePence;
  return net;
}

export function refundsOn(context: GenerationContext, day: DayNumber): CardRefund[] {
  return memoised(context, 'refunds', day, () => {
    const plans: RefundPlan[] = [];
    for (let earlier = day - MAX_REFUND_DELAY_DAYS; earlier < day; earlier++) {
      for (const record of paymentsOn(context, earlier)) {
        const plan = refundPlanFor(record);
        if (plan && plan.day === day) plans.push(plan);
      }
    }
    plans.sort((a, b) => a.minute - b.minute || a.record.key - b.record.key);
    // A day's refunds never exceed what that processor took that day, so every payout stays positive without
    // carrying a negative balance from one day to the next (which would tie days together).
    const todays = paymentsOn(context, day);
    const room: Record<Processor, number> = {
      stripe: netOfPayments(todays, 'stripe'),
      square: netOfPayments(todays, 'square'),
      sumup: netOfPayments(todays, 'sumup'),
    };
    const ids = randomFor(context.profile.seed, 'refund-ids', dateOf(day));
    const refunds: CardRefund[] = [];
    for (const plan of plans) {
      const { payment } = plan.record;
      if (plan.amountPence > room[payment.processor]) continue;
      room[payment.processor] -= plan.amountPence;
      refunds.push({
        kind: 'refund',
        processor: payment.processor,
        id: refundId(payment.processor, payment.id, ids),
        paymentId: payment.id,
        occurredAt: londonInstant(day, plan.minute, mix32(plan.record.key, 37) % 60),
        amountPence: plan.amountPence,
        reason: plan.reason,
      });
    }
    return refunds;
  });
}
