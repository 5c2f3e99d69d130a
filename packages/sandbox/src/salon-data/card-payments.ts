import { appointmentsOn, compareIds, MAX_BOOKING_LEAD_DAYS } from './appointments';
import { type DayNumber, dateOf } from './calendar';
import { type Client, identityAt } from './client-pool';
import { type GenerationContext, memoised } from './context';
import { pounds, vouchersSoldOn } from './gift-vouchers';
import { londonInstant } from './london-time';
import { feeFor } from './processor-fees';
import { paymentId } from './provider-ids';
import { randomFor } from './random';
import type { CardPayment, Processor } from './types';

/** A payment with the day and hash key the refund and payout rules work from. */
export interface PaymentRecord {
  payment: CardPayment;
  day: DayNumber;
  key: number;
}

interface PendingPayment {
  processor: Processor;
  minute: number;
  second: number;
  amountPence: number;
  client: Client;
  service: string;
  description: string;
  purpose: CardPayment['purpose'];
  key: number;
  /** Final tie-breaker for the day's order. */
  order: string;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function pendingPaymentsOn(context: GenerationContext, day: DayNumber): PendingPayment[] {
  const pending: PendingPayment[] = [];
  for (const appointment of appointmentsOn(context, day)) {
    const balance = appointment.pricePence - (appointment.deposit?.pence ?? 0);
    if (balance <= 0) continue;
    const items = appointment.items.join(', ');
    pending.push({
      processor: appointment.processor,
      minute: appointment.payMinute,
      second: appointment.paySecond,
      amountPence: balance,
      client: appointment.client,
      service: appointment.service,
      description: appointment.deposit ? `${items} (less ${pounds(appointment.deposit.pence)} deposit)` : items,
      purpose: null,
      key: appointment.key,
      order: `${appointment.day}:${appointment.client.id}`,
    });
  }
  // Deposits taken today by the online booking page (Stripe) for appointments in the next four weeks.
  for (let ahead = 2; ahead <= MAX_BOOKING_LEAD_DAYS; ahead++) appointmentsOn(context, day + ahead);
  const booked = [...(context.depositsByDay.get(day) ?? [])].sort((a, b) => a.day - b.day || compareIds(a, b));
  for (const appointment of booked) {
    const deposit = appointment.deposit!;
    pending.push({
      processor: 'stripe',
      minute: deposit.minute,
      second: appointment.paySecond,
      amountPence: deposit.pence,
      client: appointment.client,
      service: appointment.service,
      description: `Deposit: ${appointment.service}, ${dayFormat.format(new Date(appointment.day * 86_400_000))} (booking ${deposit.bookingReference})`,
      purpose: 'deposit',
      key: appointment.key ^ 0x5eed,
      order: `${appointment.day}:${appointment.client.id}`,
    });
  }
  for (const sale of vouchersSoldOn(context, day)) {
    pending.push({
      processor: 'stripe',
      minute: sale.minute,
      second: sale.second,
      amountPence: sale.valuePence,
      client: sale.buyer,
      service: 'Gift voucher',
      description: `Gift voucher ${pounds(sale.valuePence)} – ${context.profile.name}`,
      purpose: 'gift_voucher',
      key: sale.buyer.key,
      order: sale.buyer.id,
    });
  }
  return pending.sort(
    (a, b) =>
      a.minute - b.minute ||
      a.second - b.second ||
      a.key - b.key ||
      (a.order < b.order ? -1 : a.order > b.order ? 1 : 0),
  );
}

/** Every card payment taken on a London day, across the three processors. */
export function paymentsOn(context: GenerationContext, day: DayNumber): PaymentRecord[] {
  return memoised(context, 'payments', day, () => {
    const ids = randomFor(context.profile.seed, 'payment-ids', dateOf(day));
    return pendingPaymentsOn(context, day).map((pending) => {
      const identity = identityAt(pending.client, pending.processor);
      const payment: CardPayment = {
        kind: 'payment',
        processor: pending.processor,
        id: paymentId(pending.processor, ids),
        occurredAt: londonInstant(day, pending.minute, pending.second),
        amountPence: pending.amountPence,
        feePence: feeFor(pending.processor, day, pending.amountPence),
        currency: 'GBP',
        customerId: identity.customerId,
        cardFingerprint: identity.fingerprint,
        clientId: pending.client.id,
        service: pending.service,
        description: pending.description,
        purpose: pending.purpose,
      };
      return { payment, day, key: pending.key };
    });
  });
}
